// quickhull3d's package entry re-exports through extension-less ESM specifiers that plain
// Node cannot load; the self-contained bundle it ships next to it loads everywhere.
// @ts-expect-error -- the bundle has no type declarations; typed by `quickhull` below.
import quickhullBundle from 'quickhull3d/dist/quickhull3d.js';
import { SurfcdError } from '../errors.js';
import { aabbMagnitude, emptyAabb, expandAabbByPoint } from './aabb.js';
import type { Rigid } from './rigid.js';
import { orthonormalizeRows, symmetricEigen3 } from './symmetricEigen.js';

/**
 * An oriented bounding box in some local frame (usually a part's frame).
 * `axes` is row-major 3×3: row i (`axes[3i..3i+2]`) is the unit vector of box axis i; the rows
 * form a right-handed orthonormal basis. `halfExtents[i]` is the half-size along axis i.
 */
export interface Obb {
  center: Float64Array;
  axes: Float64Array;
  halfExtents: Float64Array;
}

const quickhull = quickhullBundle as (
  points: ArrayLike<number>[],
  options?: { skipTriangulation?: boolean },
) => number[][];

/**
 * A hull whose volume (in coordinates normalised so the largest AABB half-extent is 1, i.e.
 * against a box volume of up to 8) is below this is flat or worse; quickhull's faces are then
 * not a closed surface and its covariance would be junk.
 */
const FLAT_HULL_VOLUME = 1e-9;
/** Extents grow by this times the coordinate magnitude so rounding never lets a point out. */
const CONTAIN_EPS = 1e-12;
/** Padding (normalised units) when comparing candidate boxes: flat boxes compare by area. */
const COMPARE_PAD = 1e-9;
/** A candidate must be smaller by this factor to replace an earlier one (AABB comes first). */
const IMPROVEMENT = 1 - 1e-9;
/** Largest hull faces whose normals seed extra candidate frames. */
const FACE_CANDIDATES = 4;
/** At most this many 2-D hull edges are tried by the rotating-rectangle search. */
const MAX_RECT_EDGES = 256;

/**
 * Fits an OBB to `count` points (xyz flat in `positions`; default all of them), per
 * Gottschalk et al. (OBBTree, 1996): the axes are the eigenvectors of the covariance of the
 * convex hull's surface (integrated over the hull triangles, area-weighted), and the extents
 * come from projecting every input point on them.
 *
 * The covariance frame is only a guess when eigenvalues repeat (cubes, square bars), so it
 * competes with a few cheap alternatives and the smallest box wins: the AABB axes (kept on
 * ties, so axis-aligned CAD parts get exact axis-aligned boxes), the minimum-area rectangle
 * around each eigenvector, and around the normals of the largest hull faces.
 *
 * Fallbacks: fewer than 4 points, or points that are coplanar, collinear or coincident (quickhull
 * throws or returns a hull with no volume) use the covariance of the points instead of the
 * hull's; all coincident points give the AABB axes. The result never holds NaN and always
 * contains every input point: extents are grown by a relative epsilon (1e-12 of the
 * coordinate magnitude).
 *
 * @throws SurfcdError INVALID_MESH when there are no points, `count` does not fit `positions`,
 *   or a coordinate is not finite.
 */
