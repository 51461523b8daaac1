import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Obb } from '../../src/math/obb.js';
import { OBB_TESTS, OBB_TEST_NAMES } from '../../src/math/obbTests.js';
import { obbsOverlap } from '../../src/math/obbOverlap.js';
import { invertRigid, multiplyRigid, type Rigid } from '../../src/math/rigid.js';
import { quatToMatrix, rigidOf, type V3 } from './oracle/obbOracle.js';

// Every OBB test (15-axis SAT, SAT-lite, effective constraints) against boxes whose answer is
// known by construction: boxes made to share a point must overlap under every test, also when
// the point is a corner, on an edge or a face, and when boxes are flat (a half-extent of 0).

const apply = (g: Rigid, p: ArrayLike<number>): V3 => [
  g[0]! * p[0]! + g[1]! * p[1]! + g[2]! * p[2]! + g[3]!,
  g[4]! * p[0]! + g[5]! * p[1]! + g[6]! * p[2]! + g[7]!,
  g[8]! * p[0]! + g[9]! * p[1]! + g[10]! * p[2]! + g[11]!,
];
const rotate = (g: Rigid, p: ArrayLike<number>): V3 => [
  g[0]! * p[0]! + g[1]! * p[1]! + g[2]! * p[2]!,
  g[4]! * p[0]! + g[5]! * p[1]! + g[6]! * p[2]!,
  g[8]! * p[0]! + g[9]! * p[1]! + g[10]! * p[2]!,
];
/** A point of the box (local coordinates): per axis −h, +h or inside, at least one on the boundary. */
function surfacePoint(o: Obb, picks: number[]): V3 {
  const local = [0, 1, 2].map((k) => {
    const h = o.halfExtents[k]!, p = picks[k]!;
    return p < 0.3 ? -h : p < 0.6 ? h : (2 * p - 1) * h;
  });
  if (picks[0]! >= 0.6 && picks[1]! >= 0.6 && picks[2]! >= 0.6) local[0] = o.halfExtents[0]!;
  const c = o.center, A = o.axes;
  return [0, 1, 2].map((i) => c[i]! + local[0]! * A[i]! + local[1]! * A[3 + i]! + local[2]! * A[6 + i]!) as V3;
}

/** Uniform in value (fc.double is uniform over representations, so it crowds around 0). */
const uniform = (lo: number, hi: number) => fc.noBias(fc.integer({ min: 0, max: 2 ** 30 })).map((i) => lo + (hi - lo) * (i / 2 ** 30));
const unit = uniform(0, 1);
const coord = fc.oneof({ weight: 4, arbitrary: uniform(-1, 1) }, { weight: 1, arbitrary: fc.constantFrom(0, 1e-300, -1e-17, 1) });
const quat = fc.tuple(coord, coord, coord, coord).filter((q) => Math.hypot(...q) > 0.1);
const axisQuat = fc.constantFrom([1, 0, 0, 0], [0.5, 0.5, 0.5, 0.5], [Math.SQRT1_2, Math.SQRT1_2, 0, 0], [0, 0, 0, 1]);
const extent = fc.oneof({ weight: 6, arbitrary: uniform(0.01, 5) }, { weight: 2, arbitrary: fc.constant(0) });
const scaleArb = fc.constantFrom(1e-4, 1, 1e4);
const boxArb = fc.tuple(quat, extent, extent, extent, fc.tuple(unit, unit, unit)).map(([q, x, y, z, c]) => ({ q, h: [x, y, z], c }));

function makeBox(q: readonly number[], h: number[], center: ArrayLike<number>, s: number): Obb {
  return { center: Float64Array.from(center, (v) => v * s), axes: Float64Array.from(quatToMatrix(q)), halfExtents: Float64Array.from(h, (v) => v * s) };
}

