/**
 * Euclidean distance between two closed triangles (Float64Array(9) each, as in
 * triangleIntersect.ts): 0 when they intersect, else the minimum over the 9 edge–edge
 * and the 6 vertex–face distances. Degenerate triangles need no special case: a
 * zero-length edge is a point, and a face without a usable normal is covered by its
 * edges. Hot-loop code: module-level scratch only, no allocation per call.
 */
import { trianglesIntersect } from './triangleIntersect.js';
import { boxGap } from './trianglePredicates.js';

const EPS = Number.EPSILON;
/**
 * A gap larger than CERTAIN·M (M = largest |coordinate|) is far outside
 * trianglesIntersect's zero band (under EPS·M per coordinate), so it proves "disjoint"
 * without running that test, and the distance can never contradict it.
 */
const CERTAIN = 64 * EPS;
/** A face whose normal carries a relative rounding error above this is left to its edges. */
const FACE_CONDITION = 1e-8;

/** p then q, so that both are addressed by one offset (every formula uses differences only). */
const T = new Float64Array(18);
/** Face normals of p (0–3) and q (4–7): nx, ny, nz, |n|² (0 = face unusable). */
const N = new Float64Array(8);
/** Edge vectors v(i+1) − v(i) of p (0–8) and q (9–17), and their squared lengths (18–23). */
const E = new Float64Array(24);
/**
 * [0]: the smallest squared distance so far; [1]: the certified gap. Doubles are passed
 * through typed-array slots because returning or storing them elsewhere allocates.
 */
const R = new Float64Array(2);

/** Distance between the closed triangles p and q; 0 exactly when trianglesIntersect(p, q). */
export function triangleDistance(p: Float64Array, q: Float64Array): number {
  certifiedGap(p, q);
  if (R[1] === 0 && trianglesIntersect(p, q)) return 0;
  minDistance2(p, q, -1);
  return finish(R[1]!, R[0]!);
}

/**
 * triangleDistance(p, q) <= tolerance, answered early when a box or plane gap already
 * exceeds the tolerance, or as soon as one feature pair is close enough.
 */
export function trianglesWithin(p: Float64Array, q: Float64Array, tolerance: number): boolean {
  if (!(tolerance >= 0)) return false;
  certifiedGap(p, q);
  if (R[1]! > tolerance) return false;
  if (R[1] === 0 && trianglesIntersect(p, q)) return true;
  minDistance2(p, q, tolerance);
  return finish(R[1]!, R[0]!) <= tolerance;
}

/** The reported distance: never below a certified gap, and positive for a disjoint pair. */
function finish(gap: number, d2: number): number {
  let d = Math.sqrt(d2);
  if (gap > d) d = gap;
  return d > 0 ? d : Number.MIN_VALUE; // closer than measurable, yet not intersecting
}

/**
 * R[1] = a lower bound on the distance that also proves the pair disjoint for
 * trianglesIntersect (which checks boxes, then both strict plane sides, before anything
 * else), or 0.
 */
function certifiedGap(p: Float64Array, q: Float64Array): void {
  let m = 0;
  for (let i = 0; i < 9; i++) {
    const a = Math.abs(p[i]!), b = Math.abs(q[i]!);
    if (a > m) m = a;
    if (b > m) m = b;
  }
  const g = boxGap(p, q);
  R[1] = g > CERTAIN * m ? g : 0;
  planeGap(p, q, m);
  planeGap(q, p, m);
}

/**
 * Raises R[1] to the distance from the plane of t to the vertices of v when they are all
 * certainly on one side of it (margins ≥ 16× trianglesIntersect's bands, and t certainly
 * not degenerate there).
 */
function planeGap(t: Float64Array, v: Float64Array, m: number): void {
  const x0 = t[0]!, y0 = t[1]!, z0 = t[2]!;
  const ux = t[3]! - x0, uy = t[4]! - y0, uz = t[5]! - z0;
  const wx = t[6]! - x0, wy = t[7]! - y0, wz = t[8]! - z0;
  const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
  const n1 = Math.abs(nx) + Math.abs(ny) + Math.abs(nz);
  const k =
    Math.abs(uy * wz) + Math.abs(uz * wy) + Math.abs(uz * wx) + Math.abs(ux * wz) + Math.abs(ux * wy) + Math.abs(uy * wx);
  const lu = Math.abs(ux) + Math.abs(uy) + Math.abs(uz), lw = Math.abs(wx) + Math.abs(wy) + Math.abs(wz);
  const sides = lu + lw + Math.abs(wx - ux) + Math.abs(wy - uy) + Math.abs(wz - uz);
  if (!(n1 > CERTAIN * (m * sides + k))) return;
  let lo = Infinity, side = 0;
  for (let i = 0; i < 9; i += 3) {
    const dx = v[i]! - x0, dy = v[i + 1]! - y0, dz = v[i + 2]! - z0;
    const s = dx * nx + dy * ny + dz * nz;
    const ld = Math.abs(dx) + Math.abs(dy) + Math.abs(dz);
    const margin = CERTAIN * (2 * m * (n1 + ld * (lu + lw)) + ld * k);
    const si = s > margin ? 1 : s < -margin ? -1 : 0;
    if (si === 0 || (side !== 0 && si !== side)) return;
    side = si;
    const a = Math.abs(s);
    if (a < lo) lo = a;
  }
  const h = lo / Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (h > R[1]!) R[1] = h;
}

