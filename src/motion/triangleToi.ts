/**
 * Exact time of impact of two triangles when the first one translates: p(t) = p + t·d,
 * q fixed, t ∈ [0, tMax]. Under a translation every contact condition is linear in t,
 * so each candidate is one division, not a search:
 *   - a vertex of p meets the face of q (signed plane distance s(t) = s0 + t·ṡ reaches 0
 *     with the moving vertex inside the triangle),
 *   - a vertex of q meets the face of p (the same with −d, from p's side),
 *   - an edge of p meets an edge of q (the two lines become coplanar: the distance along
 *     n = ea × eb is linear in t; then both line parameters must lie in [0, 1]),
 *   - coplanar triangles sliding into each other in their common plane (a vertex meets
 *     an edge inside the plane), which the three cases above cannot see.
 * The first contact of two convex sets moving linearly is always one of these.
 *
 * Two modes:
 *   - exact (default): the first time the closed triangles touch, from either side; 0 if
 *     they already intersect at t = 0.
 *   - approach: only contacts that move *into* the material, with faces oriented by
 *     their winding (outward normals, as occt writes them). A pair touching at t = 0 and
 *     moving apart or sliding along is no event; a vertex already up to `skin` behind a
 *     face and moving deeper is an event at t = 0 (assembled parts cross by their
 *     tessellations' chordal error). This is what the simulator uses for starting contacts.
 *
 * Hot code, no allocation: the caller's ToiWork holds the working arrays and receives the hit.
 */
import { trianglesIntersect } from '../math/triangleIntersect.js';

export type ToiFeature = 'vertex-face' | 'face-vertex' | 'edge-edge' | 'coplanar' | 'overlap';
const FEATURES: ToiFeature[] = ['vertex-face', 'face-vertex', 'edge-edge', 'coplanar', 'overlap'];

/**
 * The working memory of translationToi and the hit it found, the caller's (one per query
 * that calls it: a query keeps it in its scratch).
 */
export class ToiWork {
  /** The hit's time, when translationToi returned one. */
  t = Infinity;
  /** The hit's feature (an index into ToiFeature's list: see featureName). */
  feature = 0;
  /** The contact point at the hit's time. */
  readonly point = new Float64Array(3);
  /** The unit contact normal, from q toward p. */
  readonly normal = new Float64Array(3);
  /** Unit normals of p and q and their lengths (4 each). */
  readonly np = new Float64Array(4);
  readonly nq = new Float64Array(4);
  readonly negD = new Float64Array(3);
  /** An interval [iv[0], iv[1]] of t (empty when iv[0] > iv[1]): see clipLinear. */
  readonly iv = new Float64Array(2);

  get featureName(): ToiFeature {
    return FEATURES[this.feature]!;
  }
}

export interface ToiMode {
  approach: boolean;
  /** approach mode: how far behind a face (mm) a vertex may start and still count as touching. */
  skin: number;
  /**
   * approach mode: a contact counts only if, while its features still face each other
   * (vertex inside the face, both edge parameters inside their edges), it goes deeper
   * than this (mm) before `horizon`. Two tessellations of one round fit slide past each
   * other with sliver crossings no deeper than their chordal sag: those are not events.
   */
  minDepth: number;
  /** approach mode: the end of the whole move (fraction), for the depth test. */
  horizon: number;
  /**
   * Only contacts at t > after count (resuming past an event). Each feature (a vertex on a
   * face, an edge on an edge) meets at one time under a translation, so a later feature of
   * the same pair is still found. Default −1.
   */
  after?: number;
}

/** Barycentric slack for "inside the triangle" and "inside the segment": inclusive, a few ulps wide. */
const INSIDE = 1e-9;
/** approach mode: an edge–edge contact this close to an edge's end (as a fraction of it) is a vertex contact. */
const ENDPOINT = 1e-7;

/**
 * Smallest t in [0, tMax] at which p + t·d meets q under `mode`, or Infinity. When a hit
 * is found, `work` holds it. Ties keep the first feature found (fixed order).
 */