export function fitObb(positions: ArrayLike<number>, count?: number): Obb {
  const n = count ?? Math.floor(positions.length / 3);
  if (!Number.isInteger(n) || n < 0 || n * 3 > positions.length) {
    throw new SurfcdError('INVALID_MESH', `fitObb: count ${count} does not fit ${positions.length} coordinates (need 3 per point)`);
  }
  if (n === 0) throw new SurfcdError('INVALID_MESH', 'fitObb: no points to bound');

  const box = emptyAabb();
  for (let i = 0; i < n; i++) {
    const x = positions[3 * i]!, y = positions[3 * i + 1]!, z = positions[3 * i + 2]!;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      throw new SurfcdError('INVALID_MESH', `fitObb: point ${i} is (${x}, ${y}, ${z}), expected finite coordinates`);
    }
    expandAabbByPoint(box, x, y, z);
  }
  const cx = 0.5 * box[0]! + 0.5 * box[3]!;
  const cy = 0.5 * box[1]! + 0.5 * box[4]!;
  const cz = 0.5 * box[2]! + 0.5 * box[5]!;
  const s = Math.max(0.5 * box[3]! - 0.5 * box[0]!, 0.5 * box[4]! - 0.5 * box[1]!, 0.5 * box[5]! - 0.5 * box[2]!);
  const c = [cx, cy, cz] as const;
  const eps = CONTAIN_EPS * (aabbMagnitude(box) + s);
  const identity = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  if (!(s > 0)) return finalize(positions, n, c, identity, eps); // one point, or all coincident

  // Work in normalised coordinates: centred on the AABB, largest half-extent 1.
  const q = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    q[3 * i] = (positions[3 * i]! - cx) / s;
    q[3 * i + 1] = (positions[3 * i + 1]! - cy) / s;
    q[3 * i + 2] = (positions[3 * i + 2]! - cz) / s;
  }

  const hull = convexHull(q, n);
  const support = hull ? hull.vertices : allIndices(n);
  const covariance = hull ? hull.covariance : pointCovariance(q, n);
  const eigen = symmetricEigen3(covariance);

  const candidates: Float64Array[] = [identity, eigen.vectors];
  for (let k = 0; k < 3; k++) {
    candidates.push(rectangleFrame(q, support, eigen.vectors.subarray(3 * k, 3 * k + 3)));
  }
  if (hull) {
    for (const normal of hull.largestFaceNormals) candidates.push(rectangleFrame(q, support, normal));
  }

  let best: Float64Array = identity;
  let bestVolume = paddedVolume(q, support, identity);
  for (let k = 1; k < candidates.length; k++) {
    const axes = candidates[k]!;
    if (!allFinite(axes)) continue;
    const volume = paddedVolume(q, support, axes);
    if (volume < bestVolume * IMPROVEMENT) {
      best = axes;
      bestVolume = volume;
    }
  }
  return finalize(positions, n, c, best, eps);
}

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
  if (n < 4 || n * 3 > positions.length) return null;
  const box = emptyAabb();
  for (let i = 0; i < n; i++) expandAabbByPoint(box, positions[3 * i]!, positions[3 * i + 1]!, positions[3 * i + 2]!);
  const cx = 0.5 * box[0]! + 0.5 * box[3]!, cy = 0.5 * box[1]! + 0.5 * box[4]!, cz = 0.5 * box[2]! + 0.5 * box[5]!;
  const s = Math.max(0.5 * box[3]! - 0.5 * box[0]!, 0.5 * box[4]! - 0.5 * box[1]!, 0.5 * box[5]! - 0.5 * box[2]!);
  if (!(s > 0) || !Number.isFinite(s)) return null;
  const q = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    q[3 * i] = (positions[3 * i]! - cx) / s;
    q[3 * i + 1] = (positions[3 * i + 1]! - cy) / s;
    q[3 * i + 2] = (positions[3 * i + 2]! - cz) / s;
  }
  const hull = convexHull(q, n);
  if (!hull) return null;
  const covariance = new Float64Array(9);
  for (let i = 0; i < 9; i++) covariance[i] = hull.covariance[i]! * s * s;
  const mean = new Float64Array([cx + s * hull.mean[0]!, cy + s * hull.mean[1]!, cz + s * hull.mean[2]!]);
  return { mean, covariance, area: hull.area * s * s };
}

interface Hull {
  /** Indices of the points on the hull. */
  vertices: Uint32Array;
  mean: Float64Array;
  covariance: Float64Array;
  area: number;
  /** Unit normals of the largest hull faces (coplanar triangles merged by quickhull). */
  largestFaceNormals: Float64Array[];
}