describe('OBB overlap tests: no false negatives', () => {
  it('boxes that share a point (corner, edge, face; flat boxes; any scale) overlap under every test', () => {
    fc.assert(
      fc.property(boxArb, boxArb, fc.oneof(quat, axisQuat), fc.tuple(unit, unit, unit), fc.tuple(unit, unit, unit), scaleArb, fc.constantFrom(0, 0, 0.1), (ba, bb, qPart, pa, pb, s, margin) => {
        const a = makeBox(ba.q, ba.h, ba.c.map((v) => 10 * v - 5), s);
        // b in its own part frame: built in a's frame to touch p, then moved by a random rigid g (a = g · b-frame).
        const g = rigidOf(quatToMatrix(qPart), [3 * s, -7 * s, 11 * s]);
        const bInA = makeBox(bb.q, bb.h, [0, 0, 0], s);
        const p = surfacePoint(a, pa);
        const q = surfacePoint(bInA, pb);
        bInA.center = Float64Array.from([0, 1, 2], (i) => p[i]! - q[i]!);
        const gInv = invertRigid(g);
        const b: Obb = { center: Float64Array.from(apply(gInv, bInA.center)), axes: Float64Array.from([0, 1, 2].flatMap((r) => rotate(gInv, bInA.axes.subarray(3 * r, 3 * r + 3)))), halfExtents: bInA.halfExtents };
        for (const name of OBB_TEST_NAMES) {
          expect(OBB_TESTS[name](a, b, g, margin * s), name).toBe(true);
          expect(OBB_TESTS[name](b, a, gInv, margin * s), `${name} (swapped)`).toBe(true);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('on random pairs, lite and effective say "overlap" whenever the 15-axis SAT does; effective rarely more', () => {
    let satTrue = 0, effectiveExtra = 0, liteExtra = 0, total = 0;
    fc.assert(
      fc.property(boxArb, boxArb, quat, fc.tuple(unit, unit, unit), (ba, bb, qPart, t) => {
        total++;
        const a = makeBox(ba.q, ba.h, [0, 0, 0], 1);
        const b = makeBox(bb.q, bb.h, [0, 0, 0], 1);
        const g = rigidOf(quatToMatrix(qPart), t.map((v) => 16 * v - 8));
        const sat = obbsOverlap(a, b, g);
        const lite = OBB_TESTS.lite(a, b, g), effective = OBB_TESTS.effective(a, b, g);
        if (sat) {
          satTrue++;
          expect(lite).toBe(true);
          expect(effective).toBe(true);
        } else {
          if (lite) liteExtra++;
          if (effective) effectiveExtra++;
        }
      }),
      { numRuns: 3000 },
    );
    expect(satTrue).toBeGreaterThan(total / 10);
    // Effective constraints are exact up to relaxations of 1e-6 relative: essentially no extra positives.
    expect(effectiveExtra).toBeLessThanOrEqual(Math.ceil(total / 500));
    // Lite misses the edge–edge axes: some extra positives, but far from all separated pairs.
    expect(liteExtra).toBeLessThan(total - satTrue);
  });

  it('effective agrees with SAT on boxes separated by a clear gap and on nested boxes', () => {
    const I = [1, 0, 0, 0];
    const a = makeBox(I, [1, 1, 1], [0, 0, 0], 1);
    const far = makeBox(quatToMatrix([1, 0.2, 0.3, 0.1]).length ? [1, 0.2, 0.3, 0.1] : I, [1, 1, 1], [0, 0, 0], 1);
    const id = rigidOf(quatToMatrix(I), [0, 0, 0]);
    for (const name of OBB_TEST_NAMES) {
      expect(OBB_TESTS[name](a, far, rigidOf(quatToMatrix(I), [5, 0, 0])), name).toBe(false);
      expect(OBB_TESTS[name](a, makeBox(I, [0.1, 0.1, 0.1], [0.2, 0.3, 0.1], 1), id), name).toBe(true);
      expect(OBB_TESTS[name](makeBox(I, [0.1, 0.1, 0.1], [0.2, 0.3, 0.1], 1), a, id), name).toBe(true);
      // Within the margin (gap 0.2, margin 0.1 on each box) → overlap; beyond → not.
      expect(OBB_TESTS[name](a, a, rigidOf(quatToMatrix(I), [2.2, 0, 0]), 0.1), name).toBe(true);
      expect(OBB_TESTS[name](a, a, rigidOf(quatToMatrix(I), [2.2, 0, 0]), 0.09), name).toBe(false);
    }
    // Edge–edge separation: only the 9 cross axes see it, so lite reports a (conservative) overlap.
    const rotZ = quatToMatrix([Math.cos(Math.PI / 8), 0, 0, Math.sin(Math.PI / 8)]);
    const rotX = quatToMatrix([Math.cos(Math.PI / 8), Math.sin(Math.PI / 8), 0, 0]);
    const edgeA = { center: new Float64Array(3), axes: Float64Array.from(rotZ), halfExtents: Float64Array.from([1, 1, 1]) };
    const edgeB = { center: new Float64Array(3), axes: Float64Array.from(rotX), halfExtents: Float64Array.from([1, 1, 1]) };
    const apart = rigidOf(quatToMatrix(I), [1.35, 1.35, 0]);
    expect(obbsOverlap(edgeA, edgeB, apart)).toBe(OBB_TESTS.effective(edgeA, edgeB, apart));
    void multiplyRigid;
  });
});
