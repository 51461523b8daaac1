// collide's exact mode with cached triangle records and the prepared test must
// still equal the brute-force oracle: touching, coplanar and degenerate soups at tiny and
// huge scales, rigid and axis poses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collide, partFromMesh, type Part } from '../../src/index.js';
import { triangleRecordBytes } from '../../src/traverse/triangleRecords.js';
import { RECORD } from '../../src/math/trianglePrepared.js';
import { expectSameAsOracle } from '../helpers/oracle.js';
import { gridPose, mulberry32, randomPose, randomSoup } from '../helpers/soup.js';

/** The same soup with every coordinate scaled (and the pose's translation with it). */
function scaled(part: Part, s: number): Part {
  return partFromMesh({ name: part.name, positions: Array.from(part.positions, (v) => v * s), indices: Array.from(part.indices), surfaces: part.surfaces.map((f) => ({ first: f.firstTriangle, last: f.firstTriangle + f.triangleCount - 1 })) });
}

function scalePose(pose: number[], s: number): number[] {
  const m = pose.slice();
  m[12] = m[12]! * s;
  m[13] = m[13]! * s;
  m[14] = m[14]! * s;
  return m;
}

describe('collide, exact mode (prepared triangle test) equals the oracle', () => {
  it('grid soups and axis poses (touching at vertices and edges, coplanar, degenerate) at 1e-3, 1 and 1e4', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(1e-3, 1, 1e4), (seed, s) => {
        const rnd = mulberry32(seed);
        const a = scaled(randomSoup('a', seed, { triangles: 40, surfaces: 4, grid: 1, size: 5, degenerate: 0.2 }), s);
        const b = scaled(randomSoup('b', seed + 3, { triangles: 40, surfaces: 3, grid: 1, size: 5, degenerate: 0.2 }), s);
        expectSameAsOracle(a, scalePose(gridPose(rnd, 3), s), b, scalePose(gridPose(rnd, 3), s), 0);
      }),
      { numRuns: 25 },
    );
  });

  it('a part against a rotated copy of itself: slivers and shared features under float poses', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(1e-3, 1e4), (seed, s) => {
        const rnd = mulberry32(seed);
        const a = scaled(randomSoup('a', seed, { triangles: 50, surfaces: 5, grid: 0.5, size: 4, degenerate: 0.1 }), s);
        const b = scaled(randomSoup('a', seed, { triangles: 50, surfaces: 5, grid: 0.5, size: 4, degenerate: 0.1 }), s);
        const pose = randomPose(rnd, 0.5 * s);
        expectSameAsOracle(a, pose, b, pose.clone().multiply(randomPose(rnd, 0.2 * s)), 0);
      }),
      { numRuns: 20 },
    );
  });

  it('caches RECORD floats per triangle of part A, only for surfaces that reach the exact test', () => {
    const a = randomSoup('a', 5, { triangles: 30, surfaces: 3, grid: 0, size: 3, degenerate: 0 });
    const b = randomSoup('b', 5, { triangles: 30, surfaces: 3, grid: 0, size: 3, degenerate: 0 }); // a's copy: every triangle meets its twin
    expect(triangleRecordBytes(a)).toBe(0);
    collide(a, gridPose(mulberry32(1), 0), b, gridPose(mulberry32(1), 0), { mode: 'all-triangles', tolerance: 0.1 });
    expect(triangleRecordBytes(a), 'not for a tolerance query').toBe(0);
    collide(a, gridPose(mulberry32(1), 0), b, gridPose(mulberry32(1), 0), { mode: 'all-triangles' });
    const bytes = triangleRecordBytes(a);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(8 * RECORD * 30);
    expect(bytes % (8 * RECORD)).toBe(0);
  });
});