/** The convex hull of normalised points and its surface statistics, or null if degenerate. */
function convexHull(q: Float64Array, n: number): Hull | null {
  if (n < 4) return null;
  const points: Float64Array[] = new Array(n);
  for (let i = 0; i < n; i++) points[i] = q.subarray(3 * i, 3 * i + 3);
  let faces: number[][];
  try {
    faces = quickhull(points, { skipTriangulation: true });
  } catch {
    return null; // collinear / coincident input makes quickhull throw
  }
  if (!Array.isArray(faces) || faces.length < 4) return null;

  let area = 0;
  let volume6 = 0;
  let sx = 0, sy = 0, sz = 0;
  // Second moments about the origin (the AABB centre, so no cancellation).
  let mxx = 0, myy = 0, mzz = 0, mxy = 0, mxz = 0, myz = 0;
  const onHull = new Uint8Array(n);
  const faceAreas: number[] = [];
  const faceNormals: Float64Array[] = [];
  for (const face of faces) {
    if (!Array.isArray(face) || face.length < 3) return null;
    for (const idx of face) {
      if (!Number.isInteger(idx) || idx < 0 || idx >= n) return null;
      onHull[idx] = 1;
    }
    const i0 = face[0]!;
    const px = q[3 * i0]!, py = q[3 * i0 + 1]!, pz = q[3 * i0 + 2]!;
    let nx = 0, ny = 0, nz = 0, faceArea = 0;
    for (let k = 1; k + 1 < face.length; k++) {
      const i1 = face[k]!, i2 = face[k + 1]!;
      const qx = q[3 * i1]!, qy = q[3 * i1 + 1]!, qz = q[3 * i1 + 2]!;
      const rx = q[3 * i2]!, ry = q[3 * i2 + 1]!, rz = q[3 * i2 + 2]!;
      const ux = qx - px, uy = qy - py, uz = qz - pz;
      const vx = rx - px, vy = ry - py, vz = rz - pz;
      const cxp = uy * vz - uz * vy, cyp = uz * vx - ux * vz, czp = ux * vy - uy * vx;
      const m = 0.5 * Math.hypot(cxp, cyp, czp);
      nx += cxp; ny += cyp; nz += czp;
      faceArea += m;
      volume6 += px * (qy * rz - qz * ry) + py * (qz * rx - qx * rz) + pz * (qx * ry - qy * rx);
      if (m === 0) continue;
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
    const len = Math.hypot(nx, ny, nz);
    if (len > 0) {
      faceAreas.push(faceArea);
      faceNormals.push(new Float64Array([nx / len, ny / len, nz / len]));
    }
  }
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

  const order = faceAreas.map((_, i) => i).sort((i, j) => faceAreas[j]! - faceAreas[i]!);
  const largestFaceNormals = order.slice(0, FACE_CANDIDATES).map((i) => faceNormals[i]!);
  return { vertices, mean, covariance, area, largestFaceNormals };
}

/** Covariance of the points themselves (the fallback when there is no hull with volume). */
function pointCovariance(q: Float64Array, n: number): Float64Array {
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
function rectangleFrame(q: Float64Array, support: Uint32Array, normalIn: ArrayLike<number>): Float64Array {
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
  let dx = 1, dy = 0;
  if (ring.length >= 2) {
    const edges = ring.length === 2 ? 1 : ring.length;
    const stride = Math.ceil(edges / MAX_RECT_EDGES);
    let bestArea = Infinity;
    for (let e = 0; e < edges; e += stride) {
      const a = ring[e]!, b = ring[(e + 1) % ring.length]!;
      let ex2 = xs[b]! - xs[a]!, ey2 = ys[b]! - ys[a]!;
      const len = Math.hypot(ex2, ey2);
      if (!(len > 0)) continue;
      ex2 /= len; ey2 /= len;
      let lo1 = Infinity, hi1 = -Infinity, lo2 = Infinity, hi2 = -Infinity;
      for (const k of ring) {
        const p1 = xs[k]! * ex2 + ys[k]! * ey2;
        const p2 = ys[k]! * ex2 - xs[k]! * ey2;
        if (p1 < lo1) lo1 = p1;
        if (p1 > hi1) hi1 = p1;
        if (p2 < lo2) lo2 = p2;
        if (p2 > hi2) hi2 = p2;
      }
      const area = (hi1 - lo1 + COMPARE_PAD) * (hi2 - lo2 + COMPARE_PAD);
      if (area < bestArea) {
        bestArea = area;
        dx = ex2;
        dy = ey2;
      }
    }
  }
  const ax = dx * ux + dy * vx, ay = dx * uy + dy * vy, az = dx * uz + dy * vz;
  const axes = new Float64Array(9);
  axes[0] = ax; axes[1] = ay; axes[2] = az;
  axes[3] = ey * az - ez * ay; axes[4] = ez * ax - ex * az; axes[5] = ex * ay - ey * ax;
  return orthonormalizeRows(axes);
}

/** Andrew's monotone chain; returns indices of the counter-clockwise hull (no collinear points). */
function hull2d(xs: Float64Array, ys: Float64Array): number[] {
  const m = xs.length;
  const idx = Array.from({ length: m }, (_, i) => i).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]!);
  if (m < 3) {
    if (m === 2 && xs[idx[0]!] === xs[idx[1]!] && ys[idx[0]!] === ys[idx[1]!]) return [idx[0]!];
    return idx;
  }
  const cross = (o: number, a: number, b: number) =>
    (xs[a]! - xs[o]!) * (ys[b]! - ys[o]!) - (ys[a]! - ys[o]!) * (xs[b]! - xs[o]!);
  const out: number[] = [];
  for (const i of idx) {
    while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, i) <= 0) out.pop();
    out.push(i);
  }
  const lower = out.length + 1;
  for (let k = m - 2; k >= 0; k--) {
    const i = idx[k]!;
    while (out.length >= lower && cross(out[out.length - 2]!, out[out.length - 1]!, i) <= 0) out.pop();
    out.push(i);
  }
  out.pop();
  if (out.length === 2 && xs[out[0]!] === xs[out[1]!] && ys[out[0]!] === ys[out[1]!]) out.pop();
  return out;
}

