import { emptyAabb, expandAabbByPoint } from './aabb.js';
import { orient, orientFloat, quickhull } from './hullFaces.js';

export { orient } from './hullFaces.js';

/**
 * The convex hull of `count` points (xyz flat) as triangles: indices into the points, three per
 * triangle, counter-clockwise seen from outside; coplanar hull facets stay triangulated. It is
 * exactly the hull of the points snapped to a grid of 2⁻⁵¹ of the cloud's half-size (about an
 * ulp), so a point that close to the hull may be left off it. Null when the points do not span 3-D (fewer than 4, flat, collinear,
 * coincident) or a coordinate is not finite.
 */
export function convexHull(positions: ArrayLike<number>, count?: number): Uint32Array | null {
  const n = count ?? Math.floor(positions.length / 3);
  const q = normalisedPoints(positions, n);
  return q ? hullTriangles(q.q, n) : null;
}

/** Points centred on their AABB and scaled so the largest half-extent is 1 (null if none/degenerate). */
export function normalisedPoints(positions: ArrayLike<number>, n: number): { q: Float64Array; c: [number, number, number]; s: number } | null {
  if (!(n >= 1) || n * 3 > positions.length) return null;
  const box = emptyAabb();
  for (let i = 0; i < n; i++) {
    const x = positions[3 * i]!, y = positions[3 * i + 1]!, z = positions[3 * i + 2]!;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return null;
    expandAabbByPoint(box, x, y, z);
  }
  const c: [number, number, number] = [0.5 * box[0]! + 0.5 * box[3]!, 0.5 * box[1]! + 0.5 * box[4]!, 0.5 * box[2]! + 0.5 * box[5]!];
  const s = Math.max(0.5 * box[3]! - 0.5 * box[0]!, 0.5 * box[4]! - 0.5 * box[1]!, 0.5 * box[5]! - 0.5 * box[2]!);
  if (!(s > 0) || !Number.isFinite(s)) return null;
  const q = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    q[3 * i] = (positions[3 * i]! - c[0]) / s;
    q[3 * i + 1] = (positions[3 * i + 1]! - c[1]) / s;
    q[3 * i + 2] = (positions[3 * i + 2]! - c[2]) / s;
  }
  return { q, c, s };
}

/**
 * Grid of the snapped coordinates. Normalised coordinates lie in [-1, 1], so snapped ones are
 * integers of at most 2⁵¹ (+1 for rounding) and their differences stay exact doubles.
 */
const SNAP = 2 ** 51;
/** Height (in snapped units, ~1e-14 of the set's size) below which a point set counts as flat. */
const FLAT_UNITS = 64;

/**
 * Hull triangles (indices into the points, counter-clockwise seen from outside), or null when
 * the snapped points do not span 3-D (fewer than 4, or all coplanar).
 */
export function hullTriangles(q: Float64Array, n: number): Uint32Array | null {
  if (n < 4) return null;
  const X = new Float64Array(3 * n);
  for (let k = 0; k < 3 * n; k++) X[k] = Math.round(q[k]! * SNAP);
  // CAD meshes repeat every vertex once per face that uses it. A later copy of a point can
  // never change the hull: every choice below takes the first of equal candidates, a copy
  // always shares its first occurrence's conflict list (after it, in list order), and once that
  // occurrence is a hull vertex no new face sees the copy (orientation 0). So only first
  // occurrences take part, and the hull is the same triangle for triangle.
  const points = firstOccurrences(X, n);

  // Initial tetrahedron from well-spread points: extremes on the widest axis, the point
  // farthest from their line, the point farthest from their plane. (Each pass over the
  // points is a function of its own: in a cold process a small hot function is compiled
  // alone, where one long function with several hot loops is compiled whole.)
  const ends = new Int32Array(2);
  if (!(widestAxisEnds(X, points, ends) > 0)) return null;
  const i0 = ends[0]!, i1 = ends[1]!;
  const i2 = farthestFromLine(X, points, i0, i1);
  if (i2 < 0) return null;
  const baseCross = Math.sqrt(lineDistance2(X, i0, i1, i2));
  const i3 = farthestFromPlane(X, points, i0, i1, i2);
  if (i3 < 0) return null;
  // Normalising rounds coordinates by ~1 grid unit, which can lift a flat set off its plane:
  // a set whose farthest point is within a few units of the base plane is flat, no hull.
  if (Math.abs(orientFloat(X, i0, i1, i2, i3)) / baseCross <= FLAT_UNITS) return null;
  const o = orient(X, i0, i1, i2, i3);
  if (o === 0) return null; // exactly coplanar after snapping

  // Orient the tetrahedron so every face sees the fourth vertex below it.
  const a = i0, d = i3;
  const b = o < 0 ? i1 : i2, c = o < 0 ? i2 : i1;
  return quickhull(X, points, n, a, b, c, d);
}

