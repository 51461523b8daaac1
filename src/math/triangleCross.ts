/**
 * Crossing versus touching, for two triangles known (or suspected) to meet.
 *
 * Two triangles *cross* when each has vertices strictly on both sides of the other's
 * plane and the two chords they cut from the planes' common line overlap over a
 * positive length: then the overlap is interior to both, a transversal pass-through.
 * Coplanar contact, an edge lying on a face, a vertex resting on a face, or two
 * triangles meeting only at their boundaries is touching, which is how mating CAD faces
 * meet. Degenerate triangles have no sides, so they never cross.
 */

// Scratch: signed distances of each triangle's vertices to the other's plane.
const distP = new Float64Array(3);
const distQ = new Float64Array(3);
const normalP = new Float64Array(3);
const normalQ = new Float64Array(3);
const chordP = new Float64Array(2);
const chordQ = new Float64Array(2);

/** Relative threshold for "strictly beyond" a plane and "positive length" (collide/crossFree.ts relies on it). */
export const CROSS_RELATIVE = 1e-9;
const RELATIVE = CROSS_RELATIVE;

export function trianglesCross(p: Float64Array, q: Float64Array): boolean {
  const size = Math.max(extent(p), extent(q));
  if (size === 0) return false;
  const magnitude = maxAbs(p, q);
  const eps = Math.max(RELATIVE * size, 1e-15 * magnitude);
  // Each plane's test right after its normal: most pairs that meet do not cross, and q not
  // straddling p's plane already says so (the same answer as testing both normals first).
  if (!unitNormal(p, normalP) || !signedDistances(q, p, normalP, eps, distQ)) return false;
  if (!unitNormal(q, normalQ) || !signedDistances(p, q, normalQ, eps, distP)) return false;
  // Direction of the planes' common line.
  const dx = normalP[1]! * normalQ[2]! - normalP[2]! * normalQ[1]!;
  const dy = normalP[2]! * normalQ[0]! - normalP[0]! * normalQ[2]!;
  const dz = normalP[0]! * normalQ[1]! - normalP[1]! * normalQ[0]!;
  if (Math.hypot(dx, dy, dz) < 1e-12) return false; // parallel planes cannot both straddle
  chord(p, distP, dx, dy, dz, chordP);
  chord(q, distQ, dx, dy, dz, chordQ);
  const p0 = chordP[0]!, p1 = chordP[1]!, q0 = chordQ[0]!, q1 = chordQ[1]!;
  const overlap = Math.min(p1, q1) - Math.max(p0, q0);
  return overlap > eps * Math.hypot(dx, dy, dz);
}

/**
 * Signed distances of t's vertices to the plane of `plane` (unit normal n); true when
 * t has vertices strictly (beyond eps) on both sides. Within eps counts as on the plane.
 */
function signedDistances(t: Float64Array, plane: Float64Array, n: Float64Array, eps: number, out: Float64Array): boolean {
  let above = false, below = false;
  for (let k = 0; k < 3; k++) {
    let d = n[0]! * (t[3 * k]! - plane[0]!) + n[1]! * (t[3 * k + 1]! - plane[1]!) + n[2]! * (t[3 * k + 2]! - plane[2]!);
    if (Math.abs(d) <= eps) d = 0;
    out[k] = d;
    if (d > 0) above = true;
    else if (d < 0) below = true;
  }
  return above && below;
}