/** Π (extent_i + pad) of the box with the given axes around the support points. */
function paddedVolume(q: Float64Array, support: Uint32Array, axes: Float64Array): number {
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

/** The OBB with the given axes bounding all points (original coordinates), grown by eps. */
function finalize(positions: ArrayLike<number>, n: number, c: readonly [number, number, number], axesIn: Float64Array, eps: number): Obb {
  const axes = orthonormalizeRows(Float64Array.from(axesIn));
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    const dx = positions[3 * i]! - c[0], dy = positions[3 * i + 1]! - c[1], dz = positions[3 * i + 2]! - c[2];
    for (let r = 0; r < 3; r++) {
      const p = axes[3 * r]! * dx + axes[3 * r + 1]! * dy + axes[3 * r + 2]! * dz;
      if (p < lo[r]!) lo[r] = p;
      if (p > hi[r]!) hi[r] = p;
    }
  }
  const center = new Float64Array([c[0], c[1], c[2]]);
  const halfExtents = new Float64Array(3);
  for (let r = 0; r < 3; r++) {
    const mid = 0.5 * lo[r]! + 0.5 * hi[r]!;
    halfExtents[r] = (0.5 * hi[r]! - 0.5 * lo[r]!) + eps;
    center[0] += mid * axes[3 * r]!;
    center[1] += mid * axes[3 * r + 1]!;
    center[2] += mid * axes[3 * r + 2]!;
  }
  return { center, axes, halfExtents };
}

function allIndices(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

function allFinite(v: ArrayLike<number>): boolean {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i]!)) return false;
  return true;
}

/** Relative slack for rounding in the overlap test (of the coordinate magnitudes involved). */
const OVERLAP_SLACK = 64 * Number.EPSILON;
/** Added to |R| entries so that (nearly) parallel edges cannot produce a false separation. */
const ABS_R_EPS = 1e-12;

const R = new Float64Array(9);
const AR = new Float64Array(9);

/**
 * Gottschalk's 15-axis separating-axis test. `bToA` takes b's local coordinates to a's (both
 * boxes are given in their own parts' frames). Inclusive: touching boxes overlap. `margin`
 * grows both boxes by that much on every side (so boxes whose distance is at most 2·margin
 * always overlap). Rounding cannot separate touching boxes: every comparison gets a slack of
 * a few ulps of the magnitudes involved and |R| entries get the usual epsilon.
 */