export function translationToi(p: Float64Array, q: Float64Array, d: Float64Array, tMax: number, mode: ToiMode, work: ToiWork): number {
  const np = work.np, nq = work.nq, negD = work.negD;
  const dLength = Math.sqrt(d[0]! * d[0]! + d[1]! * d[1]! + d[2]! * d[2]!);
  const after = mode.after ?? -1;
  let best = Infinity;
  if (!mode.approach && after < 0 && trianglesIntersect(p, q)) {
    work.t = 0;
    work.feature = 4;
    work.point.set([(p[0]! + p[3]! + p[6]!) / 3, (p[1]! + p[4]! + p[7]!) / 3, (p[2]! + p[5]! + p[8]!) / 3]);
    unitNormal(q, nq);
    work.normal.set([nq[0]!, nq[1]!, nq[2]!]);
    return 0;
  }
  if (dLength === 0) return Infinity;
  // Parallel motion: |ṡ| below this is sliding, not approaching.
  const still = (mode.approach ? 1e-9 : 1e-14) * dLength;
  const hasNp = unitNormal(p, np);
  const hasNq = unitNormal(q, nq);
  negD[0] = -d[0]!; negD[1] = -d[1]!; negD[2] = -d[2]!;
  let coplanar = false;
  if (hasNq) {
    for (let i = 0; i < 9; i += 3) {
      const t = vertexFace(p, i, d, q, nq, Math.min(best, tMax), still, mode, work.iv);
      if (t < best && t > after) {
        best = t;
        writeVertexHit(p, i, d, t, nq, 0, mode, work);
      } else if (t === -2) coplanar = true;
    }
  }
  if (hasNp) {
    for (let i = 0; i < 9; i += 3) {
      const t = vertexFace(q, i, negD, p, np, Math.min(best, tMax), still, mode, work.iv);
      if (t < best && t > after) {
        best = t;
        // The point is q's vertex (q does not move); the normal points from q toward p: −n_p.
        work.point[0] = q[i]!; work.point[1] = q[i + 1]!; work.point[2] = q[i + 2]!;
        const s = mode.approach ? -1 : d[0]! * np[0]! + d[1]! * np[1]! + d[2]! * np[2]! > 0 ? -1 : 1;
        work.normal[0] = s * np[0]!; work.normal[1] = s * np[1]!; work.normal[2] = s * np[2]!;
        work.feature = 1;
        work.t = t;
      }
    }
  }
  for (let i = 0; i < 9; i += 3) {
    for (let k = 0; k < 9; k += 3) {
      const t = edgeEdge(p, i, q, k, d, tMax, best, after, still, mode, hasNp && hasNq, work);
      if (t < best) best = t; // edgeEdge writes the hit itself
    }
  }
  if (coplanar && !mode.approach && hasNq) {
    const t = coplanarSlide(p, q, d, tMax, best, after, work);
    if (t < best) best = t;
  }
  return best;
}

/** Unit normal of triangle t into out[0..2], |n| into out[3]; false when degenerate. */
function unitNormal(t: Float64Array, out: Float64Array): boolean {
  const ux = t[3]! - t[0]!, uy = t[4]! - t[1]!, uz = t[5]! - t[2]!;
  const vx = t[6]! - t[0]!, vy = t[7]! - t[1]!, vz = t[8]! - t[2]!;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const n = Math.sqrt(nx * nx + ny * ny + nz * nz);
  // A sliver's normal is mostly rounding; its edges cover its contacts.
  const scale = (Math.abs(ux) + Math.abs(uy) + Math.abs(uz)) * (Math.abs(vx) + Math.abs(vy) + Math.abs(vz));
  if (!(n > 1e-12 * scale)) return false;
  out[0] = nx / n; out[1] = ny / n; out[2] = nz / n; out[3] = n;
  return true;
}

/**
 * Vertex v[i] moving by t·dv against the face of triangle f (unit normal n). Returns the
 * contact time, Infinity for none, or −2 when vertex and face are coplanar and the
 * motion is in their plane (exact mode hands that to coplanarSlide).
 */