/** The interval, along direction d, of where triangle t meets the other plane, into out[0..1]. */
function chord(t: Float64Array, dist: Float64Array, dx: number, dy: number, dz: number, out: Float64Array): void {
  let lo = Infinity, hi = -Infinity;
  for (let k = 0; k < 3; k++) {
    const j = (k + 1) % 3;
    const dk = dist[k]!, dj = dist[j]!;
    const projK = dx * t[3 * k]! + dy * t[3 * k + 1]! + dz * t[3 * k + 2]!;
    if (dk === 0) {
      if (projK < lo) lo = projK;
      if (projK > hi) hi = projK;
    }
    if ((dk < 0 && dj > 0) || (dk > 0 && dj < 0)) {
      const projJ = dx * t[3 * j]! + dy * t[3 * j + 1]! + dz * t[3 * j + 2]!;
      const v = projK + ((projJ - projK) * dk) / (dk - dj);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  out[0] = lo;
  out[1] = hi;
}

function unitNormal(t: Float64Array, out: Float64Array): boolean {
  const ux = t[3]! - t[0]!, uy = t[4]! - t[1]!, uz = t[5]! - t[2]!;
  const vx = t[6]! - t[0]!, vy = t[7]! - t[1]!, vz = t[8]! - t[2]!;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const length = Math.hypot(nx, ny, nz);
  if (!(length > 0)) return false;
  out[0] = nx / length;
  out[1] = ny / length;
  out[2] = nz / length;
  return true;
}

function extent(t: Float64Array): number {
  let m = 0;
  for (let k = 0; k < 3; k++) m = Math.max(m, Math.abs(t[3 + k]! - t[k]!), Math.abs(t[6 + k]! - t[k]!), Math.abs(t[6 + k]! - t[3 + k]!));
  return m;
}

function maxAbs(p: Float64Array, q: Float64Array): number {
  let m = 0;
  for (let i = 0; i < 9; i++) m = Math.max(m, Math.abs(p[i]!), Math.abs(q[i]!));
  return m;
}

// Clipping scratch: a triangle clipped by three planes has at most 6 vertices. Each clip
// reads one buffer and writes the other.
const polygons = [new Float64Array(3 * 8), new Float64Array(3 * 8)] as const;

/**
 * Penetration estimate for two crossing triangles, using their windings as outward
 * normals (occt flips reversed faces, so winding points out of the material). For each
 * triangle, the part of it that lies over the other (inside the other's prism) is
 * measured for how far it goes behind the other's plane; the smaller of the two is the
 * shorter way to pull them apart. Clipping to the prism matters: a long cylinder facet
 * reaches far behind the plane of a small face it only grazes at a rim.
 */
export function crossingDepth(p: Float64Array, q: Float64Array): number {
  return Math.min(depthBehind(q, p), depthBehind(p, q));
}

/** Deepest point of t, clipped to the prism over `plane`, behind `plane`'s outward side. */
function depthBehind(t: Float64Array, plane: Float64Array): number {
  const ux = plane[3]! - plane[0]!, uy = plane[4]! - plane[1]!, uz = plane[5]! - plane[2]!;
  const vx = plane[6]! - plane[0]!, vy = plane[7]! - plane[1]!, vz = plane[8]! - plane[2]!;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const nLength = Math.hypot(nx, ny, nz);
  if (nLength === 0) return 0;
  let polygon = polygons[0];
  for (let i = 0; i < 9; i++) polygon[i] = t[i]!;
  let count = 3;
  for (let e = 0; e < 3 && count > 0; e++) {
    const ax = plane[3 * e]!, ay = plane[3 * e + 1]!, az = plane[3 * e + 2]!;
    const b = 3 * ((e + 1) % 3);
    const ex = plane[b]! - ax, ey = plane[b + 1]! - ay, ez = plane[b + 2]! - az;
    // Inward normal of the prism side through edge e: n × e.
    const mx = ny * ez - nz * ey, my = nz * ex - nx * ez, mz = nx * ey - ny * ex;
    const clipped = polygon === polygons[0] ? polygons[1] : polygons[0];
    count = clipPolygon(polygon, count, clipped, mx, my, mz, mx * ax + my * ay + mz * az);
    polygon = clipped;
  }
  let deepest = 0;
  for (let k = 0; k < count; k++) {
    const d = -(nx * (polygon[3 * k]! - plane[0]!) + ny * (polygon[3 * k + 1]! - plane[1]!) + nz * (polygon[3 * k + 2]! - plane[2]!)) / nLength;
    if (d > deepest) deepest = d;
  }
  return deepest;
}

/** Sutherland–Hodgman: writes into `clippedPolygon` the part of `polygon` with m·x ≥ offset. Returns its count. */
function clipPolygon(polygon: Float64Array, count: number, clippedPolygon: Float64Array, mx: number, my: number, mz: number, offset: number): number {
  let out = 0;
  for (let k = 0; k < count; k++) {
    const j = (k + 1) % count;
    const sk = mx * polygon[3 * k]! + my * polygon[3 * k + 1]! + mz * polygon[3 * k + 2]! - offset;
    const sj = mx * polygon[3 * j]! + my * polygon[3 * j + 1]! + mz * polygon[3 * j + 2]! - offset;
    if (sk >= 0) {
      clippedPolygon[3 * out] = polygon[3 * k]!;
      clippedPolygon[3 * out + 1] = polygon[3 * k + 1]!;
      clippedPolygon[3 * out + 2] = polygon[3 * k + 2]!;
      out++;
    }
    if ((sk >= 0) !== (sj >= 0)) {
      const s = sk / (sk - sj);
      for (let c = 0; c < 3; c++) clippedPolygon[3 * out + c] = polygon[3 * k + c]! + s * (polygon[3 * j + c]! - polygon[3 * k + c]!);
      out++;
    }
  }
  return out;
}
