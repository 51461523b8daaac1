// The slab of a flat surface: its plane, how far its vertices stray from it and
// the bounds the pair test's bands need, measured once in its part's frame. What the slab
// proves and why is in src/collide/surfaceSlab.ts, which uses it; it lives here, with the
// other per-surface measurements (surfaceShell.ts, tessellationError.ts), so the
// indexed-assembly cache can keep it and a re-opened assembly never measures it again.
import { EPS } from '../math/triangleIntersect.js';
import { RECORD, triangleRecord } from '../math/trianglePrepared.js';
import { decodeSurfaceNumbers, derivedOf, encodeSurfaceNumbers, perSurface, type DerivedKind } from './derived.js';
import type { Part, Surface } from './types.js';

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

/** Each surface's flat measurement (null: not flat), kept by the cache as 18 numbers a surface. */
const SLABS: DerivedKind<(SurfaceSlab | null | undefined)[]> = {
  name: 'surface-slabs',
  encode: (list) => encodeSurfaceNumbers(list.map((s) => (s === IN_PLANE_UNMEASURED ? undefined : s)), 18, slabNumbers),
  decode: (data, part) =>
    decodeSurfaceNumbers(data, part, 18, (n) => {
      const slab = slabFromNumbers(Array.from(n));
      if (slab === null) throw new Error('not a usable slab');
      return slab;
    }),
};

/** Per surface of a part: its slab (null: not flat, or not provably usable), measured on first use. */
export function slabsOf(part: Part): (SurfaceSlab | null | undefined)[] {
  return perSurface(SLABS, part);
}

/**
 * The surface's slab from the cache `slabs` (slabsOf), measured when first asked; null for an
 * axis-parallel face. A surface whose vertices all share one coordinate is not measured here
 * (flatSurface measures it): its slab is null or axis-parallel, so this answer is null either way.
 */
export function surfaceSlab(slabs: (SurfaceSlab | null | undefined)[], surface: Surface): SurfaceSlab | null {
  let s = slabs[surface.index];
  if (s === undefined) s = inCoordinatePlane(surface) ? (slabs[surface.index] = IN_PLANE_UNMEASURED) : flatSurface(slabs, surface);
  return s !== null && !s.axisParallel ? s : null;
}

/**
 * In a slab list: the surface lies in a coordinate plane and was not measured (surfaceSlab
 * answers null for it from then on without looking again; flatSurface measures it; the cache
 * and knownSurfaceSlab see an unmeasured surface). Frozen, and axis-parallel so that every
 * test of a usable slab passes it by.
 */
const IN_PLANE_UNMEASURED: SurfaceSlab = Object.freeze({
  ux: 0, uy: 0, uz: 1, c: 0, delta: Infinity, sin: 0, ratio: 0, ratio2: 0, minCrit: 0, maxOwn: 0,
  lo0: 0, lo1: 0, lo2: 0, hi0: 0, hi1: 0, hi2: 0, minExtent: 0, axisParallel: true,
});

/**
 * Whether every vertex of the surface has the same x, the same y or the same z. Then both
 * edge vectors of every triangle have an exact zero there, so the two other components of
 * each normal are exact zeros, their sums too, and the normalised sum is that axis exactly:
 * measureFlat gives null or an axis-parallel slab.
 */
export function inCoordinatePlane(surface: Surface): boolean {
  const { positions, indices } = surface.part;
  const first = 3 * surface.firstTriangle, end = first + 3 * surface.triangleCount;
  if (end === first) return false;
  const v0 = 3 * indices[first]!;
  const x = positions[v0]!, y = positions[v0 + 1]!, z = positions[v0 + 2]!;
  let sameX = true, sameY = true, sameZ = true;
  for (let i = first + 1; i < end && (sameX || sameY || sameZ); i++) {
    const v = 3 * indices[i]!;
    if (positions[v] !== x) sameX = false;
    if (positions[v + 1] !== y) sameY = false;
    if (positions[v + 2] !== z) sameZ = false;
  }
  return sameX || sameY || sameZ;
}

