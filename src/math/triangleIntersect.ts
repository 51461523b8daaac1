/**
 * Triangle–triangle intersection for closed triangles in 3-D, after Guigue & Devillers
 * (2003): orientation predicates only, no constructed points. Touching (shared vertex,
 * shared edge, vertex on face, coplanar contact along an edge …) counts as intersecting.
 * Degenerate triangles are reduced to what they are — a segment (collinear vertices) or
 * a point — and tested as such, never skipped.
 *
 * A triangle is a Float64Array(9): [x0 y0 z0 x1 y1 z1 x2 y2 z2].
 * Hot-loop code: no allocation per call (module-level scratch only), no closures.
 *
 * "Zero" policy (the only epsilon here). Let M = the largest |coordinate| of the six
 * vertices. Positions come out of floating-point transforms, so coplanar CAD faces and
 * shared edges agree only to about an ulp of M: every point is trusted to
 * tolLen = TOL_ULPS·2^-52·M per coordinate (≈ 1 ulp of M). A predicate's value counts
 * as zero when it is within tolLen × (L1 norm of its gradient with respect to all the
 * points it involves) + a Shewchuk-style bound on its own rounding error. Both terms are
 * relative — to the coordinate scale and to the products of the triangle's sizes —
 * never absolute, so 1e6 offsets and 1e-6 scales behave alike. TOL_ULPS = 0.75 keeps
 * touching pairs touching after two rounds of float rigid transforms, yet still
 * separates parallel faces 1e-9 apart at 1e6 (~9 ulps). For inputs whose differences
 * and products are exact (small integers, scaled by powers of two, offset by ~1e6)
 * every nonzero value lies far outside its band, so the answer is the exact one.
 */

export { EPS, Q2, Q4, TOL_ULPS } from './trianglePredicates.js';
import { boxGap, crossIsZero, dominantAxis, edgeSeparates, EPS, onLine, orient2, orient3, planeSide, Q2, Q4, TOL, TOL_ULPS } from './trianglePredicates.js';

const TRI = 0;
const SEG = 1;
const PT = 2;

/**
 * Per triangle: [nx ny nz ux uy uz vx vy vz a b], u = v1−v0, v = v2−v0, n = u×v, and
 * a + b·|w|₁ an upper bound of band3 for a point at w from v0 (the fast path).
 */
const NP = new Float64Array(11);
const NQ = new Float64Array(11);
/** Offsets of the two ends of the segment a degenerate triangle reduces to: p at 0–1, q at 2–3. */
const ENDS = new Int32Array(4);

/**
 * Guigue–Devillers canonical form. Index: sign pattern of a triangle's vertices against
 * the other plane ((s0+1)·9 + (s1+1)·3 + (s2+1)). Value: apex·2 + flip, where the apex is
 * the vertex alone on its side (others on the other closed side) or, failing that, the
 * vertex on the plane with the other two strictly on one side; flip = 1 when the other
 * triangle must be reversed so that the apex is on the positive side.
 */
const CANON = new Uint8Array(27);
for (let i = 0; i < 27; i++) {
  const s = [Math.floor(i / 9) - 1, (Math.floor(i / 3) % 3) - 1, (i % 3) - 1];
  let code = 255;
  for (let k = 0; k < 3 && code === 255; k++) {
    const a = s[k]!, b = s[(k + 1) % 3]!, c = s[(k + 2) % 3]!;
    if (a !== 0 && b !== a && c !== a) code = k * 2 + (a < 0 ? 1 : 0);
  }
  for (let k = 0; k < 3 && code === 255; k++) {
    const a = s[k]!, b = s[(k + 1) % 3]!, c = s[(k + 2) % 3]!;
    if (a === 0 && b !== 0 && b === c) code = k * 2 + (b > 0 ? 1 : 0);
  }
  CANON[i] = code;
}

