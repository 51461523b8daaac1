// Flat-surface slabs (issue 14, tumbling all-triangles): most triangles of a machined part lie
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
import { RECORD, triangleRecord } from '../math/trianglePrepared.js';
import type { Part, Surface } from '../model/types.js';

/** Surfaces with fewer triangles get no slab: their few pair tests cost about what the check does. */
export const MIN_SLAB_TRIANGLES = 4;

export interface SurfaceSlab {
  /** Unit normal (to 1e-12) and offset: the plane u·x = c. */
  readonly ux: number; readonly uy: number; readonly uz: number; readonly c: number;
  /** Every vertex x of the surface: |u·x − c| ≤ delta in real arithmetic (rounding included). */
  readonly delta: number;
  /** sinθ bound between any triangle's normal and u (all on u's side). */
  readonly sin: number;
  /** Largest (la + lb)/|n| and la·lb/|n| over the triangles (L1 edge lengths, as the test's bands use). */
  readonly ratio: number; readonly ratio2: number;
  /** Every triangle is proper to trianglesIntersect at a coordinate scale ≤ this. */
  readonly minCrit: number;
  /** Largest |coordinate| of the surface. */
  readonly maxOwn: number;
  /** The surface's box (lo x y z, hi x y z). */
  readonly lo0: number; readonly lo1: number; readonly lo2: number; readonly hi0: number; readonly hi1: number; readonly hi2: number;
  /** Smallest triangle extent (largest coordinate difference of its vertices, as trianglesCross measures it). */
  readonly minExtent: number;
  /** Parallel to a coordinate plane: no slab cut (the box already is the slab), but still flat. */
  readonly axisParallel: boolean;
}

const cache = new WeakMap<Part, (SurfaceSlab | null | undefined)[]>();

/** Per surface of a part: its slab (null: not flat, or not provably usable), measured on first use. */
export function slabsOf(part: Part): (SurfaceSlab | null | undefined)[] {
  let s = cache.get(part);
  if (s === undefined) {
    s = new Array<SurfaceSlab | null | undefined>(part.surfaces.length).fill(undefined);
    cache.set(part, s);
  }
  return s;
}

/** The surface's slab from the cache `slabs` (slabsOf), measured when first asked; null for an axis-parallel face. */
export function surfaceSlab(slabs: (SurfaceSlab | null | undefined)[], surface: Surface): SurfaceSlab | null {
  const s = flatSurface(slabs, surface);
  return s !== null && !s.axisParallel ? s : null;
}

/** The flat measurement of the surface (axis-parallel or not) from the cache `slabs`; null when not flat. */
export function flatSurface(slabs: (SurfaceSlab | null | undefined)[], surface: Surface): SurfaceSlab | null {
  let s = slabs[surface.index];
  if (s === undefined) {
    s = measureFlat(surface);
    slabs[surface.index] = s;
  }
  return s;
}

const record = new Float64Array(RECORD);

/** A curved surface gets no slab (its check would never cut): normals within ~0.006° of each other. */
const MAX_SIN = 1e-4;

/** Measures the slab of a flat surface; null when it is not flat, axis-parallel, or some triangle may be degenerate to the test. */
export function measureSlab(surface: Surface): SurfaceSlab | null {
  const s = measureFlat(surface);
  return s !== null && !s.axisParallel ? s : null;
}

/** measureSlab without the axis-parallel exclusion. */
export function measureFlat(surface: Surface): SurfaceSlab | null {
  if (surface.triangleCount < MIN_SLAB_TRIANGLES) return null;
  const first = surface.firstTriangle;
  return measureTriangles(surface.part.positions, surface.part.indices, first, first + surface.triangleCount, surface.bounds);
}

let moved = new Float64Array(9 * 64);
let sequential = Uint32Array.from({ length: 3 * 64 }, (_, i) => i);

/**
 * measureFlat of the surface moved by `m` (row-major 3×4), on the very coordinates
 * loadTransformedTriangle gives its triangles (so what it proves holds for those floats).
 */
export function measureFlatMoved(surface: Surface, m: ArrayLike<number>): SurfaceSlab | null {
  const n = surface.triangleCount;
  if (n < MIN_SLAB_TRIANGLES) return null;
  if (moved.length < 9 * n) {
    moved = new Float64Array(18 * n);
    sequential = Uint32Array.from({ length: 6 * n }, (_, i) => i);
  }
  const { positions, indices } = surface.part;
  const box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 3; k++) {
      const v = 3 * indices[3 * (surface.firstTriangle + t) + k]!, o = 9 * t + 3 * k;
      const x = positions[v]!, y = positions[v + 1]!, z = positions[v + 2]!;
      moved[o] = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
      moved[o + 1] = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
      moved[o + 2] = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
      for (let c = 0; c < 3; c++) {
        if (moved[o + c]! < box[c]!) box[c] = moved[o + c]!;
        if (moved[o + c]! > box[3 + c]!) box[3 + c] = moved[o + c]!;
      }
    }
  }
  return measureTriangles(moved, sequential, 0, n, box);
}

