/**
 * Euclidean distance between two closed triangles (Float64Array(9) each, as in
 * triangleIntersect.ts): 0 when they intersect, else the minimum over the 9 edge–edge
 * and the 6 vertex–face distances. Degenerate triangles need no special case: a
 * zero-length edge is a point, and a face without a usable normal is covered by its
 * edges. Hot-loop code: module-level scratch only, no allocation per call.
 */
import { trianglesIntersect } from './triangleIntersect.js';

const EPS = Number.EPSILON;
/**
 * A gap larger than CERTAIN·M (M = largest |coordinate|) is far outside
 * trianglesIntersect's zero band (under EPS·M per coordinate), so it proves "disjoint"
 * without running that test, and the distance can never contradict it.
 */
const CERTAIN = 64 * EPS;
/** A face whose normal carries a relative rounding error above this is left to its edges. */
const FACE_CONDITION = 1e-8;

/** p then q, translated by −p0: differences near the triangles keep their digits at 1e6. */
const T = new Float64Array(18);
/** Face normals of p (0–3) and q (4–7): nx, ny, nz, |n|² (0 = face unusable). */
const N = new Float64Array(8);

/** Distance between the closed triangles p and q; 0 exactly when trianglesIntersect(p, q). */
export function triangleDistance(p: Float64Array, q: Float64Array): number {
  const g = certifiedGap(p, q);
  if (g === 0 && trianglesIntersect(p, q)) return 0;
  return finish(g, minDistance2(p, q, g, -1));
}

/**
 * triangleDistance(p, q) <= tolerance, answered early when a box or plane gap already
 * exceeds the tolerance, or as soon as one feature pair is close enough.
 */
export function trianglesWithin(p: Float64Array, q: Float64Array, tolerance: number): boolean {
  if (!(tolerance >= 0)) return false;
  const g = certifiedGap(p, q);
  if (g > tolerance) return false;
  if (g === 0 && trianglesIntersect(p, q)) return true;
  return finish(g, minDistance2(p, q, g, tolerance)) <= tolerance;
}

/** The reported distance: never below a certified gap, and positive for a disjoint pair. */
function finish(gap: number, d2: number): number {
  let d = Math.sqrt(d2);
  if (gap > d) d = gap;
  return d > 0 ? d : Number.MIN_VALUE; // closer than measurable, yet not intersecting
}

/**
 * A lower bound on the distance that also proves the pair disjoint for trianglesIntersect
 * (which checks boxes, then both strict plane sides, before anything else), or 0.
 */
function certifiedGap(p: Float64Array, q: Float64Array): number {
  let m = 0;
  for (let i = 0; i < 9; i++) {
    const a = Math.abs(p[i]!), b = Math.abs(q[i]!);
    if (a > m) m = a;
    if (b > m) m = b;
  }
  let g = 0;
  for (let k = 0; k < 3; k++) {
    const p0 = p[k]!, p1 = p[k + 3]!, p2 = p[k + 6]!, q0 = q[k]!, q1 = q[k + 3]!, q2 = q[k + 6]!;
    const pMin = p0 < p1 ? (p0 < p2 ? p0 : p2) : p1 < p2 ? p1 : p2;
    const pMax = p0 > p1 ? (p0 > p2 ? p0 : p2) : p1 > p2 ? p1 : p2;
    const qMin = q0 < q1 ? (q0 < q2 ? q0 : q2) : q1 < q2 ? q1 : q2;
    const qMax = q0 > q1 ? (q0 > q2 ? q0 : q2) : q1 > q2 ? q1 : q2;
    const d = pMin - qMax > qMin - pMax ? pMin - qMax : qMin - pMax;
    if (d > g) g = d;
  }
  if (!(g > CERTAIN * m)) g = 0;
  const h1 = planeGap(p, q, m), h2 = planeGap(q, p, m);
  if (h1 > g) g = h1;
  if (h2 > g) g = h2;
  return g;
}

/**
 * Distance from the plane of t to the vertices of v when they are all certainly on one
 * side of it (margins ≥ 16× trianglesIntersect's bands, and t certainly not degenerate
 * there); otherwise 0.
 */
function planeGap(t: Float64Array, v: Float64Array, m: number): number {
  const x0 = t[0]!, y0 = t[1]!, z0 = t[2]!;
  const ux = t[3]! - x0, uy = t[4]! - y0, uz = t[5]! - z0;
  const wx = t[6]! - x0, wy = t[7]! - y0, wz = t[8]! - z0;
  const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
  const n1 = Math.abs(nx) + Math.abs(ny) + Math.abs(nz);
  const k =
    Math.abs(uy * wz) + Math.abs(uz * wy) + Math.abs(uz * wx) + Math.abs(ux * wz) + Math.abs(ux * wy) + Math.abs(uy * wx);
  const lu = Math.abs(ux) + Math.abs(uy) + Math.abs(uz), lw = Math.abs(wx) + Math.abs(wy) + Math.abs(wz);
  const sides = lu + lw + Math.abs(wx - ux) + Math.abs(wy - uy) + Math.abs(wz - uz);
  if (!(n1 > CERTAIN * (m * sides + k))) return 0;
  let lo = Infinity, side = 0;
  for (let i = 0; i < 9; i += 3) {
    const dx = v[i]! - x0, dy = v[i + 1]! - y0, dz = v[i + 2]! - z0;
    const s = dx * nx + dy * ny + dz * nz;
    const ld = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
    const margin = CERTAIN * (2 * m * (n1 + ld * (lu + lw)) + ld * k);
    const si = s > margin ? 1 : s < -margin ? -1 : 0;
    if (si === 0 || (side !== 0 && si !== side)) return 0;
    side = si;
    const a = Math.abs(s);
    if (a < lo) lo = a;
  }
  return lo / Math.sqrt(nx * nx + ny * ny + nz * nz);
}