function vertexFace(v: Float64Array, i: number, dv: Float64Array, f: Float64Array, n: Float64Array, tMax: number, still: number, mode: ToiMode, iv: Float64Array): number {
  const x = v[i]!, y = v[i + 1]!, z = v[i + 2]!;
  const s0 = (x - f[0]!) * n[0]! + (y - f[1]!) * n[1]! + (z - f[2]!) * n[2]!;
  const sd = dv[0]! * n[0]! + dv[1]! * n[1]! + dv[2]! * n[2]!;
  let t: number;
  if (mode.approach) {
    if (!(sd < -still)) return Infinity;
    // Cheap rejections before the inside-the-face clipping: already deeper than the skin,
    // reaching the face only after tMax, or never deeper than minDepth by the horizon.
    if (s0 < -mode.skin || (s0 > 0 && s0 / -sd > tMax) || -(s0 + mode.horizon * sd) <= mode.minDepth) return Infinity;
    // While the moving vertex is over the face: three linear conditions on t.
    iv[0] = 0; iv[1] = mode.horizon;
    const area2 = n[3]! * n[3]!;
    for (let a = 0; a < 9 && iv[0]! <= iv[1]!; a += 3) {
      const b = a === 6 ? 0 : a + 3;
      const ex = f[b]! - f[a]!, ey = f[b + 1]! - f[a + 1]!, ez = f[b + 2]! - f[a + 2]!;
      const rx = x - f[a]!, ry = y - f[a + 1]!, rz = z - f[a + 2]!;
      const c0 = ((ey * rz - ez * ry) * n[0]! + (ez * rx - ex * rz) * n[1]! + (ex * ry - ey * rx) * n[2]!) * n[3]! + INSIDE * area2;
      const c1 = ((ey * dv[2]! - ez * dv[1]!) * n[0]! + (ez * dv[0]! - ex * dv[2]!) * n[1]! + (ex * dv[1]! - ey * dv[0]!) * n[2]!) * n[3]!;
      clipLinear(iv, c0, c1);
    }
    const lo = iv[0]!, hi = iv[1]!;
    t = Math.max(lo, s0 <= 0 ? 0 : s0 / -sd);
    if (t > hi || t > tMax || s0 + t * sd < -mode.skin || -(s0 + hi * sd) <= mode.minDepth) return Infinity;
    return t;
  }
  if (Math.abs(sd) <= still) {
    const size = Math.abs(x) + Math.abs(y) + Math.abs(z) + Math.abs(f[0]!) + Math.abs(f[1]!) + Math.abs(f[2]!);
    return Math.abs(s0) <= 1e-12 * size ? -2 : Infinity;
  }
  t = -s0 / sd;
  if (t < 0 || t > tMax) return Infinity;
  return insideTriangle(x + t * dv[0]!, y + t * dv[1]!, z + t * dv[2]!, f, n) ? t : Infinity;
}

/** iv ∩= {t : c0 + c1·t ≥ 0}, for the interval [iv[0], iv[1]] (empty when iv[0] > iv[1]). */
function clipLinear(iv: Float64Array, c0: number, c1: number): void {
  if (c1 === 0) {
    if (!(c0 >= 0)) { iv[0] = 1; iv[1] = 0; }
    return;
  }
  const root = -c0 / c1;
  if (c1 > 0) { if (root > iv[0]!) iv[0] = root; } else if (root < iv[1]!) iv[1] = root;
}

/** Is the point's projection along n inside the closed triangle f (inclusive, a hair of slack)? */
function insideTriangle(x: number, y: number, z: number, f: Float64Array, n: Float64Array): boolean {
  const area2 = n[3]! * n[3]!;
  for (let a = 0; a < 9; a += 3) {
    const b = a === 6 ? 0 : a + 3;
    const ex = f[b]! - f[a]!, ey = f[b + 1]! - f[a + 1]!, ez = f[b + 2]! - f[a + 2]!;
    const rx = x - f[a]!, ry = y - f[a + 1]!, rz = z - f[a + 2]!;
    // (e × r)·n·|n| = twice the sub-triangle's area times |n|; barycentric = that / |n|².
    const c = ((ey * rz - ez * ry) * n[0]! + (ez * rx - ex * rz) * n[1]! + (ex * ry - ey * rx) * n[2]!) * n[3]!;
    if (c < -INSIDE * area2) return false;
  }
  return true;
}

function writeVertexHit(p: Float64Array, i: number, d: Float64Array, t: number, n: Float64Array, feature: number, mode: ToiMode, hit: ToiWork): void {
  hit.t = t;
  hit.feature = feature;
  hit.point[0] = p[i]! + t * d[0]!; hit.point[1] = p[i + 1]! + t * d[1]!; hit.point[2] = p[i + 2]! + t * d[2]!;
  // From q toward p: the face normal on the side the vertex came from.
  const s = mode.approach ? 1 : d[0]! * n[0]! + d[1]! * n[1]! + d[2]! * n[2]! > 0 ? -1 : 1;
  hit.normal[0] = s * n[0]!; hit.normal[1] = s * n[1]!; hit.normal[2] = s * n[2]!;
}

