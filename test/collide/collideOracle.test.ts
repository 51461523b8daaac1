import fc from 'fast-check';
import { Matrix4, Vector3 } from 'three';
import { bruteForceCollide, partFromMesh, type Part } from '../../src/index.js';
import { describe, expect, it } from 'vitest';
import { expectSameAsOracle } from '../helpers/oracle.js';
import { gridPose, mulberry32, randomPose, randomSoup } from '../helpers/soup.js';

describe('collide equals bruteForceCollide on random soups', () => {
  it('random rigid poses, float coordinates, exact and with tolerance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(0, 0.05, 0.5), (seed, tolerance) => {
        const rnd = mulberry32(seed);
        const a = randomSoup('a', seed, { triangles: 60, surfaces: 5, grid: 0, size: 4, degenerate: 0.1 });
        const b = randomSoup('b', seed + 1, { triangles: 60, surfaces: 4, grid: 0, size: 4, degenerate: 0.1 });
        expectSameAsOracle(a, randomPose(rnd, 3), b, randomPose(rnd, 3), tolerance);
      }),
      { numRuns: 60 },
    );
  });

  it('grid coordinates and exact axis poses: touching, coplanar and degenerate cases everywhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(0, 1), (seed, tolerance) => {
        const rnd = mulberry32(seed);
        const a = randomSoup('a', seed, { triangles: 50, surfaces: 4, grid: 1, size: 6, degenerate: 0.2 });
        const b = randomSoup('b', seed + 7, { triangles: 50, surfaces: 4, grid: 1, size: 6, degenerate: 0.2 });
        expectSameAsOracle(a, gridPose(rnd, 4), b, gridPose(rnd, 4), tolerance);
      }),
      { numRuns: 60 },
    );
  });

  it('a part against a copy of itself (every triangle coincides with one of the other)', () => {
    const a = randomSoup('a', 42, { triangles: 80, surfaces: 6, grid: 0.5, size: 5, degenerate: 0.1 });
    const b = randomSoup('b', 42, { triangles: 80, surfaces: 6, grid: 0.5, size: 5, degenerate: 0.1 });
    expectSameAsOracle(a, gridPose(mulberry32(3), 0), b, gridPose(mulberry32(3), 0), 0);
  });

  it('two strips meeting edge to edge, each built in its own rotated frame (near-parallel edges of touching leaves)', () => {
    // The two trees' leaf boxes come out nearly, not exactly, parallel: a box test that treats
    // rounded axes as exact separates touching leaves across near-parallel edges.
    for (const seed of [7, 8, 9, 10]) {
      const rnd = mulberry32(seed);
      const strip = (side: number): number[] => {
        const out: number[] = [];
        for (let i = 0; i < 16; i++) out.push(i, 0, 0, i + 1, 0, 0, i + 0.3 + 0.4 * rnd(), side, side * 0.3 * (rnd() - 0.5));
        return out;
      };
      const placed = (name: string, world: number[]): [Part, Matrix4] => {
        const g = randomPose(rnd, 40);
        const positions = new Float64Array(world.length);
        for (let k = 0; k < world.length; k += 3) {
          const v = new Vector3(world[k]!, world[k + 1]!, world[k + 2]!).applyMatrix4(g);
          positions.set([v.x, v.y, v.z], k);
        }
        return [partFromMesh({ name, positions, surfaces: [{ first: 0, last: 7 }, { first: 8, last: 15 }] }), g.clone().invert()];
      };
      const [a, pa] = placed('a', strip(1));
      const [b, pb] = placed('b', strip(-1));
      expectSameAsOracle(a, pa, b, pb, 0);
      expect(bruteForceCollide(a, pa, b, pb, { mode: 'all-triangles' }).trianglePairs!.length, 'some leaves touch').toBeGreaterThan(0);
    }
  });

  it('huge and tiny coordinates', () => {
    for (const [size, offset] of [[4e-6, 1e-6], [4, 1e6], [4e6, 0]] as const) {
      const rnd = mulberry32(99);
      const a = randomSoup('a', 5, { triangles: 40, surfaces: 3, grid: 0, size, degenerate: 0.1, offset: [offset, offset, offset] });
      const b = randomSoup('b', 6, { triangles: 40, surfaces: 3, grid: 0, size, degenerate: 0.1, offset: [offset, offset, offset] });
      const pose = randomPose(rnd, 0);
      expectSameAsOracle(a, pose, b, pose, 0);
      expectSameAsOracle(a, pose, b, pose, size * 0.01);
    }
  });
});