/** The lowest and highest point (first of equals) on the axis where they lie farthest apart, into `ends`; that spread. */
function widestAxisEnds(X: Float64Array, points: Uint32Array, ends: Int32Array): number {
  let spread = -1;
  for (let c = 0; c < 3; c++) {
    let lo = 0, hi = 0;
    for (let k = 1; k < points.length; k++) {
      const i = points[k]!;
      if (X[3 * i + c]! < X[3 * lo + c]!) lo = i;
      if (X[3 * i + c]! > X[3 * hi + c]!) hi = i;
    }
    const d = X[3 * hi + c]! - X[3 * lo + c]!;
    if (d > spread) { spread = d; ends[0] = lo; ends[1] = hi; }
  }
  return spread;
}

/** |(b − a) × (p − a)|², in floating point. */
function lineDistance2(X: Float64Array, a: number, b: number, p: number): number {
  const ux = X[3 * b]! - X[3 * a]!, uy = X[3 * b + 1]! - X[3 * a + 1]!, uz = X[3 * b + 2]! - X[3 * a + 2]!;
  const wx = X[3 * p]! - X[3 * a]!, wy = X[3 * p + 1]! - X[3 * a + 1]!, wz = X[3 * p + 2]! - X[3 * a + 2]!;
  return (uy * wz - uz * wy) ** 2 + (uz * wx - ux * wz) ** 2 + (ux * wy - uy * wx) ** 2;
}

/** The first point farthest from line a–b (lineDistance2's operations), −1 when all lie on it. */
function farthestFromLine(X: Float64Array, points: Uint32Array, a: number, b: number): number {
  const ux = X[3 * b]! - X[3 * a]!, uy = X[3 * b + 1]! - X[3 * a + 1]!, uz = X[3 * b + 2]! - X[3 * a + 2]!;
  let far = -1, best = 0;
  for (let k = 0; k < points.length; k++) {
    const i = points[k]!;
    const wx = X[3 * i]! - X[3 * a]!, wy = X[3 * i + 1]! - X[3 * a + 1]!, wz = X[3 * i + 2]! - X[3 * a + 2]!;
    const d = (uy * wz - uz * wy) ** 2 + (uz * wx - ux * wz) ** 2 + (ux * wy - uy * wx) ** 2;
    if (d > best) { best = d; far = i; }
  }
  return far;
}

/** The first point farthest from plane a, b, c (|orientFloat|), −1 when all lie on it. */
function farthestFromPlane(X: Float64Array, points: Uint32Array, a: number, b: number, c: number): number {
  let far = -1, best = 0;
  for (let k = 0; k < points.length; k++) {
    const i = points[k]!;
    const d = Math.abs(orientFloat(X, a, b, c, i));
    if (d > best) { best = d; far = i; }
  }
  return far;
}

/**
 * Indices of the first occurrence of every distinct point (exact coordinate equality, xyz
 * flat), in increasing order: open addressing on a hash of the coordinates, the table sized
 * per call.
 */
export function firstOccurrences(X: ArrayLike<number>, n: number): Uint32Array {
  let size = 16;
  while (size < 2 * n) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size).fill(-1);
  const out = new Uint32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const x = X[3 * i]!, y = X[3 * i + 1]!, z = X[3 * i + 2]!;
    // Equal points hash alike whatever the mix; this one spreads both millimetre coordinates
    // (fraction bits) and the hull's snapped integers (up to 2⁵²) over the table.
    let h = Math.imul((x * 1048576) | 0, 0x9e3779b1) ^ Math.imul((y * 1048576) | 0, 0x85ebca77) ^ Math.imul((z * 1048576) | 0, 0xc2b2ae3d);
    h ^= Math.imul((x / 4096) | 0, 0x27d4eb2f) ^ Math.imul((y / 4096) | 0, 0x165667b1) ^ Math.imul((z / 4096) | 0, 0x61c88647);
    h ^= Math.imul((x / 1073741824) | 0, 0x7feb352d) ^ Math.imul((y / 1073741824) | 0, 0x846ca68b) ^ Math.imul((z / 1073741824) | 0, 0x2c1b3c6d);
    h ^= h >>> 15;
    let slot = h & mask;
    for (;;) {
      const j = slots[slot]!;
      if (j < 0) {
        slots[slot] = i;
        out[m++] = i;
        break;
      }
      if (X[3 * j] === x && X[3 * j + 1] === y && X[3 * j + 2] === z) break;
      slot = (slot + 1) & mask;
    }
  }
  return out.subarray(0, m);
}