/** Edge p[i]→p[i+1] moving by t·d against edge q[k]→q[k+1]. Writes the hit into `work` when it returns a time ≤ tMax and < best. */
function edgeEdge(p: Float64Array, i: number, q: Float64Array, k: number, d: Float64Array, tMax: number, best: number, after: number, still: number, mode: ToiMode, oriented: boolean, work: ToiWork): number {
  if (mode.approach && !oriented) return Infinity;
  const np = work.np, nq = work.nq;
  const j = i === 6 ? 0 : i + 3, l = k === 6 ? 0 : k + 3;
  const ax = p[j]! - p[i]!, ay = p[j + 1]! - p[i + 1]!, az = p[j + 2]! - p[i + 2]!;
  const bx = q[l]! - q[k]!, by = q[l + 1]! - q[k + 1]!, bz = q[l + 2]! - q[k + 2]!;
  let nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
  // approach: the oriented normal must move against d, i.e. (n·(n_q − n_p))·(n·d) < 0 —
  // decided here without the square root for the pairs that only slide or part.
  if (mode.approach && (nx * (nq[0]! - np[0]!) + ny * (nq[1]! - np[1]!) + nz * (nq[2]! - np[2]!)) * (nx * d[0]! + ny * d[1]! + nz * d[2]!) >= 0) return Infinity;
  const nn2 = nx * nx + ny * ny + nz * nz;
  const ab2 = (ax * ax + ay * ay + az * az) * (bx * bx + by * by + bz * bz);
  if (!(nn2 > 1e-18 * ab2)) return Infinity; // parallel (or a zero-length edge: vertex cases cover it)
  const nLength = Math.sqrt(nn2);
  let sign = 1;
  if (mode.approach) {
    // Orient n from q's side toward p's: along q's outward normal, against p's.
    const o = (nx * (nq[0]! - np[0]!) + ny * (nq[1]! - np[1]!) + nz * (nq[2]! - np[2]!)) / nLength;
    // n lies in both faces' planes: the faces meet side-on here; their vertices decide.
    if (Math.abs(o) < 1e-6) return Infinity;
    sign = o > 0 ? 1 : -1;
  }
  nx *= sign / nLength; ny *= sign / nLength; nz *= sign / nLength;
  const s0 = (p[i]! - q[k]!) * nx + (p[i + 1]! - q[k + 1]!) * ny + (p[i + 2]! - q[k + 2]!) * nz;
  const sd = d[0]! * nx + d[1]! * ny + d[2]! * nz;
  if (mode.approach) {
    // The same rejections as below, before the line parameters: not approaching, already
    // deeper than the skin, reaching contact after tMax (or best), never deeper than minDepth.
    if (!(sd < -still) || s0 < -mode.skin || -(s0 + mode.horizon * sd) <= mode.minDepth) return Infinity;
    if (s0 > 0 && s0 >= -sd * Math.min(tMax, best)) {
      if (s0 / -sd > tMax || s0 / -sd >= best) return Infinity;
    }
  } else if (Math.abs(sd) <= still) return Infinity;
  // Closest-point parameters of the two lines, linear in t: u(t) = u0 + t·u1, v(t) = v0 + t·v1.
  const mx = nx * nLength * sign, my = ny * nLength * sign, mz = nz * nLength * sign; // the unnormalised ea × eb
  const w0x = q[k]! - p[i]!, w0y = q[k + 1]! - p[i + 1]!, w0z = q[k + 2]! - p[i + 2]!;
  const u0 = ((w0y * bz - w0z * by) * mx + (w0z * bx - w0x * bz) * my + (w0x * by - w0y * bx) * mz) / nn2;
  const v0 = ((w0y * az - w0z * ay) * mx + (w0z * ax - w0x * az) * my + (w0x * ay - w0y * ax) * mz) / nn2;
  const u1 = -((d[1]! * bz - d[2]! * by) * mx + (d[2]! * bx - d[0]! * bz) * my + (d[0]! * by - d[1]! * bx) * mz) / nn2;
  const v1 = -((d[1]! * az - d[2]! * ay) * mx + (d[2]! * ax - d[0]! * az) * my + (d[0]! * ay - d[1]! * ax) * mz) / nn2;
  let t: number;
  let u: number, v: number;
  if (mode.approach) {
    if (!(sd < -still)) return Infinity;
    // While both closest points are strictly inside their edges (an edge's end on the
    // other edge is a vertex contact, which the vertex–face cases judge with the faces' sides).
    const iv = work.iv;
    iv[0] = 0; iv[1] = mode.horizon;
    clipLinear(iv, u0 - ENDPOINT, u1);
    clipLinear(iv, 1 - ENDPOINT - u0, -u1);
    clipLinear(iv, v0 - ENDPOINT, v1);
    clipLinear(iv, 1 - ENDPOINT - v0, -v1);
    const lo = iv[0]!, hi = iv[1]!;
    t = Math.max(lo, s0 <= 0 ? 0 : s0 / -sd);
    if (t > hi || t > tMax || t >= best || t <= after || s0 + t * sd < -mode.skin || -(s0 + hi * sd) <= mode.minDepth) return Infinity;
    u = u0 + t * u1;
    v = v0 + t * v1;
  } else {
    if (Math.abs(sd) <= still) return Infinity;
    t = -s0 / sd;
    if (t < 0 || t > tMax || t >= best || t <= after) return Infinity;
    u = u0 + t * u1;
    v = v0 + t * v1;
    if (u < -INSIDE || u > 1 + INSIDE || v < -INSIDE || v > 1 + INSIDE) return Infinity;
  }
  work.t = t;
  work.feature = 2;
  work.point[0] = (p[i]! + t * d[0]! + u * ax + q[k]! + v * bx) / 2;
  work.point[1] = (p[i + 1]! + t * d[1]! + u * ay + q[k + 1]! + v * by) / 2;
  work.point[2] = (p[i + 2]! + t * d[2]! + u * az + q[k + 2]! + v * bz) / 2;
  const s = mode.approach ? 1 : sd > 0 ? -1 : 1;
  work.normal[0] = s * nx; work.normal[1] = s * ny; work.normal[2] = s * nz;
  return t;
}