export function obbsOverlap(a: Obb, b: Obb, bToA: Rigid, margin = 0): boolean {
  const A = a.axes, B = b.axes, m = bToA, ca = a.center, cb = b.center;
  // R[i][j] = A_i · (M B_j): b's axes in a's box frame (columns of R).
  for (let j = 0; j < 3; j++) {
    const b0 = B[3 * j]!, b1 = B[3 * j + 1]!, b2 = B[3 * j + 2]!;
    const wx = m[0]! * b0 + m[1]! * b1 + m[2]! * b2;
    const wy = m[4]! * b0 + m[5]! * b1 + m[6]! * b2;
    const wz = m[8]! * b0 + m[9]! * b1 + m[10]! * b2;
    for (let i = 0; i < 3; i++) {
      const r = A[3 * i]! * wx + A[3 * i + 1]! * wy + A[3 * i + 2]! * wz;
      R[3 * i + j] = r;
      AR[3 * i + j] = Math.abs(r) + ABS_R_EPS;
    }
  }
  // T: b's centre relative to a's, in a's box frame.
  const c0 = cb[0]!, c1 = cb[1]!, c2 = cb[2]!;
  const tx = m[0]! * c0 + m[1]! * c1 + m[2]! * c2 + m[3]! - ca[0]!;
  const ty = m[4]! * c0 + m[5]! * c1 + m[6]! * c2 + m[7]! - ca[1]!;
  const tz = m[8]! * c0 + m[9]! * c1 + m[10]! * c2 + m[11]! - ca[2]!;
  const T0 = A[0]! * tx + A[1]! * ty + A[2]! * tz;
  const T1 = A[3]! * tx + A[4]! * ty + A[5]! * tz;
  const T2 = A[6]! * tx + A[7]! * ty + A[8]! * tz;

  const a0 = a.halfExtents[0]! + margin, a1 = a.halfExtents[1]! + margin, a2 = a.halfExtents[2]! + margin;
  const b0 = b.halfExtents[0]! + margin, b1 = b.halfExtents[1]! + margin, b2 = b.halfExtents[2]! + margin;
  const slack =
    OVERLAP_SLACK *
    (Math.abs(ca[0]!) + Math.abs(ca[1]!) + Math.abs(ca[2]!) +
      Math.abs(c0) + Math.abs(c1) + Math.abs(c2) +
      Math.abs(m[3]!) + Math.abs(m[7]!) + Math.abs(m[11]!) +
      Math.abs(a0) + Math.abs(a1) + Math.abs(a2) + Math.abs(b0) + Math.abs(b1) + Math.abs(b2));

  const r00 = R[0]!, r01 = R[1]!, r02 = R[2]!, r10 = R[3]!, r11 = R[4]!, r12 = R[5]!, r20 = R[6]!, r21 = R[7]!, r22 = R[8]!;
  const s00 = AR[0]!, s01 = AR[1]!, s02 = AR[2]!, s10 = AR[3]!, s11 = AR[4]!, s12 = AR[5]!, s20 = AR[6]!, s21 = AR[7]!, s22 = AR[8]!;

  // A's face axes.
  if (Math.abs(T0) > a0 + b0 * s00 + b1 * s01 + b2 * s02 + slack) return false;
  if (Math.abs(T1) > a1 + b0 * s10 + b1 * s11 + b2 * s12 + slack) return false;
  if (Math.abs(T2) > a2 + b0 * s20 + b1 * s21 + b2 * s22 + slack) return false;
  // B's face axes.
  if (Math.abs(T0 * r00 + T1 * r10 + T2 * r20) > a0 * s00 + a1 * s10 + a2 * s20 + b0 + slack) return false;
  if (Math.abs(T0 * r01 + T1 * r11 + T2 * r21) > a0 * s01 + a1 * s11 + a2 * s21 + b1 + slack) return false;
  if (Math.abs(T0 * r02 + T1 * r12 + T2 * r22) > a0 * s02 + a1 * s12 + a2 * s22 + b2 + slack) return false;
  // Edge–edge axes A_i × B_j.
  if (Math.abs(T2 * r10 - T1 * r20) > a1 * s20 + a2 * s10 + b1 * s02 + b2 * s01 + slack) return false;
  if (Math.abs(T2 * r11 - T1 * r21) > a1 * s21 + a2 * s11 + b0 * s02 + b2 * s00 + slack) return false;
  if (Math.abs(T2 * r12 - T1 * r22) > a1 * s22 + a2 * s12 + b0 * s01 + b1 * s00 + slack) return false;
  if (Math.abs(T0 * r20 - T2 * r00) > a0 * s20 + a2 * s00 + b1 * s12 + b2 * s11 + slack) return false;
  if (Math.abs(T0 * r21 - T2 * r01) > a0 * s21 + a2 * s01 + b0 * s12 + b2 * s10 + slack) return false;
  if (Math.abs(T0 * r22 - T2 * r02) > a0 * s22 + a2 * s02 + b0 * s11 + b1 * s10 + slack) return false;
  if (Math.abs(T1 * r00 - T0 * r10) > a0 * s10 + a1 * s00 + b1 * s22 + b2 * s21 + slack) return false;
  if (Math.abs(T1 * r01 - T0 * r11) > a0 * s11 + a1 * s01 + b0 * s22 + b2 * s20 + slack) return false;
  if (Math.abs(T1 * r02 - T0 * r12) > a0 * s12 + a1 * s02 + b0 * s21 + b1 * s20 + slack) return false;
  return true;
}

/**
 * The 8 corners of the box (24 numbers, xyz each). Corner k takes +halfExtent[i] along axis i
 * when bit i of k is set, −halfExtent[i] otherwise.
 */
export function obbCorners(o: Obb): Float64Array {
  const out = new Float64Array(24);
  const A = o.axes, h = o.halfExtents, c = o.center;
  for (let k = 0; k < 8; k++) {
    const s0 = k & 1 ? h[0]! : -h[0]!;
    const s1 = k & 2 ? h[1]! : -h[1]!;
    const s2 = k & 4 ? h[2]! : -h[2]!;
    out[3 * k] = c[0]! + s0 * A[0]! + s1 * A[3]! + s2 * A[6]!;
    out[3 * k + 1] = c[1]! + s0 * A[1]! + s1 * A[4]! + s2 * A[7]!;
    out[3 * k + 2] = c[2]! + s0 * A[2]! + s1 * A[5]! + s2 * A[8]!;
  }
  return out;
}

/** Volume of the box. */
export function obbVolume(o: Obb): number {
  return 8 * o.halfExtents[0]! * o.halfExtents[1]! * o.halfExtents[2]!;
}