/** True when the two closed triangles p and q (9 coordinates each) share at least one point. */
export function trianglesIntersect(p: Float64Array, q: Float64Array): boolean {
  let m = 0;
  for (let i = 0; i < 9; i++) {
    const a = Math.abs(p[i]!), b = Math.abs(q[i]!);
    if (a > m) m = a;
    if (b > m) m = b;
  }
  const tolLen = TOL_ULPS * EPS * m;
  TOL[0] = tolLen;
  // Boxes apart by more than the tolerance: disjoint (a gap certified here is what
  // triangleDistance relies on to skip this test).
  if (boxGap(p, q) > tolLen) return false;
  const kp = classify(p, NP, 0);
  const kq = classify(q, NQ, 2);
  if (kp === TRI) {
    if (kq === TRI) return triTri(p, q);
    if (kq === SEG) return segTri(q, ENDS[2]!, ENDS[3]!, p, NP);
    return pointTri(q, ENDS[2]!, p, NP);
  }
  if (kq === TRI) {
    if (kp === SEG) return segTri(p, ENDS[0]!, ENDS[1]!, q, NQ);
    return pointTri(p, ENDS[0]!, q, NQ);
  }
  if (kp === SEG) {
    return kq === SEG ? segSeg(p, ENDS[0]!, ENDS[1]!, q, ENDS[2]!, ENDS[3]!) : pointSeg(q, ENDS[2]!, p, ENDS[0]!, ENDS[1]!);
  }
  return kq === SEG ? pointSeg(p, ENDS[0]!, q, ENDS[2]!, ENDS[3]!) : pointPoint(p, ENDS[0]!, q, ENDS[2]!);
}

/**
 * Fills the normal record and returns TRI, or — when the vertices are collinear within
 * the tolerance — writes the segment ends into ENDS[e], ENDS[e+1] and returns SEG (PT if
 * all three vertices coincide). The threshold is 3× the 2-D orientation band so that a
 * proper triangle always has a definite orientation when projected along its dominant
 * normal axis (the coplanar tests rely on that).
 */
function classify(t: Float64Array, n: Float64Array, e: number): number {
  const x0 = t[0]!, y0 = t[1]!, z0 = t[2]!;
  const ax = t[3]! - x0, ay = t[4]! - y0, az = t[5]! - z0;
  const bx = t[6]! - x0, by = t[7]! - y0, bz = t[8]! - z0;
  const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
  n[0] = nx; n[1] = ny; n[2] = nz; n[3] = ax; n[4] = ay; n[5] = az; n[6] = bx; n[7] = by; n[8] = bz;
  const la = Math.abs(ax) + Math.abs(ay) + Math.abs(az);
  const lb = Math.abs(bx) + Math.abs(by) + Math.abs(bz);
  const lc = Math.abs(bx - ax) + Math.abs(by - ay) + Math.abs(bz - az);
  if (!crossIsZero(nx, ny, nz, ax, ay, az, bx, by, bz, la + lb + lc)) {
    const tolLen = TOL[0]!;
    n[9] = Q2 * tolLen * (Math.abs(nx) + Math.abs(ny) + Math.abs(nz));
    n[10] = Q2 * tolLen * (la + lb) + Q4 * EPS * la * lb;
    return TRI;
  }
  // Collinear: the hull is the longest edge (any norm picks the same pair on a line).
  if (la >= lb && la >= lc) { ENDS[e] = 0; ENDS[e + 1] = 3; }
  else if (lb >= lc) { ENDS[e] = 0; ENDS[e + 1] = 6; }
  else { ENDS[e] = 3; ENDS[e + 1] = 6; }
  if (la === 0 && lb === 0) return PT;
  return SEG;
}

// ---------------------------------------------------------------------------------------
// Proper triangle against proper triangle.

