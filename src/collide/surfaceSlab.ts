// Flat-surface slabs (tumbling all-triangles): most triangles of a machined part lie
// on large flat faces. For a flat surface S of part A, measured once in A's own frame, a
// triangle q (B's, already moved into A's frame) whose three vertices lie strictly beyond S's
// slab on one side meets no triangle of S: decided once per (q, S) instead of per pair. A face
// parallel to an axis of its part's frame gains nothing (its box is its slab, and the box test
// has already cut); a face tilted in its part's frame (placed parts, chamfers) does.
//
// Why that is trianglesIntersect's own answer, not a new epsilon: with every triangle of S
// and q proper to it (checked from the records' mCrit and q's prepared flag), it reaches
// triTri, whose second step rejects when q's vertices are all strictly on one side of p's
// plane, "strictly" meaning s = fl((v − p0)·n) beyond the quick bound planeSide checks first.
// slabApart proves exactly that for every p of S at once: with u the slab's unit normal,
// θ ≤ asin(S) the angle of any p's normal n to u, Δ ≥ |u·x − c| over S's vertices, and
// w = v − p0, (w·n)/|n| ≥ cosθ·(u·w) − sinθ·|w| ≥ cosθ·(h(v) − Δ) − S·|w|₁, while the
// quick bound over |n| is at most √3·Q2·tol + |w|₁·(Q2·tol·R + Q4·EPS·R2) (R, R2: the
// surface's largest (la + lb)/|n| and la·lb/|n|) and rounding of s at most 4·EPS·|w|₁. The
// cut asks for twice that right side, plus the rounding of h itself.
import { EPS, Q2, Q4, TOL_ULPS } from '../math/triangleIntersect.js';
import type { SurfaceSlab } from '../model/surfaceSlab.js';

export { MIN_SLAB_TRIANGLES, flatSurface, measureFlat, measureFlatMoved, measureSlab, MovedSurfaceScratch, slabsOf, surfaceSlab, type SurfaceSlab } from '../model/surfaceSlab.js';

/**
 * True when triangle q (9 coordinates, in the slab's frame; proper to trianglesIntersect at
 * every scale ≤ `qScale`, its prepared magnitude) lies strictly beyond the slab, so that
 * trianglesIntersect(p, q) is false for every triangle p of the surface (see the file's note).
 * `margin` scales the slab's thickness and the band (1; tests shrink it to see the cut fail).
 */
export function slabApart(slab: SurfaceSlab, q: Float64Array, qScale: number, margin = 1): boolean {
  // Both proper at the pair's scale: q's prepared flag holds up to qScale ≥ every pair's m.
  let own = 0;
  for (let i = 0; i < 9; i++) {
    const a = Math.abs(q[i]!);
    if (a > own) own = a;
  }
  const m = own > slab.maxOwn ? own : slab.maxOwn;
  if (!(m <= slab.minCrit && m <= qScale)) return false;
  const ux = slab.ux, uy = slab.uy, uz = slab.uz, c = slab.c;
  const h0 = ux * q[0]! + uy * q[1]! + uz * q[2]! - c;
  const h1 = ux * q[3]! + uy * q[4]! + uz * q[5]! - c;
  const h2 = ux * q[6]! + uy * q[7]! + uz * q[8]! - c;
  // The smallest distance beyond the slab's plane, rounding of h taken off.
  const rounding = 16 * EPS * (2 * own + Math.abs(c));
  let height: number;
  if (h0 > 0 && h1 > 0 && h2 > 0) height = (h0 < h1 ? (h0 < h2 ? h0 : h2) : h1 < h2 ? h1 : h2) - rounding;
  else if (h0 < 0 && h1 < 0 && h2 < 0) height = -(h0 > h1 ? (h0 > h2 ? h0 : h2) : h1 > h2 ? h1 : h2) - rounding;
  else return false;
  // |w|₁ bound over every p0 of the surface and every vertex v of q.
  let w1 = 0;
  for (let k = 0; k < 3; k++) {
    const lo = k === 0 ? slab.lo0 : k === 1 ? slab.lo1 : slab.lo2, hi = k === 0 ? slab.hi0 : k === 1 ? slab.hi1 : slab.hi2;
    const a = q[k]!, b = q[k + 3]!, d = q[k + 6]!;
    const vMin = a < b ? (a < d ? a : d) : b < d ? b : d, vMax = a > b ? (a > d ? a : d) : b > d ? b : d;
    w1 += Math.max(vMax - lo, hi - vMin);
  }
  w1 *= 1 + 1e-12;
  const tol = TOL_ULPS * EPS * m;
  const s = slab.sin;
  const band = s * w1 + 5 * EPS * w1 + 2 * Q2 * tol + w1 * (Q2 * tol * slab.ratio + Q4 * EPS * slab.ratio2);
  return (height - margin * slab.delta) * (1 - s * s) * (1 - 1e-12) > 2 * margin * band;
}
