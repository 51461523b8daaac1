// Candidate OBB frames and their statistics: the convex hull's surface covariance (OBBTree),
// the points' covariance (flat sets), minimum-area rectangles, and the volume that ranks them.
import { hullTriangles, normalisedPoints } from './convexHull.js';
import { orthonormalizeRows } from './symmetricEigen.js';

/**
 * A hull whose volume (in coordinates normalised so the largest AABB half-extent is 1, i.e.
 * against a box volume of up to 8) is below this counts as flat: its covariance says nothing
 * about the thin direction, and the point covariance plus rectangle search do better.
 */
const FLAT_HULL_VOLUME = 1e-9;
/** Padding (normalised units) when comparing candidate boxes: flat boxes compare by area. */
const COMPARE_PAD = 1e-9;
/** Largest hull faces whose normals seed extra candidate frames. */
const FACE_CANDIDATES = 4;
/** At most this many 2-D hull edges are tried by the rotating-rectangle search. */
const MAX_RECT_EDGES = 256;

/**
 * The covariance of the convex hull's surface as OBBTree defines it (every hull triangle
 * integrated, area-weighted), with the hull's surface centroid `mean`, in the points' units.
 * Null when there is no hull with volume (fewer than 4 points, flat, collinear, coincident).
 */
export function hullCovariance(
  positions: ArrayLike<number>,
  count?: number,
): { mean: Float64Array; covariance: Float64Array; area: number } | null {
  const n = count ?? Math.floor(positions.length / 3);
  const norm = normalisedPoints(positions, n);
  if (!norm) return null;
  const { q, c, s } = norm;
  const hull = hullStatistics(q, n);
  if (!hull) return null;
  const covariance = new Float64Array(9);
  for (let i = 0; i < 9; i++) covariance[i] = hull.covariance[i]! * s * s;
  const mean = new Float64Array([c[0] + s * hull.mean[0]!, c[1] + s * hull.mean[1]!, c[2] + s * hull.mean[2]!]);
  return { mean, covariance, area: hull.area * s * s };
}

export interface Hull {
  /** Indices of the points on the hull. */
  vertices: Uint32Array;
  mean: Float64Array;
  covariance: Float64Array;
  area: number;
  /** Unit normals of the largest hull facets (coplanar triangles grouped). */
  largestFaceNormals: Float64Array[];
}

/** The convex hull of normalised points and its surface statistics, or null if degenerate. */
export function hullStatistics(q: Float64Array, n: number): Hull | null {
  const triangles = hullTriangles(q, n);
  if (!triangles) return null;

  const onHull = new Uint8Array(n);
  const tCount = triangles.length / 3;
  const triArea = new Float64Array(tCount);
  const triNormal = new Float64Array(3 * tCount);
  const sums = new Float64Array(MOMENTS);
  surfaceMoments(q, triangles, onHull, triArea, triNormal, sums);
  const area = sums[0]!, volume6 = sums[1]!, sx = sums[2]!, sy = sums[3]!, sz = sums[4]!;
  const mxx = sums[5]!, myy = sums[6]!, mzz = sums[7]!, mxy = sums[8]!, mxz = sums[9]!, myz = sums[10]!;
  if (!(area > 0) || !(Math.abs(volume6) / 6 > FLAT_HULL_VOLUME) || !Number.isFinite(volume6)) return null;

  const mean = new Float64Array([sx / area, sy / area, sz / area]);
  const covariance = new Float64Array(9);
  covariance[0] = mxx / area - mean[0]! * mean[0]!;
  covariance[4] = myy / area - mean[1]! * mean[1]!;
  covariance[8] = mzz / area - mean[2]! * mean[2]!;
  covariance[1] = covariance[3] = mxy / area - mean[0]! * mean[1]!;
  covariance[2] = covariance[6] = mxz / area - mean[0]! * mean[2]!;
  covariance[5] = covariance[7] = myz / area - mean[1]! * mean[2]!;
  if (!allFinite(covariance)) return null;

  let hullCount = 0;
  for (let i = 0; i < n; i++) hullCount += onHull[i]!;
  const vertices = new Uint32Array(hullCount);
  for (let i = 0, k = 0; i < n; i++) if (onHull[i]) vertices[k++] = i;

  return { vertices, mean, covariance, area, largestFaceNormals: largestFacets(triArea, triNormal) };
}