function triTri(p: Float64Array, q: Float64Array): boolean {
  // Both strict-side rejections come before any coplanar branch: triangleDistance
  // certifies "disjoint" from a strictly separating plane and relies on this order.
  const a0 = planeSide(q, NQ, p, 0), a1 = planeSide(q, NQ, p, 3), a2 = planeSide(q, NQ, p, 6);
  if (a0 === a1 && a1 === a2 && a0 !== 0) return false;
  const b0 = planeSide(p, NP, q, 0), b1 = planeSide(p, NP, q, 3), b2 = planeSide(p, NP, q, 6);
  if (b0 === b1 && b1 === b2 && b0 !== 0) return false;
  if (a0 === 0 && a1 === 0 && a2 === 0) return coplanar(q, NQ, p); // p lies in q's plane
  if (b0 === 0 && b1 === 0 && b2 === 0) return coplanar(p, NP, q);
  // Both triangles cross or touch the line L where the planes meet. Rotate p so that
  // its apex p1 is alone on the positive side of q's plane (q1, r1 on the closed
  // negative side) — or on the plane with q1, r1 strictly below — and q likewise
  // against p's plane; reversing one triangle flips the sides of the other's vertices.
  const ca = CANON[a0 * 9 + a1 * 3 + a2 + 13]!, cb = CANON[b0 * 9 + b1 * 3 + b2 + 13]!;
  const ip = ca >> 1, iq = cb >> 1;
  const sp = (cb & 1) === 1 ? 2 : 1; // step 2 ≡ walking p backwards (p reversed)
  const sq = (ca & 1) === 1 ? 2 : 1;
  const P1 = 3 * ip, Q1 = 3 * ((ip + sp) % 3), R1 = 3 * ((ip + 2 * sp) % 3);
  const P2 = 3 * iq, Q2 = 3 * ((iq + sq) % 3), R2 = 3 * ((iq + 2 * sq) % 3);
  // A triangle that meets the other plane only at its apex, or only along the edge
  // opposite it, meets the other triangle there or nowhere: test just that (exact, and
  // it keeps far-off vertices, whose side is uncertain, out of the decision).
  const za = (a0 === 0 ? 1 : 0) + (a1 === 0 ? 1 : 0) + (a2 === 0 ? 1 : 0);
  const zb = (b0 === 0 ? 1 : 0) + (b1 === 0 ? 1 : 0) + (b2 === 0 ? 1 : 0);
  if ((ip === 0 ? a0 : ip === 1 ? a1 : a2) === 0) return pointTri(p, P1, q, NQ);
  if ((iq === 0 ? b0 : iq === 1 ? b1 : b2) === 0) return pointTri(q, P2, p, NP);
  if (za === 2) return segTriCoplanar(p, Q1, R1, q, NQ);
  if (zb === 2) return segTriCoplanar(q, Q2, R2, p, NP);
  // General position: p∩L = [j, i] and q∩L = [k, l] along L, with i, j on edges p1q1,
  // p1r1 and k, l on p2q2, p2r2; they overlap iff k ≤ i and j ≤ l, i.e. both ≤ 0 below.
  const c1 = orient3(p, P1, p, Q1, q, P2, q, Q2);
  if (c1 > 0) return false;
  const c2 = orient3(p, P1, p, R1, q, R2, q, P2);
  if (c2 > 0) return false;
  // With only strict signs this is exact. A zero means "within the band" and the
  // reasoning took it as exactly zero; with nearly parallel planes or four nearly
  // coplanar points each predicate alone can be within its band while no single
  // perturbation makes the pair touch. So a yes that leaned on a zero must also pass
  // the projection test (a necessary condition, never wrong for exact inputs).
  if (c1 < 0 && c2 < 0 && za + zb === 0) return true;
  return coplanar(p, NP, q);
}

/**
 * trianglesIntersect(p, q) past its box test, for trianglePrepared.ts once it has shown that
 * both triangles are proper at `tolLen` (the pair's own tolerance length) and that the box
 * test passes: classify's records filled from per-triangle data (normal n, |n|₁, la, lb as
 * classify computes them), then the same triTri.
 */
export function triTriAt(
  p: Float64Array, npx: number, npy: number, npz: number, n1p: number, lap: number, lbp: number,
  q: Float64Array, nqx: number, nqy: number, nqz: number, n1q: number, laq: number, lbq: number, tolLen: number,
): boolean {
  TOL[0] = tolLen;
  fillRecord(p, npx, npy, npz, n1p, lap, lbp, NP, tolLen);
  fillRecord(q, nqx, nqy, nqz, n1q, laq, lbq, NQ, tolLen);
  return triTri(p, q);
}