/** Squared minimum over the 15 feature pairs; stops once finish(gap, best) <= stop. */
function minDistance2(p: Float64Array, q: Float64Array, gap: number, stop: number): number {
  const ox = p[0]!, oy = p[1]!, oz = p[2]!;
  for (let i = 0; i < 9; i += 3) {
    T[i] = p[i]! - ox; T[i + 1] = p[i + 1]! - oy; T[i + 2] = p[i + 2]! - oz;
    T[i + 9] = q[i]! - ox; T[i + 10] = q[i + 1]! - oy; T[i + 11] = q[i + 2]! - oz;
  }
  faceNormal(0, 0);
  faceNormal(9, 4);
  let best = Infinity;
  for (let i = 0; i < 9; i += 3) {
    const a = pointFace2(i, 9, 4), b = pointFace2(i + 9, 0, 0);
    if (a < best) best = a;
    if (b < best) best = b;
  }
  if (finish(gap, best) <= stop) return best;
  for (let i = 0; i < 9; i += 3) {
    const i1 = i === 6 ? 0 : i + 3;
    for (let j = 9; j < 18; j += 3) {
      const d = segSeg2(i, i1, j, j === 15 ? 9 : j + 3);
      if (d < best) {
        best = d;
        if (finish(gap, best) <= stop) return best;
      }
    }
  }
  return best;
}

function faceNormal(t: number, o: number): void {
  const ux = T[t + 3]! - T[t]!, uy = T[t + 4]! - T[t + 1]!, uz = T[t + 5]! - T[t + 2]!;
  const vx = T[t + 6]! - T[t]!, vy = T[t + 7]! - T[t + 1]!, vz = T[t + 8]! - T[t + 2]!;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const k =
    Math.abs(uy * vz) + Math.abs(uz * vy) + Math.abs(uz * vx) + Math.abs(ux * vz) + Math.abs(ux * vy) + Math.abs(uy * vx);
  N[o] = nx; N[o + 1] = ny; N[o + 2] = nz;
  // A sliver's normal direction is mostly rounding; its edges are within its width anyway.
  N[o + 3] = Math.abs(nx) + Math.abs(ny) + Math.abs(nz) > FACE_CONDITION * k ? nx * nx + ny * ny + nz * nz : 0;
}

/** Squared distance from point T[x] to the face T[t] when its foot lies inside, else ∞ (edges cover it). */
function pointFace2(x: number, t: number, o: number): number {
  const nn = N[o + 3]!;
  if (nn === 0) return Infinity;
  const nx = N[o]!, ny = N[o + 1]!, nz = N[o + 2]!;
  const px = T[x]!, py = T[x + 1]!, pz = T[x + 2]!;
  for (let i = 0; i < 9; i += 3) {
    const a = t + i, b = t + (i === 6 ? 0 : i + 3);
    const ex = T[b]! - T[a]!, ey = T[b + 1]! - T[a + 1]!, ez = T[b + 2]! - T[a + 2]!;
    const rx = px - T[a]!, ry = py - T[a + 1]!, rz = pz - T[a + 2]!;
    if ((ey * rz - ez * ry) * nx + (ez * rx - ex * rz) * ny + (ex * ry - ey * rx) * nz < 0) return Infinity;
  }
  const s = (px - T[t]!) * nx + (py - T[t + 1]!) * ny + (pz - T[t + 2]!) * nz;
  return (s * s) / nn;
}

/**
 * Squared distance between segments T[a]–T[b] and T[c]–T[d]: minimise |r + s·u − t·v|²
 * over [0,1]²; solve for s, clamp, take the best t for it, clamp, and re-solve s if t
 * was clamped (exact for this convex quadratic on a square). Zero-length segments are
 * points; parallel ones take s = 0 first.
 */
function segSeg2(a: number, b: number, c: number, d: number): number {
  const ux = T[b]! - T[a]!, uy = T[b + 1]! - T[a + 1]!, uz = T[b + 2]! - T[a + 2]!;
  const vx = T[d]! - T[c]!, vy = T[d + 1]! - T[c + 1]!, vz = T[d + 2]! - T[c + 2]!;
  const rx = T[a]! - T[c]!, ry = T[a + 1]! - T[c + 1]!, rz = T[a + 2]! - T[c + 2]!;
  const A = ux * ux + uy * uy + uz * uz, B = ux * vx + uy * vy + uz * vz, C = vx * vx + vy * vy + vz * vz;
  const D = ux * rx + uy * ry + uz * rz, E = vx * rx + vy * ry + vz * rz;
  let s = 0, t = 0;
  if (A > 0 && C > 0) {
    const den = A * C - B * B;
    s = den > 0 ? clamp01((B * E - C * D) / den) : 0;
    t = (B * s + E) / C;
    if (t < 0) { t = 0; s = clamp01(-D / A); }
    else if (t > 1) { t = 1; s = clamp01((B - D) / A); }
  } else if (A > 0) {
    s = clamp01(-D / A);
  } else if (C > 0) {
    t = clamp01(E / C);
  }
  const dx = rx + s * ux - t * vx, dy = ry + s * uy - t * vy, dz = rz + s * uz - t * vz;
  return dx * dx + dy * dy + dz * dz;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