/** The flat measurement of triangles first … end − 1 of (positions, indices), whose box is `box`. */
function measureTriangles(positions: Float64Array, indices: ArrayLike<number>, first: number, end: number, box: ArrayLike<number>): SurfaceSlab | null {
  // Reference normal: the sum of the (area-weighted) triangle normals, normalised.
  let sx = 0, sy = 0, sz = 0, minCrit = Infinity, maxOwn = 0;
  for (let t = first; t < end; t++) {
    const i = 3 * indices[3 * t]!, j = 3 * indices[3 * t + 1]!, k = 3 * indices[3 * t + 2]!;
    const own = triangleRecord(
      positions[i]!, positions[i + 1]!, positions[i + 2]!, positions[j]!, positions[j + 1]!, positions[j + 2]!,
      positions[k]!, positions[k + 1]!, positions[k + 2]!, record, 0,
    );
    if (!(record[6]! > 0)) return null; // may be degenerate: the pair test decides
    if (record[6]! < minCrit) minCrit = record[6]!;
    if (own > maxOwn) maxOwn = own;
    sx += record[0]!; sy += record[1]!; sz += record[2]!;
  }
  const len = Math.hypot(sx, sy, sz);
  if (!(len > 0) || !Number.isFinite(len)) return null;
  const ux = sx / len, uy = sy / len, uz = sz / len;
  if (Math.abs(ux * ux + uy * uy + uz * uz - 1) > 1e-12) return null;
  // Parallel to a coordinate plane: the surface's box is already its slab (no cut to gain).
  const axisParallel = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz)) > 1 - 1e-9;
  const v0 = 3 * indices[3 * first]!;
  const c = ux * positions[v0]! + uy * positions[v0 + 1]! + uz * positions[v0 + 2]!;
  let delta = 0, sin = 0, ratio = 0, ratio2 = 0, minExtent = Infinity;
  for (let t = first; t < end; t++) {
    const i = 3 * indices[3 * t]!, j = 3 * indices[3 * t + 1]!, k = 3 * indices[3 * t + 2]!;
    triangleRecord(
      positions[i]!, positions[i + 1]!, positions[i + 2]!, positions[j]!, positions[j + 1]!, positions[j + 2]!,
      positions[k]!, positions[k + 1]!, positions[k + 2]!, record, 0,
    );
    const nx = record[0]!, ny = record[1]!, nz = record[2]!;
    const n = Math.hypot(nx, ny, nz);
    if (!(nx * ux + ny * uy + nz * uz > 0)) return null; // not on u's side
    const cx = ny * uz - nz * uy, cy = nz * ux - nx * uz, cz = nx * uy - ny * ux;
    const s = Math.hypot(cx, cy, cz) / n;
    if (s > sin) sin = s;
    const la = record[4]!, lb = record[5]!;
    if ((la + lb) / n > ratio) ratio = (la + lb) / n;
    if ((la * lb) / n > ratio2) ratio2 = (la * lb) / n;
    const h = Math.max(
      Math.abs(ux * positions[i]! + uy * positions[i + 1]! + uz * positions[i + 2]! - c),
      Math.abs(ux * positions[j]! + uy * positions[j + 1]! + uz * positions[j + 2]! - c),
      Math.abs(ux * positions[k]! + uy * positions[k + 1]! + uz * positions[k + 2]! - c),
    );
    if (h > delta) delta = h;
    const extent = triangleExtent(positions, i, j, k);
    if (extent < minExtent) minExtent = extent;
  }
  // Rounding: the cross product and its norm to a few ulps of |n||u| (1e-14 absolute is far
  // above), ratios to a few ulps; h = u·x − c to 16·EPS·(2|x|∞ + |c|).
  sin = sin * (1 + 1e-12) + 1e-14;
  if (!(sin <= MAX_SIN)) return null;
  const b = box;
  return {
    ux, uy, uz, c,
    delta: delta * (1 + 1e-12) + 16 * EPS * (2 * maxOwn + Math.abs(c)),
    sin,
    ratio: ratio * (1 + 1e-12), ratio2: ratio2 * (1 + 1e-12),
    minCrit, maxOwn,
    lo0: b[0]!, lo1: b[1]!, lo2: b[2]!, hi0: b[3]!, hi1: b[4]!, hi2: b[5]!,
    minExtent, axisParallel,
  };
}

/** trianglesCross's extent of the triangle with vertices at i, j, k of `positions`, the same float operations. */
function triangleExtent(positions: Float64Array, i: number, j: number, k: number): number {
  let m = 0;
  for (let c = 0; c < 3; c++) m = Math.max(m, Math.abs(positions[j + c]! - positions[i + c]!), Math.abs(positions[k + c]! - positions[i + c]!), Math.abs(positions[k + c]! - positions[j + c]!));
  return m;
}

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
