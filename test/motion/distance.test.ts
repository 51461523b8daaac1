import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { triangleDistance, type Part } from '../../src/index.js';
import { loadTransformedTriangle, loadTriangle } from '../../src/traverse/triangles.js';
import { toRigid } from '../../src/math/rigid.js';
import { distance } from '../../src/motion/index.js';
import { mulberry32, randomPose, randomSoup } from '../helpers/soup.js';
import { IDENTITY, box, pose, sphere } from './shapes.js';

/** Every triangle pair: the oracle. */
function bruteDistance(a: Part, pa: number[], b: Part, pb: number[]): number {
  const ra = toRigid(pa), rb = toRigid(pb);
  const p = new Float64Array(9), q = new Float64Array(9);
  let best = Infinity;
  for (let i = 0; i < a.indices.length / 3; i++) {
    loadTransformedTriangle(a, i, ra, p);
    for (let j = 0; j < b.indices.length / 3; j++) {
      loadTransformedTriangle(b, j, rb, q);
      best = Math.min(best, triangleDistance(p, q));
    }
  }
  return best;
}

describe('distance', () => {
  it('two boxes: the gap, the facing surfaces and points on them', () => {
    const a = box('a', [0, 0, 0], [1, 1, 1]);
    const b = box('b', [3, 0.25, 0.25], [4, 0.75, 0.75]);
    const { closest } = distance(a, IDENTITY, b, IDENTITY);
    expect(closest!.distance).toBeCloseTo(2, 14);
    expect([closest!.surfaceA, closest!.surfaceB]).toEqual([1, 0]);
    expect(closest!.pointA[0]).toBeCloseTo(1, 14);
    expect(closest!.pointB[0]).toBeCloseTo(3, 14);
    expect(Math.hypot(...closest!.pointA.map((v, k) => v - closest!.pointB[k]!))).toBeCloseTo(2, 14);
  });

  it('sphere above a plate: h − r, with a rotated pose', () => {
    const plate = box('plate', [-10, -10, -1], [10, 10, 0]);
    const ball = sphere('ball', 2, [0, 0, 0]);
    const tilt = pose([0, 0, 1], 0, [1, 2, 7]);
    expect(distance(ball, tilt, plate, IDENTITY).closest!.distance).toBeCloseTo(5, 12);
  });

  it('maxDistance prunes: nothing within it gives null, and touching is 0', () => {
    const a = box('a', [0, 0, 0], [1, 1, 1]);
    const b = box('b', [3, 0, 0], [4, 1, 1]);
    expect(distance(a, IDENTITY, b, IDENTITY, { maxDistance: 1.5 }).closest).toBeNull();
    expect(distance(a, IDENTITY, box('c', [1, 0, 0], [2, 1, 1]), IDENTITY).closest!.distance).toBe(0);
    expect(() => distance(a, IDENTITY, b, IDENTITY, { maxDistance: -1 })).toThrow(/maxDistance/);
  });

  it('equals the all-pairs minimum on random soups, and the points are that far apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rnd = mulberry32(seed);
        const a = randomSoup('a', seed, { triangles: 30, surfaces: 4, grid: 0, size: 5, degenerate: 0.1 });
        const b = randomSoup('b', seed + 7, { triangles: 30, surfaces: 4, grid: 0, size: 5, degenerate: 0.1 });
        const pa = Array.from(randomPose(rnd, 10).elements);
        const expected = bruteDistance(a, pa, b, IDENTITY);
        const { closest } = distance(a, pa, b, IDENTITY);
        expect(Math.abs(closest!.distance - expected)).toBeLessThanOrEqual(1e-12 * 20);
        const gap = Math.hypot(...closest!.pointA.map((v, k) => v - closest!.pointB[k]!));
        expect(Math.abs(gap - expected)).toBeLessThanOrEqual(1e-9 * 20);
        // the named triangles are the closest pair
        const p = new Float64Array(9), q = new Float64Array(9);
        loadTransformedTriangle(a, closest!.triangleA, toRigid(pa), p);
        loadTriangle(b, closest!.triangleB, q);
        expect(Math.abs(triangleDistance(p, q) - expected)).toBeLessThanOrEqual(1e-12 * 20);
      }),
      { numRuns: 40 },
    );
  });
});