/** Numbers surfaceMoments writes: area, 6·volume, area-weighted centroid sums (3), second moments xx yy zz xy xz yz. */
const MOMENTS = 11;

/**
 * The hull surface's area, signed volume and first and second moments (into `sums`, in
 * MOMENTS order), each triangle's area and unit normal, and which points are hull vertices.
 * A function of its own: in a cold process this loop is compiled alone.
 */
function surfaceMoments(q: Float64Array, triangles: Uint32Array, onHull: Uint8Array, triArea: Float64Array, triNormal: Float64Array, sums: Float64Array): void {
  let area = 0;
  let volume6 = 0;
  let sx = 0, sy = 0, sz = 0;
  // Second moments about the origin (the AABB centre, so no cancellation).
  let mxx = 0, myy = 0, mzz = 0, mxy = 0, mxz = 0, myz = 0;
  const tCount = triangles.length / 3;
  for (let t = 0; t < tCount; t++) {
    const i0 = triangles[3 * t]!, i1 = triangles[3 * t + 1]!, i2 = triangles[3 * t + 2]!;
    onHull[i0] = 1; onHull[i1] = 1; onHull[i2] = 1;
    const px = q[3 * i0]!, py = q[3 * i0 + 1]!, pz = q[3 * i0 + 2]!;
    const qx = q[3 * i1]!, qy = q[3 * i1 + 1]!, qz = q[3 * i1 + 2]!;
    const rx = q[3 * i2]!, ry = q[3 * i2 + 1]!, rz = q[3 * i2 + 2]!;
    const ux = qx - px, uy = qy - py, uz = qz - pz;
    const vx = rx - px, vy = ry - py, vz = rz - pz;
    const cxp = uy * vz - uz * vy, cyp = uz * vx - ux * vz, czp = ux * vy - uy * vx;
    const len = Math.hypot(cxp, cyp, czp);
    const m = 0.5 * len;
    volume6 += px * (qy * rz - qz * ry) + py * (qz * rx - qx * rz) + pz * (qx * ry - qy * rx);
    if (!(m > 0)) continue;
    triArea[t] = m;
    triNormal[3 * t] = cxp / len; triNormal[3 * t + 1] = cyp / len; triNormal[3 * t + 2] = czp / len;
    // ∫ x xᵀ dA over a triangle = m/12 · (9 g gᵀ + p pᵀ + q qᵀ + r rᵀ), g its centroid.
    const gx = (px + qx + rx) / 3, gy = (py + qy + ry) / 3, gz = (pz + qz + rz) / 3;
    const w = m / 12;
    area += m;
    sx += m * gx; sy += m * gy; sz += m * gz;
    mxx += w * (9 * gx * gx + px * px + qx * qx + rx * rx);
    myy += w * (9 * gy * gy + py * py + qy * qy + ry * ry);
    mzz += w * (9 * gz * gz + pz * pz + qz * qz + rz * rz);
    mxy += w * (9 * gx * gy + px * py + qx * qy + rx * ry);
    mxz += w * (9 * gx * gz + px * pz + qx * qz + rx * rz);
    myz += w * (9 * gy * gz + py * pz + qy * qz + ry * rz);
  }
  sums[0] = area; sums[1] = volume6; sums[2] = sx; sums[3] = sy; sums[4] = sz;
  sums[5] = mxx; sums[6] = myy; sums[7] = mzz; sums[8] = mxy; sums[9] = mxz; sums[10] = myz;
}

