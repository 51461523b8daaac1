import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beyondCut, CUT, preparePlaneCut } from '../../src/collide/planeCut.js';
import { PREPARED, prepareTriangle } from '../../src/math/trianglePrepared.js';
import { trianglesIntersect } from '../../src/index.js';
import { floatDown, floatUp } from '../../src/spatial/float32Box.js';

const c = fc.oneof(fc.integer({ min: -4, max: 4 }), fc.double({ min: -4, max: 4, noNaN: true }));
const tri = fc.tuple(c, c, c, c, c, c, c, c, c).map((v) => Float64Array.from(v));

/** A's triangles touch B's plane often: a vertex of q, a point on q's plane, or a whole triangle in it. */
function arrange(p: Float64Array, q: Float64Array, how: number, s: number, off: number): void {
  if (how < 3) p.set(q.subarray(3 * how, 3 * how + 3), 0);
  if (how === 3) {
    // p's first vertex moved onto q's plane along z (when q is not vertical).
    const ux = q[3]! - q[0]!, uy = q[4]! - q[1]!, uz = q[5]! - q[2]!, vx = q[6]! - q[0]!, vy = q[7]! - q[1]!, vz = q[8]! - q[2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    if (nz !== 0) p[2] = q[2]! - (nx * (p[0]! - q[0]!) + ny * (p[1]! - q[1]!)) / nz;
  }
  if (how === 4) for (let k = 0; k < 9; k += 3) (p[k + 2] = q[2]!), (q[k + 2] = q[2]!);
  for (let i = 0; i < 9; i++) {
    p[i] = p[i]! * s + off;
    q[i] = q[i]! * s + off;
  }
}

/** p's box as the trees store it (Float32, rounded outward), grown by `grow` (a node holding more). */
function storedBox(p: Float64Array, grow: number): Float32Array {
  const box = new Float32Array(6);
  for (let k = 0; k < 3; k++) {
    box[k] = floatDown(Math.min(p[k]!, p[k + 3]!, p[k + 6]!) - grow);
    box[k + 3] = floatUp(Math.max(p[k]!, p[k + 3]!, p[k + 6]!) + grow);
  }
  return box;
}

const maxAbs = (t: Float64Array): number => t.reduce((m, x) => Math.max(m, Math.abs(x)), 0);

describe('plane cut (A boxes beyond a B triangle\'s plane are not opened)', () => {
  it('never cuts a box holding a triangle the exact test says meets the B triangle: random, touching, coplanar, slivers; 1e-6 … 1e6, offsets', () => {
    const qp = new Float64Array(PREPARED), cut = new Float64Array(CUT);
    let cuts = 0, runs = 0;
    fc.assert(
      fc.property(
        tri, tri, fc.nat(9), fc.constantFrom(1, 1e-6, 1e6, 2 ** -30), fc.constantFrom(0, 1e6, -3.5), fc.constantFrom(0, 0, 1e-3, 1),
        (p, q, how, s, off, grow) => {
          arrange(p, q, how, s, off);
          // The part's magnitude: at least every |coordinate| of A (here p, and more).
          prepareTriangle(q, Math.max(maxAbs(p), Math.abs(off) + 4 * s), qp);
          if (!preparePlaneCut(q, qp, cut)) return;
          runs++;
          if (beyondCut(storedBox(p, grow * s), 0, cut)) {
            cuts++;
            expect(trianglesIntersect(p, q)).toBe(false);
          }
        },
      ),
      { numRuns: 6000 },
    );
    // Not vacuous: random triangles' boxes mostly straddle a random plane, yet some hundreds are cut.
    expect(cuts).toBeGreaterThan(100);
    expect(runs).toBeGreaterThan(3000);
  });

  it('cuts a box just beyond the plane, keeps one touching it, at 1 and at 1e6 offset', () => {
    const qp = new Float64Array(PREPARED), cut = new Float64Array(CUT);
    for (const off of [0, 1e6]) {
      const q = Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0].map((x, i) => (i % 3 === 2 ? x : x + off)));
      prepareTriangle(q, off + 2, qp);
      expect(preparePlaneCut(q, qp, cut)).toBe(true);
      const above = (z: number): Float32Array => storedBox(Float64Array.from([0.2, 0.2, z, 0.4, 0.2, z + 0.1, 0.2, 0.4, z].map((x, i) => (i % 3 === 2 ? x : x + off))), 0);
      // The margin: ~1e-9 of the part's scale (rounding room), ~1e-2 next to 1e6 (the quick band with |w|₁ ≤ 6M).
      expect(beyondCut(above(off === 0 ? 1e-8 : 0.1), 0, cut)).toBe(true);
      expect(beyondCut(above(-0.2), 0, cut)).toBe(true);
      expect(beyondCut(above(0), 0, cut)).toBe(false);
      expect(beyondCut(above(-0.05), 0, cut)).toBe(false); // straddles
    }
  });

  it('makes no cut for a B triangle the exact test may see as degenerate', () => {
    const qp = new Float64Array(PREPARED), cut = new Float64Array(CUT);
    prepareTriangle(Float64Array.from([0, 0, 0, 1, 1, 1, 2, 2, 2]), 2, qp);
    expect(preparePlaneCut(Float64Array.from([0, 0, 0, 1, 1, 1, 2, 2, 2]), qp, cut)).toBe(false);
  });
});