/** R[0] = squared minimum over the 15 feature pairs; stops once finish(R[1], R[0]) <= stop. */
function minDistance2(p: Float64Array, q: Float64Array, stop: number): void {
  for (let i = 0; i < 9; i++) {
    T[i] = p[i]!;
    T[i + 9] = q[i]!;
  }
  for (let i = 0; i < 18; i += 3) {
    const j = i === 6 ? 0 : i === 15 ? 9 : i + 3;
    const ux = T[j]! - T[i]!, uy = T[j + 1]! - T[i + 1]!, uz = T[j + 2]! - T[i + 2]!;
    E[i] = ux; E[i + 1] = uy; E[i + 2] = uz; E[18 + i / 3] = ux * ux + uy * uy + uz * uz;
  }
  faceNormal(0, 0);
  faceNormal(9, 4);
  R[0] = Infinity;
  for (let i = 0; i < 9; i += 3) {
    pointFace2(i, 9, 4);
    pointFace2(i + 9, 0, 0);
  }
  if (stop >= 0 && finish(R[1]!, R[0]!) <= stop) return;
  for (let i = 0; i < 9; i += 3) {
    for (let j = 9; j < 18; j += 3) {
      segSeg2(i, j);
      if (stop >= 0 && finish(R[1]!, R[0]!) <= stop) return;
    }
  }
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

/** Offers the squared distance from point T[x] to face T[t] if its foot lies inside (else the edges cover it). */
function pointFace2(x: number, t: number, o: number): void {
  const nn = N[o + 3]!;
  if (nn === 0) return;
  const nx = N[o]!, ny = N[o + 1]!, nz = N[o + 2]!;
  const px = T[x]!, py = T[x + 1]!, pz = T[x + 2]!;
  for (let i = 0; i < 9; i += 3) {
    const a = t + i;
    const ex = E[a]!, ey = E[a + 1]!, ez = E[a + 2]!;
    const rx = px - T[a]!, ry = py - T[a + 1]!, rz = pz - T[a + 2]!;
    if ((ey * rz - ez * ry) * nx + (ez * rx - ex * rz) * ny + (ex * ry - ey * rx) * nz < 0) return;
  }
  const s = (px - T[t]!) * nx + (py - T[t + 1]!) * ny + (pz - T[t + 2]!) * nz;
  const d2 = (s * s) / nn;
  if (d2 < R[0]!) R[0] = d2;
}

/**
 * Offers the squared distance between edges T[a] + s·E[a] and T[c] + t·E[c]: minimise
 * |r + s·u − t·v|² over [0,1]²; solve for s, clamp, take the best t for it, clamp, and
 * re-solve s if t was clamped (exact for this convex quadratic on a square). Zero-length
 * edges are points; parallel ones take s = 0 first.
 */
function segSeg2(a: number, c: number): void {
  const ux = E[a]!, uy = E[a + 1]!, uz = E[a + 2]!, vx = E[c]!, vy = E[c + 1]!, vz = E[c + 2]!;
  const rx = T[a]! - T[c]!, ry = T[a + 1]! - T[c + 1]!, rz = T[a + 2]! - T[c + 2]!;
  const A = E[18 + a / 3]!, C = E[18 + c / 3]!, B = ux * vx + uy * vy + uz * vz;
  const D = ux * rx + uy * ry + uz * rz, E2 = vx * rx + vy * ry + vz * rz;
  let s = 0, t = 0;
  if (A > 0 && C > 0) {
    const den = A * C - B * B;
    s = den > 0 ? clamp01((B * E2 - C * D) / den) : 0;
    t = (B * s + E2) / C;
    if (t < 0) { t = 0; s = clamp01(-D / A); }
    else if (t > 1) { t = 1; s = clamp01((B - D) / A); }
  } else if (A > 0) {
    s = clamp01(-D / A);
  } else if (C > 0) {
    t = clamp01(E2 / C);
  }
  const dx = rx + s * ux - t * vx, dy = ry + s * uy - t * vy, dz = rz + s * uz - t * vz;
  const d2 = dx * dx + dy * dy + dz * dz;
  if (d2 < R[0]!) R[0] = d2;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