/** Normals of the largest hull facets: coplanar triangles grouped by normal, by total area. */
function largestFacets(triArea: Float64Array, triNormal: Float64Array): Float64Array[] {
  const order = Array.from(triArea.keys()).sort((i, j) => triArea[j]! - triArea[i]!);
  // Groups in creation order: unit normals (xyz flat) and total areas. A triangle joins the
  // first group within the angle; unit normals that close differ by < 5e-5 in x, so a larger
  // x difference settles a group without the dot product (the same groups, fewer operations).
  const normals = new Float64Array(3 * MAX_FACET_GROUPS), areas = new Float64Array(MAX_FACET_GROUPS);
  let count = 0;
  for (let k = 0; k < order.length; k++) {
    const t = order[k]!;
    if (!(triArea[t]! > 0)) break;
    const nx = triNormal[3 * t]!, ny = triNormal[3 * t + 1]!, nz = triNormal[3 * t + 2]!;
    let g = -1;
    for (let h = 0; h < count; h++) {
      const hx = normals[3 * h]!;
      if (hx - nx > 1e-4 || nx - hx > 1e-4) continue;
      if (hx * nx + normals[3 * h + 1]! * ny + normals[3 * h + 2]! * nz > 1 - 1e-9) { g = h; break; }
    }
    if (g >= 0) areas[g] += triArea[t]!;
    else if (count < MAX_FACET_GROUPS) {
      normals[3 * count] = nx; normals[3 * count + 1] = ny; normals[3 * count + 2] = nz;
      areas[count++] = triArea[t]!;
    }
  }
  const byArea = Array.from({ length: count }, (_, h) => h).sort((a, b) => areas[b]! - areas[a]!);
  return byArea.slice(0, FACE_CANDIDATES).map((h) => normals.slice(3 * h, 3 * h + 3));
}

/** At most this many facet groups are kept (the first ones, by triangle area). */
const MAX_FACET_GROUPS = 64;

// ---------------------------------------------------------------------------------------------
// Convex hull. quickhull3d (the package) loops forever on nearly collinear or nearly coplanar
// input (ten points on a line are enough) and its package entry does not load in plain Node, so
// the hull is built here: incremental insertion with conflict lists, on coordinates snapped to
// a 2⁻⁵¹ grid (about one ulp), with an exact orientation predicate (Shewchuk's adaptive
// arithmetic, robust-predicates).
// Exact signs keep the combinatorics consistent, so it always terminates with a closed,
// outward-oriented triangulated surface (coplanar triangles are not merged).

/** Covariance of the points themselves (the fallback when there is no hull with volume). */
export function pointCovariance(q: Float64Array, n: number): Float64Array {
  let mx = 0, my = 0, mz = 0;
  for (let i = 0; i < n; i++) { mx += q[3 * i]!; my += q[3 * i + 1]!; mz += q[3 * i + 2]!; }
  mx /= n; my /= n; mz /= n;
  let xx = 0, yy = 0, zz = 0, xy = 0, xz = 0, yz = 0;
  for (let i = 0; i < n; i++) {
    const x = q[3 * i]! - mx, y = q[3 * i + 1]! - my, z = q[3 * i + 2]! - mz;
    xx += x * x; yy += y * y; zz += z * z; xy += x * y; xz += x * z; yz += y * z;
  }
  return new Float64Array([xx / n, xy / n, xz / n, xy / n, yy / n, yz / n, xz / n, yz / n, zz / n]);
}

/**
 * The frame (a, normal × a, normal) whose first two axes bound the projection of the points
 * on the plane ⊥ `normal` with the smallest rectangle. The minimum-area rectangle has a side
 * on the 2-D hull, so the hull edges are the candidates (at most MAX_RECT_EDGES of them).
 */