/** The flat measurement of the surface (axis-parallel or not) from the cache `slabs`; null when not flat. */
export function flatSurface(slabs: (SurfaceSlab | null | undefined)[], surface: Surface): SurfaceSlab | null {
  let s = slabs[surface.index];
  if (s === undefined || s === IN_PLANE_UNMEASURED) {
    s = measureFlat(surface);
    slabs[surface.index] = s;
    derivedOf(surface.part).touch(SLABS);
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

/** measureFlatMoved's memory: the moved vertices and the identity index list over them. Owned by its caller (a query's scratch). */
export class MovedSurfaceScratch {
  moved = new Float64Array(9 * 64);
  sequential = Uint32Array.from({ length: 3 * 64 }, (_, i) => i);
}

/**
 * measureFlat of the surface moved by `m` (row-major 3×4), on the very coordinates
 * loadTransformedTriangle gives its triangles (so what it proves holds for those floats).
 */
export function measureFlatMoved(surface: Surface, m: ArrayLike<number>, scratch: MovedSurfaceScratch): SurfaceSlab | null {
  const n = surface.triangleCount;
  if (n < MIN_SLAB_TRIANGLES) return null;
  if (scratch.moved.length < 9 * n) {
    scratch.moved = new Float64Array(18 * n);
    scratch.sequential = Uint32Array.from({ length: 6 * n }, (_, i) => i);
  }
  const { moved, sequential } = scratch;
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
  if (turns(positions, indices, first, end)) return null;
  // Reference normal: the sum of the (area-weighted) triangle normals, normalised.
  let sx = 0, sy = 0, sz = 0, minCrit = Infinity, maxOwn = 0;
  // Each triangle's normal and L1 edge lengths, kept for the second pass (measured once).
  const kept = new Float64Array(5 * (end - first));
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
    const o = 5 * (t - first);
    kept[o] = record[0]!; kept[o + 1] = record[1]!; kept[o + 2] = record[2]!; kept[o + 3] = record[4]!; kept[o + 4] = record[5]!;
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
    const o = 5 * (t - first);
    const nx = kept[o]!, ny = kept[o + 1]!, nz = kept[o + 2]!;
    const n = Math.hypot(nx, ny, nz);
    if (!(nx * ux + ny * uy + nz * uz > 0)) return null; // not on u's side
    const cx = ny * uz - nz * uy, cy = nz * ux - nx * uz, cz = nx * uy - ny * ux;
    const s = Math.hypot(cx, cy, cz) / n;
    if (s > sin) sin = s;
    const la = kept[o + 3]!, lb = kept[o + 4]!;
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

/** Two triangle normals at least this far apart (sine; degenerate normals aside) rule out a slab. */
const TURN_SIN = 2.2e-4;

/**
 * True when two normals of triangles first … end − 1 (n = (v1 − v0) × (v2 − v0), the records'
 * own vectors) are more than asin(TURN_SIN) apart, or opposed: then any unit u is more than
 * half that (above MAX_SIN, rounding included) from one of them, or on the wrong side of one,
 * and measureTriangles' second pass would return null. One cross product per triangle, and a
 * curved surface usually shows it at its second triangle, before any record is made.
 */
export function turns(positions: Float64Array, indices: ArrayLike<number>, first: number, end: number): boolean {
  let rx = 0, ry = 0, rz = 0, rr = 0;
  for (let t = first; t < end; t++) {
    const i = 3 * indices[3 * t]!, j = 3 * indices[3 * t + 1]!, k = 3 * indices[3 * t + 2]!;
    const ax = positions[j]! - positions[i]!, ay = positions[j + 1]! - positions[i + 1]!, az = positions[j + 2]! - positions[i + 2]!;
    const bx = positions[k]! - positions[i]!, by = positions[k + 1]! - positions[i + 1]!, bz = positions[k + 2]! - positions[i + 2]!;
    const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
    const nn = nx * nx + ny * ny + nz * nz;
    if (!(nn > 0) || nn === Infinity) continue; // degenerate or overflowing: no direction to compare
    if (rr === 0) {
      rx = nx; ry = ny; rz = nz; rr = nn;
      continue;
    }
    if (nx * rx + ny * ry + nz * rz <= 0) return true;
    const cx = ny * rz - nz * ry, cy = nz * rx - nx * rz, cz = nx * ry - ny * rx;
    if (cx * cx + cy * cy + cz * cz > TURN_SIN * TURN_SIN * nn * rr) return true;
  }
  return false;
}

/** trianglesCross's extent of the triangle with vertices at i, j, k of `positions`, the same float operations. */
function triangleExtent(positions: Float64Array, i: number, j: number, k: number): number {
  let m = 0;
  for (let c = 0; c < 3; c++) m = Math.max(m, Math.abs(positions[j + c]! - positions[i + c]!), Math.abs(positions[k + c]! - positions[i + c]!), Math.abs(positions[k + c]! - positions[j + c]!));
  return m;
}

/** The surface's slab already measured: undefined when none was asked for yet (the cache keeps these). */
export function knownSurfaceSlab(surface: Surface): SurfaceSlab | null | undefined {
  const s = derivedOf(surface.part).get(SLABS, surface.part)?.[surface.index];
  return s === IN_PLANE_UNMEASURED ? undefined : s;
}

/** The slab as 18 numbers in a fixed order (the cache's form). */
export function slabNumbers(s: SurfaceSlab): number[] {
  return [s.ux, s.uy, s.uz, s.c, s.delta, s.sin, s.ratio, s.ratio2, s.minCrit, s.maxOwn, s.lo0, s.lo1, s.lo2, s.hi0, s.hi1, s.hi2, s.minExtent, s.axisParallel ? 1 : 0];
}

/** slabNumbers' inverse; null when `n` is not 18 numbers (none NaN) of a usable slab. Same field order as measureSlab's. */
export function slabFromNumbers(n: unknown): SurfaceSlab | null {
  if (!Array.isArray(n) || n.length !== 18 || !n.every((v) => typeof v === 'number' && !Number.isNaN(v))) return null;
  const [ux, uy, uz, c, delta, sin, ratio, ratio2, minCrit, maxOwn, lo0, lo1, lo2, hi0, hi1, hi2, minExtent, axisParallel] = n as number[];
  if (!(Math.abs(ux! * ux! + uy! * uy! + uz! * uz! - 1) <= 1e-12 && delta! >= 0 && sin! >= 0 && sin! <= MAX_SIN && ratio! >= 0 && ratio2! >= 0 && minCrit! > 0 && maxOwn! >= 0 && minExtent! >= 0 && (axisParallel === 0 || axisParallel === 1))) return null;
  return { ux: ux!, uy: uy!, uz: uz!, c: c!, delta: delta!, sin: sin!, ratio: ratio!, ratio2: ratio2!, minCrit: minCrit!, maxOwn: maxOwn!, lo0: lo0!, lo1: lo1!, lo2: lo2!, hi0: hi0!, hi1: hi1!, hi2: hi2!, minExtent: minExtent!, axisParallel: axisParallel === 1 };
}