/**
 * Coplanar triangles moving in their plane: the first contact is a vertex of one
 * meeting an edge of the other. Solved in the plane of q (unit normal in nq).
 */
function coplanarSlide(p: Float64Array, q: Float64Array, d: Float64Array, tMax: number, bestSoFar: number, after: number, work: ToiWork): number {
  const nq = work.nq;
  let best = bestSoFar;
  for (let pass = 0; pass < 2; pass++) {
    const v = pass === 0 ? p : q, f = pass === 0 ? q : p, sgn = pass === 0 ? 1 : -1;
    const dx = sgn * d[0]!, dy = sgn * d[1]!, dz = sgn * d[2]!;
    for (let i = 0; i < 9; i += 3) {
      for (let a = 0; a < 9; a += 3) {
        const b = a === 6 ? 0 : a + 3;
        const ex = f[b]! - f[a]!, ey = f[b + 1]! - f[a + 1]!, ez = f[b + 2]! - f[a + 2]!;
        const rx = v[i]! - f[a]!, ry = v[i + 1]! - f[a + 1]!, rz = v[i + 2]! - f[a + 2]!;
        // ((r + t·dv) × e)·n = 0
        const c0 = (ry * ez - rz * ey) * nq[0]! + (rz * ex - rx * ez) * nq[1]! + (rx * ey - ry * ex) * nq[2]!;
        const c1 = (dy * ez - dz * ey) * nq[0]! + (dz * ex - dx * ez) * nq[1]! + (dx * ey - dy * ex) * nq[2]!;
        if (c1 === 0) continue;
        const t = -c0 / c1;
        if (!(t >= 0 && t <= tMax && t < best && t > after)) continue;
        const e2 = ex * ex + ey * ey + ez * ez;
        const u = ((rx + t * dx) * ex + (ry + t * dy) * ey + (rz + t * dz) * ez) / e2;
        if (u < -INSIDE || u > 1 + INSIDE) continue;
        best = t;
        work.t = t;
        work.feature = 3;
        // In q's (static) frame: p's vertex after moving, or q's vertex itself.
        const moved = pass === 0 ? t : 0;
        work.point[0] = v[i]! + moved * d[0]!; work.point[1] = v[i + 1]! + moved * d[1]!; work.point[2] = v[i + 2]! + moved * d[2]!;
        // In-plane normal of the edge, against the relative motion.
        let mx = ey * nq[2]! - ez * nq[1]!, my = ez * nq[0]! - ex * nq[2]!, mz = ex * nq[1]! - ey * nq[0]!;
        const m = Math.hypot(mx, my, mz);
        const s = (mx * d[0]! + my * d[1]! + mz * d[2]!) > 0 ? -1 / m : 1 / m;
        mx *= s; my *= s; mz *= s;
        work.normal[0] = mx; work.normal[1] = my; work.normal[2] = mz;
      }
    }
  }
  return best;
}