export function rectangleFrame(q: Float64Array, support: Uint32Array, normalIn: ArrayLike<number>): Float64Array {
  const frame = new Float64Array(9);
  frame[0] = normalIn[0]!; frame[1] = normalIn[1]!; frame[2] = normalIn[2]!;
  orthonormalizeRows(frame); // rows: normal, u, v
  const ex = frame[0]!, ey = frame[1]!, ez = frame[2]!;
  const ux = frame[3]!, uy = frame[4]!, uz = frame[5]!;
  const vx = frame[6]!, vy = frame[7]!, vz = frame[8]!;
  const m = support.length;
  const xs = new Float64Array(m), ys = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const i = support[k]!;
    const px = q[3 * i]!, py = q[3 * i + 1]!, pz = q[3 * i + 2]!;
    xs[k] = px * ux + py * uy + pz * uz;
    ys[k] = px * vx + py * vy + pz * vz;
  }
  const ring = hull2d(xs, ys);
  const direction = new Float64Array(2);
  minRectangleDirection(xs, ys, ring, direction);
  const dx = direction[0]!, dy = direction[1]!;
  const ax = dx * ux + dy * vx, ay = dx * uy + dy * vy, az = dx * uz + dy * vz;
  const axes = new Float64Array(9);
  axes[0] = ax; axes[1] = ay; axes[2] = az;
  axes[3] = ey * az - ez * ay; axes[4] = ez * ax - ex * az; axes[5] = ex * ay - ey * ax;
  return orthonormalizeRows(axes);
}

/**
 * The unit direction (into `out`) of the ring edge whose rectangle around the ring (xs, ys at
 * the ring's indices) has the smallest area, the first on ties, at most MAX_RECT_EDGES edges
 * tried (evenly strided); (1, 0) when no edge has a length.
 */
export function minRectangleDirection(xs: Float64Array, ys: Float64Array, ring: number[], out: Float64Array): void {
  let dx = 1, dy = 0;
  if (ring.length >= 2) {
    const edges = ring.length === 2 ? 1 : ring.length;
    const stride = Math.ceil(edges / MAX_RECT_EDGES);
    let bestArea = Infinity;
    // Ring positions of points extreme along the last edge fully scanned (lo and hi along it,
    // hi across it), walked forward for each new edge: as the edge turns, they turn with it.
    const seeds = new Int32Array(3);
    for (let e = 0; e < edges; e += stride) {
      const a = ring[e]!, b = ring[(e + 1) % ring.length]!;
      let ex2 = xs[b]! - xs[a]!, ey2 = ys[b]! - ys[a]!;
      const len = Math.hypot(ex2, ey2);
      if (!(len > 0)) continue;
      ex2 /= len; ey2 /= len;
      // A rectangle's area only grows with the points it bounds, in floating point too
      // (differences, sums and products of non-negative terms round monotonically), so when
      // the edge's own points and the walked extremes already bound one no smaller than the
      // best, the full rectangle cannot win (it must be strictly smaller): skipped, same answer.
      if (bestArea < Infinity && seededArea(xs, ys, ring, seeds, a, b, ex2, ey2) >= bestArea) continue;
      let lo1 = Infinity, hi1 = -Infinity, lo2 = Infinity, hi2 = -Infinity;
      for (let r = 0; r < ring.length; r++) {
        const k = ring[r]!;
        const p1 = xs[k]! * ex2 + ys[k]! * ey2;
        const p2 = ys[k]! * ex2 - xs[k]! * ey2;
        if (p1 < lo1) { lo1 = p1; seeds[0] = r; }
        if (p1 > hi1) { hi1 = p1; seeds[1] = r; }
        if (p2 < lo2) lo2 = p2;
        if (p2 > hi2) { hi2 = p2; seeds[2] = r; }
      }
      const area = (hi1 - lo1 + COMPARE_PAD) * (hi2 - lo2 + COMPARE_PAD);
      if (area < bestArea) {
        bestArea = area;
        dx = ex2;
        dy = ey2;
      }
    }
  }
  out[0] = dx;
  out[1] = dy;
}

/**
 * The area of the rectangle along (ex2, ey2) around edge points a, b and the ring points at
 * `seeds`, each seed first walked forward while its point gets more extreme (lo, hi along the
 * edge, hi across it); the projections are the full scan's, operation for operation.
 */