/** classify's record of a proper triangle t, its normal and lengths given. */
function fillRecord(t: Float64Array, nx: number, ny: number, nz: number, n1: number, la: number, lb: number, n: Float64Array, tolLen: number): void {
  const x0 = t[0]!, y0 = t[1]!, z0 = t[2]!;
  n[0] = nx; n[1] = ny; n[2] = nz;
  n[3] = t[3]! - x0; n[4] = t[4]! - y0; n[5] = t[5]! - z0;
  n[6] = t[6]! - x0; n[7] = t[7]! - y0; n[8] = t[8]! - z0;
  n[9] = Q2 * tolLen * n1;
  n[10] = Q2 * tolLen * (la + lb) + Q4 * EPS * la * lb;
}

/**
 * coplanar(r, nr, o) with tolerance length `tolLen`, for trianglePrepared.ts once it has shown
 * that trianglesIntersect(o, r) reaches exactly this call with this tolerance.
 */
export function coplanarAt(r: Float64Array, nr: Float64Array, o: Float64Array, tolLen: number): boolean {
  TOL[0] = tolLen;
  return coplanar(r, nr, o);
}

/**
 * Project both triangles along r's dominant normal axis and look for a separating edge
 * line (complete for two convex polygons in 2-D). Exact when o lies in r's plane; for
 * any other pair it is a necessary condition for intersecting.
 */
function coplanar(r: Float64Array, nr: Float64Array, o: Float64Array): boolean {
  const k = dominantAxis(nr[0]!, nr[1]!, nr[2]!);
  const ix = k === 2 ? 0 : k + 1, iy = k === 0 ? 2 : k === 1 ? 0 : 1;
  const r0x = r[ix]!, r0y = r[iy]!, r1x = r[3 + ix]!, r1y = r[3 + iy]!, r2x = r[6 + ix]!, r2y = r[6 + iy]!;
  const o0x = o[ix]!, o0y = o[iy]!, o1x = o[3 + ix]!, o1y = o[3 + iy]!, o2x = o[6 + ix]!, o2y = o[6 + iy]!;
  const sr = nr[k]! > 0 ? 1 : -1; // definite for a proper triangle (see classify)
  const so = orient2(o0x, o0y, o1x, o1y, o2x, o2y);
  if (so === 0) {
    // o projects to (within the band) a segment: the hull of its projection is the
    // longest projected edge.
    const e = longestEdge2(o0x, o0y, o1x, o1y, o2x, o2y);
    return segTriCoplanar(o, e >> 4, e & 15, r, nr);
  }
  return !(
    edgeSeparates(r0x, r0y, r1x, r1y, sr, o0x, o0y, o1x, o1y, o2x, o2y) ||
    edgeSeparates(r1x, r1y, r2x, r2y, sr, o0x, o0y, o1x, o1y, o2x, o2y) ||
    edgeSeparates(r2x, r2y, r0x, r0y, sr, o0x, o0y, o1x, o1y, o2x, o2y) ||
    edgeSeparates(o0x, o0y, o1x, o1y, so, r0x, r0y, r1x, r1y, r2x, r2y) ||
    edgeSeparates(o1x, o1y, o2x, o2y, so, r0x, r0y, r1x, r1y, r2x, r2y) ||
    edgeSeparates(o2x, o2y, o0x, o0y, so, r0x, r0y, r1x, r1y, r2x, r2y)
  );
}

/** Offsets of the longest of the three projected edges, packed as (a << 4) | b. */
function longestEdge2(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): number {
  const la = Math.abs(x1 - x0) + Math.abs(y1 - y0);
  const lb = Math.abs(x2 - x0) + Math.abs(y2 - y0);
  const lc = Math.abs(x2 - x1) + Math.abs(y2 - y1);
  return la >= lb && la >= lc ? 3 : lb >= lc ? 6 : (3 << 4) | 6;
}

