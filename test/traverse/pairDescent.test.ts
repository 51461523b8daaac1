// The pair descent (pairDescent.ts): every triangle pair under a rotated pose, and under an
// axis-permuting pose for large surfaces, comes from walking the two surfaces' OBB trees
// together instead of the per-triangle search. Its answer must be the oracle's: fans of
// slivers (what fine tessellations of faces with holes are made of) crossing, touching and
// lying on each other, any rotation, 2^-20 … 1e4, offsets 1e4, tolerance 0 and > 0.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForceCollide, collide, partFromMesh, type CollisionResult, type Part } from '../../src/index.js';
import { rotate, unitQuaternion } from '../math/oracle/arbitraries.js';
import { sortedPairs, sortedTrianglePairs } from '../helpers/soup.js';

/**
 * Two fans of n slivers each covering the unit square in local z = 0 (one surface), plus a
 * strip standing on its edge y = 0 (another); `degenerate` adds a collinear and a point
 * triangle to the fans (their shape factor is ∞: the descent must still find them).
 */
function plate(n: number, quat: readonly number[], scale: number, offset: readonly number[], degenerate = false): Part {
  const local: number[][] = [];
  for (let j = 0; j < n; j++) {
    local.push([0, 0, 0, 1, j / n, 0, 1, (j + 1) / n, 0]);
    local.push([1, 1, 0, 0, 1 - j / n, 0, 0, 1 - (j + 1) / n, 0]);
  }
  if (degenerate) local.push([0.1, 0.1, 0, 0.5, 0.5, 0, 0.9, 0.9, 0], [0.5, 0.3, 0, 0.5, 0.3, 0, 0.5, 0.3, 0]);
  const strip: number[][] = [];
  for (let j = 0; j < 4; j++) strip.push([j / 4, 0, 0, (j + 1) / 4, 0, 0, j / 4, 0, 0.25], [(j + 1) / 4, 0, 0, (j + 1) / 4, 0, 0.25, j / 4, 0, 0.25]);
  const positions: number[] = [], indices: number[] = [];
  for (const t of [...local, ...strip]) {
    const v = positions.length / 3;
    positions.push(...rotate(Float64Array.from(t), quat, scale, offset));
    indices.push(v, v + 1, v + 2);
  }
  const fan = local.length;
  return partFromMesh({ name: 'plate', positions, indices, surfaces: [{ first: 0, last: fan - 1 }, { first: fan, last: fan + 7 }] });
}

/** Column-major 4×4: rotation by a unit quaternion, then translation. */
function pose(q: readonly number[], t: readonly number[]): number[] {
  const [w, x, y, z] = q as [number, number, number, number];
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y), 0,
    2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x), 0,
    2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y), 0,
    t[0]!, t[1]!, t[2]!, 1,
  ];
}