function seededArea(xs: Float64Array, ys: Float64Array, ring: number[], seeds: Int32Array, a: number, b: number, ex2: number, ey2: number): number {
  const n = ring.length;
  for (let s = 0; s < 3; s++) {
    // Direction to push along: −edge, +edge, or across (p2 = ys·ex2 − xs·ey2).
    const cx = s === 0 ? -ex2 : s === 1 ? ex2 : -ey2, cy = s === 0 ? -ey2 : s === 1 ? ey2 : ex2;
    let r = seeds[s]!, k = ring[r]!, here = xs[k]! * cx + ys[k]! * cy;
    for (let steps = 0; steps < n; steps++) {
      const next = r + 1 === n ? 0 : r + 1, j = ring[next]!;
      const there = xs[j]! * cx + ys[j]! * cy;
      if (!(there > here)) break;
      r = next; here = there;
    }
    seeds[s] = r;
  }
  let lo1 = Infinity, hi1 = -Infinity, lo2 = Infinity, hi2 = -Infinity;
  for (let s = 0; s < 5; s++) {
    const k = s < 3 ? ring[seeds[s]!]! : s === 3 ? a : b;
    const p1 = xs[k]! * ex2 + ys[k]! * ey2;
    const p2 = ys[k]! * ex2 - xs[k]! * ey2;
    if (p1 < lo1) lo1 = p1;
    if (p1 > hi1) hi1 = p1;
    if (p2 < lo2) lo2 = p2;
    if (p2 > hi2) hi2 = p2;
  }
  return (hi1 - lo1 + COMPARE_PAD) * (hi2 - lo2 + COMPARE_PAD);
}

/** Andrew's monotone chain; returns indices of the counter-clockwise hull (no collinear points). */
export function hull2d(xs: Float64Array, ys: Float64Array): number[] {
  const m = xs.length;
  const idx = Array.from({ length: m }, (_, i) => i).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]!);
  if (m < 3) {
    if (m === 2 && xs[idx[0]!] === xs[idx[1]!] && ys[idx[0]!] === ys[idx[1]!]) return [idx[0]!];
    return idx;
  }
  const out: number[] = [];
  for (let k = 0; k < m; k++) {
    const i = idx[k]!;
    while (out.length >= 2 && cross2d(xs, ys, out[out.length - 2]!, out[out.length - 1]!, i) <= 0) out.pop();
    out.push(i);
  }
  const lower = out.length + 1;
  for (let k = m - 2; k >= 0; k--) {
    const i = idx[k]!;
    while (out.length >= lower && cross2d(xs, ys, out[out.length - 2]!, out[out.length - 1]!, i) <= 0) out.pop();
    out.push(i);
  }
  out.pop();
  if (out.length === 2 && xs[out[0]!] === xs[out[1]!] && ys[out[0]!] === ys[out[1]!]) out.pop();
  return out;
}

/** (a − o) × (b − o) of three 2-D points. */
function cross2d(xs: Float64Array, ys: Float64Array, o: number, a: number, b: number): number {
  return (xs[a]! - xs[o]!) * (ys[b]! - ys[o]!) - (ys[a]! - ys[o]!) * (xs[b]! - xs[o]!);
}

/** Π (extent_i + pad) of the box with the given axes around the support points. */
export function paddedVolume(q: Float64Array, support: Uint32Array, axes: Float64Array): number {
  let volume = 1;
  for (let r = 0; r < 3; r++) {
    const ax = axes[3 * r]!, ay = axes[3 * r + 1]!, az = axes[3 * r + 2]!;
    let lo = Infinity, hi = -Infinity;
    for (let k = 0; k < support.length; k++) {
      const i = support[k]!;
      const p = q[3 * i]! * ax + q[3 * i + 1]! * ay + q[3 * i + 2]! * az;
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
    volume *= hi - lo + COMPARE_PAD;
  }
  return volume;
}

export function allFinite(v: ArrayLike<number>): boolean {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i]!)) return false;
  return true;
}