// ---------------------------------------------------------------------------------------
// Degenerate cases.

/** Closed segment S[a]–S[b] against proper triangle t. */
function segTri(S: Float64Array, a: number, b: number, t: Float64Array, nt: Float64Array): boolean {
  const sa = planeSide(t, nt, S, a), sb = planeSide(t, nt, S, b);
  if (sa === sb && sa !== 0) return false;
  if (sa === 0 && sb === 0) return segTriCoplanar(S, a, b, t, nt);
  if (sa === 0) return pointTri(S, a, t, nt); // the segment meets the plane only at a
  if (sb === 0) return pointTri(S, b, t, nt);
  // The segment reaches the plane; its line passes through the closed triangle iff the
  // three edge orientations do not take both strict signs. Zeros: confirm as in triTri.
  const o0 = orient3(S, a, S, b, t, 0, t, 3);
  const o1 = orient3(S, a, S, b, t, 3, t, 6);
  const o2 = orient3(S, a, S, b, t, 6, t, 0);
  if ((o0 > 0 || o1 > 0 || o2 > 0) && (o0 < 0 || o1 < 0 || o2 < 0)) return false;
  return o0 * o1 * o2 !== 0 || segTriCoplanar(S, a, b, t, nt);
}

/**
 * Segment and triangle projected along the triangle normal's dominant axis; separating
 * lines are the 3 edges and the segment's own line. Exact when the segment lies in the
 * triangle's plane, a necessary condition otherwise.
 */
function segTriCoplanar(S: Float64Array, a: number, b: number, t: Float64Array, nt: Float64Array): boolean {
  const k = dominantAxis(nt[0]!, nt[1]!, nt[2]!);
  const ix = k === 2 ? 0 : k + 1, iy = k === 0 ? 2 : k === 1 ? 0 : 1;
  const ax = S[a + ix]!, ay = S[a + iy]!, bx = S[b + ix]!, by = S[b + iy]!;
  const t0x = t[ix]!, t0y = t[iy]!, t1x = t[3 + ix]!, t1y = t[3 + iy]!, t2x = t[6 + ix]!, t2y = t[6 + iy]!;
  const s = nt[k]! > 0 ? 1 : -1;
  if (edgeSeparates(t0x, t0y, t1x, t1y, s, ax, ay, bx, by, bx, by)) return false;
  if (edgeSeparates(t1x, t1y, t2x, t2y, s, ax, ay, bx, by, bx, by)) return false;
  if (edgeSeparates(t2x, t2y, t0x, t0y, s, ax, ay, bx, by, bx, by)) return false;
  const o0 = orient2(ax, ay, bx, by, t0x, t0y);
  return !(o0 !== 0 && orient2(ax, ay, bx, by, t1x, t1y) === o0 && orient2(ax, ay, bx, by, t2x, t2y) === o0);
}

