// The slab of a flat surface (issue 14): its plane, how far its vertices stray from it and
// the bounds the pair test's bands need, measured once in its part's frame. What the slab
// proves and why is in src/collide/surfaceSlab.ts, which uses it; it lives here, with the
// other per-surface measurements (surfaceShell.ts, tessellationError.ts), so the
// indexed-assembly cache can keep it and a re-opened assembly never measures it again.
import { EPS } from '../math/triangleIntersect.js';
import { RECORD, triangleRecord } from '../math/trianglePrepared.js';
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

/** The surface's slab from the cache `slabs` (slabsOf), measured when first asked. */
export function surfaceSlab(slabs: (SurfaceSlab | null | undefined)[], surface: Surface): SurfaceSlab | null {
  let s = slabs[surface.index];
  if (s === undefined) {
    s = measureSlab(surface);
    slabs[surface.index] = s;
  }
  return s;
}

const record = new Float64Array(RECORD);

/** A curved surface gets no slab (its check would never cut): normals within ~0.006° of each other. */
const MAX_SIN = 1e-4;

/** Measures the slab of a flat surface; null when it is not flat or some triangle may be degenerate to the test. */
export function measureSlab(surface: Surface): SurfaceSlab | null {
  if (surface.triangleCount < MIN_SLAB_TRIANGLES) return null;
  const { positions, indices } = surface.part;
  const first = surface.firstTriangle, end = first + surface.triangleCount;
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
  if (Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz)) > 1 - 1e-9) return null;
  const v0 = 3 * indices[3 * first]!;
  const c = ux * positions[v0]! + uy * positions[v0 + 1]! + uz * positions[v0 + 2]!;
  let delta = 0, sin = 0, ratio = 0, ratio2 = 0;
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
  }
  // Rounding: the cross product and its norm to a few ulps of |n||u| (1e-14 absolute is far
  // above), ratios to a few ulps; h = u·x − c to 16·EPS·(2|x|∞ + |c|).
  sin = sin * (1 + 1e-12) + 1e-14;
  if (!(sin <= MAX_SIN)) return null;
  const b = surface.bounds;
  return {
    ux, uy, uz, c,
    delta: delta * (1 + 1e-12) + 16 * EPS * (2 * maxOwn + Math.abs(c)),
    sin,
    ratio: ratio * (1 + 1e-12), ratio2: ratio2 * (1 + 1e-12),
    minCrit, maxOwn,
    lo0: b[0]!, lo1: b[1]!, lo2: b[2]!, hi0: b[3]!, hi1: b[4]!, hi2: b[5]!,
  };
}

/** The surface's slab already measured: undefined when none was asked for yet (the cache keeps these). */
export function knownSurfaceSlab(surface: Surface): SurfaceSlab | null | undefined {
  return cache.get(surface.part)?.[surface.index];
}

/** Records the surface's slab as read back from the indexed-assembly cache. */
export function rememberSurfaceSlab(surface: Surface, slab: SurfaceSlab | null): void {
  slabsOf(surface.part)[surface.index] = slab;
}

/** The slab as 16 numbers in a fixed order (the cache's form). */
export function slabNumbers(s: SurfaceSlab): number[] {
  return [s.ux, s.uy, s.uz, s.c, s.delta, s.sin, s.ratio, s.ratio2, s.minCrit, s.maxOwn, s.lo0, s.lo1, s.lo2, s.hi0, s.hi1, s.hi2];
}

/** slabNumbers' inverse; null when `n` is not 16 numbers (none NaN) of a usable slab. Same field order as measureSlab's. */
export function slabFromNumbers(n: unknown): SurfaceSlab | null {
  if (!Array.isArray(n) || n.length !== 16 || !n.every((v) => typeof v === 'number' && !Number.isNaN(v))) return null;
  const [ux, uy, uz, c, delta, sin, ratio, ratio2, minCrit, maxOwn, lo0, lo1, lo2, hi0, hi1, hi2] = n as number[];
  if (!(Math.abs(ux! * ux! + uy! * uy! + uz! * uz! - 1) <= 1e-12 && delta! >= 0 && sin! >= 0 && sin! <= MAX_SIN && ratio! >= 0 && ratio2! >= 0 && minCrit! > 0 && maxOwn! >= 0)) return null;
  return { ux: ux!, uy: uy!, uz: uz!, c: c!, delta: delta!, sin: sin!, ratio: ratio!, ratio2: ratio2!, minCrit: minCrit!, maxOwn: maxOwn!, lo0: lo0!, lo1: lo1!, lo2: lo2!, hi0: hi0!, hi1: hi1!, hi2: hi2! };
}