function expectOracle(a: Part, poseA: number[], b: Part, poseB: number[], tolerance: number): CollisionResult {
  const result = collide(a, poseA, b, poseB, { mode: 'all-triangles', tolerance });
  const oracle = bruteForceCollide(a, poseA, b, poseB, { mode: 'all-triangles', tolerance });
  expect(sortedTrianglePairs(result.trianglePairs)).toEqual(sortedTrianglePairs(oracle.trianglePairs));
  expect(sortedPairs(result.surfacePairs)).toEqual(sortedPairs(oracle.surfacePairs));
  return result;
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

describe('pair descent (all-triangles)', () => {
  it('equals the oracle for sliver plates crossing and touching under any rotation, at any scale', () => {
    fc.assert(
      fc.property(
        unitQuaternion,
        unitQuaternion,
        fc.constantFrom(1, 1e-3, 1e4, 2 ** -20),
        fc.constantFrom([0, 0, 0], [1e4, -1e4, 5e3], [0.5, -2, 3]),
        fc.tuple(fc.double({ min: -0.6, max: 0.6, noNaN: true }), fc.double({ min: -0.6, max: 0.6, noNaN: true }), fc.constantFrom(0, 0.1, -0.05, 1e-9)),
        fc.constantFrom(0, 0, 0.01),
        fc.boolean(),
        (frame, turn, scale, offset, shift, tolerance, degenerate) => {
          const a = plate(24, frame, scale, offset, degenerate);
          const b = plate(24, frame, scale, offset);
          // B turned about A's plate centre and shifted by `shift` (in plate units, scaled).
          const c = rotate(Float64Array.from([0.5, 0.5, 0]), frame, scale, offset);
          const r = pose(turn, [0, 0, 0]);
          const rc = [r[0]! * c[0]! + r[4]! * c[1]! + r[8]! * c[2]!, r[1]! * c[0]! + r[5]! * c[1]! + r[9]! * c[2]!, r[2]! * c[0]! + r[6]! * c[1]! + r[10]! * c[2]!];
          const t = [c[0]! - rc[0]! + shift[0] * scale, c[1]! - rc[1]! + shift[1] * scale, c[2]! - rc[2]! + shift[2] * scale];
          const result = expectOracle(a, IDENTITY, b, pose(turn, t), tolerance * scale);
          // A rotated pose: whatever met was found by the descent (node pairs beyond the pre-check's one).
          if (result.intersecting) expect(result.stats.obbTests).toBeGreaterThan(1);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('takes the descent for a large surface at rest (axis-permuting pose: coplanar fans on each other) and still equals the oracle', () => {
    const a = plate(150, [1, 0, 0, 0], 1, [0, 0, 0]);
    const b = plate(150, [1, 0, 0, 0], 1, [0, 0, 0]);
    // B turned a quarter about z (an axis permutation) and moved back onto A's square.
    const quarter = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];
    const atRest = pose(quarter, [1, 0, 0]);
    const result = collide(a, IDENTITY, b, atRest, { mode: 'all-triangles' });
    expect(result.stats.obbTests, 'node pairs tested by the descent').toBeGreaterThan(100);
    expect(result.trianglePairs!.length / 2).toBeGreaterThan(1000);
    expectOracle(a, IDENTITY, b, atRest, 0);
    // A small surface at rest stays on the leaf-batched search (no OBB node pairs).
    const small = plate(20, [1, 0, 0, 0], 1, [0, 0, 0]);
    expect(collide(small, IDENTITY, small, atRest, { mode: 'all-triangles' }).stats.obbTests).toBe(1);
  });
});

describe('pair descent near the exact test\'s zero band', () => {
  // Where the margin argument is weakest: needle triangles (aspect up to 1e6) whose tips or
  // edges sit within a few ulps … 1e-9 of the other triangle, under random rotations. The
  // descent must keep every pair the exact test calls touching.
  it('keeps every touching pair of needles placed ulps to 1e-9 off each other', () => {
    let touching = 0, apart = 0;
    fc.assert(
      fc.property(
        unitQuaternion,
        unitQuaternion,
        fc.constantFrom(1e-2, 1e-4, 1e-6),
        fc.constantFrom(0, 2 ** -52, 4 * 2 ** -52, 1e-12, 1e-9, -(2 ** -52), -1e-12),
        fc.constantFrom(1, 1e4, 2 ** -20),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (frame, turn, width, gap, scale, along) => {
          // A: a needle along x in local z = 0; B: a needle across it whose tip is `gap` above A's plane at x = along.
          const needleA = [0, 0, 0, 1, width / 2, 0, 1, -width / 2, 0];
          const t = rotate(Float64Array.from([along, 0, gap]), frame, scale, [0, 0, 0]);
          const a = partFromMesh({ name: 'a', positions: Array.from(rotate(Float64Array.from(needleA), frame, scale, [0, 0, 0])), indices: [0, 1, 2], surfaces: [{ first: 0, last: 0 }] });
          // B's needle in its own frame: tip at the origin, the needle along +z, then turned freely.
          const needleB = [0, 0, 0, width / 2, 0, 1, -width / 2, 0, 1].map((v) => v * scale);
          const b = partFromMesh({ name: 'b', positions: needleB, indices: [0, 1, 2], surfaces: [{ first: 0, last: 0 }] });
          const poseB = pose(turn, [t[0]!, t[1]!, t[2]!]);
          if (expectOracle(a, IDENTITY, b, poseB, 0).intersecting) touching++;
          else apart++;
        },
      ),
      { numRuns: 300 },
    );
    // Both sides of the band are reached: tips on the needle, and tips just off it.
    expect(touching).toBeGreaterThan(30);
    expect(apart).toBeGreaterThan(30);
  });
});