/** Closed segments A[a]–A[b] and B[c]–B[d]. */
function segSeg(A: Float64Array, a: number, b: number, B: Float64Array, c: number, d: number): boolean {
  // Make a–b the longer segment: its line is the better-determined one.
  const lab = Math.abs(A[b]! - A[a]!) + Math.abs(A[b + 1]! - A[a + 1]!) + Math.abs(A[b + 2]! - A[a + 2]!);
  const lcd = Math.abs(B[d]! - B[c]!) + Math.abs(B[d + 1]! - B[c + 1]!) + Math.abs(B[d + 2]! - B[c + 2]!);
  if (lcd > lab) return segSeg(B, c, d, A, a, b);
  if (orient3(A, a, A, b, B, c, B, d) !== 0) return false; // not coplanar
  const cOn = onLine(A, a, b, B, c), dOn = onLine(A, a, b, B, d);
  if (cOn && dOn) return collinearOverlap(A, a, b, B, c, d);
  // Coplanar, not collinear: project along the plane normal's dominant axis.
  const ox = A[a]!, oy = A[a + 1]!, oz = A[a + 2]!;
  const ux = A[b]! - ox, uy = A[b + 1]! - oy, uz = A[b + 2]! - oz;
  const f = dOn ? c : d; // the endpoint off the line spans the plane with a–b
  const vx = B[f]! - ox, vy = B[f + 1]! - oy, vz = B[f + 2]! - oz;
  const k = dominantAxis(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  const ix = k === 2 ? 0 : k + 1, iy = k === 0 ? 2 : k === 1 ? 0 : 1;
  const ax = A[a + ix]!, ay = A[a + iy]!, bx = A[b + ix]!, by = A[b + iy]!;
  const cx = B[c + ix]!, cy = B[c + iy]!, dx = B[d + ix]!, dy = B[d + iy]!;
  const o1 = orient2(ax, ay, bx, by, cx, cy), o2 = orient2(ax, ay, bx, by, dx, dy);
  if (o1 === o2 && o1 !== 0) return false;
  const o3 = orient2(cx, cy, dx, dy, ax, ay), o4 = orient2(cx, cy, dx, dy, bx, by);
  if (o3 === o4 && o3 !== 0) return false;
  if ((o1 === 0 && o2 === 0) || (o3 === 0 && o4 === 0)) return collinearOverlap(A, a, b, B, c, d);
  return true;
}

/** Segments on one line (a–b the longer): compare extents along its dominant axis. */
function collinearOverlap(A: Float64Array, a: number, b: number, B: Float64Array, c: number, d: number): boolean {
  const k = dominantAxis(A[b]! - A[a]!, A[b + 1]! - A[a + 1]!, A[b + 2]! - A[a + 2]!);
  const a0 = A[a + k]!, a1 = A[b + k]!, c0 = B[c + k]!, c1 = B[d + k]!;
  const aMin = a0 < a1 ? a0 : a1, aMax = a0 < a1 ? a1 : a0;
  const cMin = c0 < c1 ? c0 : c1, cMax = c0 < c1 ? c1 : c0;
  const tolLen = TOL[0]!;
  return aMin - cMax <= tolLen && cMin - aMax <= tolLen;
}

/** Point X[x] against proper triangle t. */
function pointTri(X: Float64Array, x: number, t: Float64Array, nt: Float64Array): boolean {
  if (planeSide(t, nt, X, x) !== 0) return false;
  const k = dominantAxis(nt[0]!, nt[1]!, nt[2]!);
  const ix = k === 2 ? 0 : k + 1, iy = k === 0 ? 2 : k === 1 ? 0 : 1;
  const px = X[x + ix]!, py = X[x + iy]!;
  const t0x = t[ix]!, t0y = t[iy]!, t1x = t[3 + ix]!, t1y = t[3 + iy]!, t2x = t[6 + ix]!, t2y = t[6 + iy]!;
  const s = nt[k]! > 0 ? 1 : -1;
  return orient2(t0x, t0y, t1x, t1y, px, py) !== -s && orient2(t1x, t1y, t2x, t2y, px, py) !== -s &&
    orient2(t2x, t2y, t0x, t0y, px, py) !== -s;
}

/** Point X[x] against segment A[a]–A[b] (nonzero length). */
function pointSeg(X: Float64Array, x: number, A: Float64Array, a: number, b: number): boolean {
  if (!onLine(A, a, b, X, x)) return false;
  const k = dominantAxis(A[b]! - A[a]!, A[b + 1]! - A[a + 1]!, A[b + 2]! - A[a + 2]!);
  const a0 = A[a + k]!, a1 = A[b + k]!, v = X[x + k]!;
  const tolLen = TOL[0]!;
  return (a0 < a1 ? a0 - v : a1 - v) <= tolLen && (a0 < a1 ? v - a1 : v - a0) <= tolLen;
}

function pointPoint(X: Float64Array, x: number, Y: Float64Array, y: number): boolean {
  const tolLen = TOL[0]!;
  return Math.abs(X[x]! - Y[y]!) <= tolLen && Math.abs(X[x + 1]! - Y[y + 1]!) <= tolLen &&
    Math.abs(X[x + 2]! - Y[y + 2]!) <= tolLen;
}
