/**
 * A shortcut in front of trianglesIntersect for hot loops: the same predicates on
 * the same float values in the same order, but with each triangle's normal computed once
 * (not per pair) and with zero bands taken from an upper bound M of the coordinates instead
 * of the pair's own largest coordinate. Every band term grows with M and float rounding is
 * monotone, so a band from a larger M is at least as wide: a sign this code finds strict is
 * the sign trianglesIntersect computes through its quick bounds. When a sign it needs is not
 * strict (touching, coplanar), it replays trianglesIntersect itself with the pair's own
 * tolerance and the per-triangle data (replay, coplanarPrepared); only a triangle the full
 * test may call degenerate gets UNSURE, and the caller runs trianglesIntersect. Its answer is
 * therefore always trianglesIntersect's (no new epsilon).
 */
import { coplanarAt, EPS, Q2, Q4, TOL_ULPS, triTriAt } from './triangleIntersect.js';
import { boxGap } from './trianglePredicates.js';

export const DISJOINT = 0;
export const MEET = 1;
export const UNSURE = 2;

/** Floats per triangle record: nx ny nz |n|₁ la lb mCrit mOwn (see triangleRecord). */
export const RECORD = 8;

/** Floats of a prepared `q` triangle (prepareTriangle). */
export const PREPARED = 12;

/**
 * Writes the record of triangle v0 v1 v2 at out[o..o+7]: n = (v1−v0)×(v2−v0) exactly as
 * trianglesIntersect computes it, |n|₁, the L1 lengths la, lb of v1−v0 and v2−v0, mCrit:
 * for a coordinate scale M ≤ mCrit trianglesIntersect sees a proper triangle (not collinear
 * within its band), −1 when nothing can be promised, and mOwn, the largest |coordinate|
 * (which it returns too).
 */
export function triangleRecord(
  x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, x2: number, y2: number, z2: number,
  out: Float64Array, o: number,
): number {
  const ax = x1 - x0, ay = y1 - y0, az = z1 - z0;
  const bx = x2 - x0, by = y2 - y0, bz = z2 - z0;
  const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
  const n1 = Math.abs(nx) + Math.abs(ny) + Math.abs(nz);
  const la = Math.abs(ax) + Math.abs(ay) + Math.abs(az);
  const lb = Math.abs(bx) + Math.abs(by) + Math.abs(bz);
  const lc = Math.abs(bx - ax) + Math.abs(by - ay) + Math.abs(bz - az);
  // classify's test is n1 ≤ 3·(TOL_ULPS·EPS·M·sides + 2·EPS·rounding): solve for M, keep 1e-6
  // of n1 to spare (far above the few ulps the two formulas can differ by).
  const rounding6 = 6 * EPS * (Math.abs(ay * bz) + Math.abs(az * by) + Math.abs(az * bx) + Math.abs(ax * bz) + Math.abs(ax * by) + Math.abs(ay * bx));
  const sides = la + lb + lc;
  out[o] = nx;
  out[o + 1] = ny;
  out[o + 2] = nz;
  out[o + 3] = n1;
  out[o + 4] = la;
  out[o + 5] = lb;
  out[o + 6] = n1 > 2 * rounding6 && sides > 0 ? ((n1 - rounding6) / (3 * TOL_ULPS * EPS * sides)) * (1 - 1e-6) : -1;
  const own = Math.max(Math.abs(x0), Math.abs(y0), Math.abs(z0), Math.abs(x1), Math.abs(y1), Math.abs(z1), Math.abs(x2), Math.abs(y2), Math.abs(z2));
  out[o + 7] = own;
  return own;
}

/**
 * Prepares triangle q for preparedIntersect against triangles whose coordinates are all
 * ≤ `magnitude` in absolute value: out = [nx ny nz k0 k1 tol proper M mOwn |n|₁ la lb], where k0 + |w|₁·k1
 * is planeSide's quick bound and tol its tolerance length, both for M = max(magnitude, q's
 * own largest |coordinate| mOwn), and proper is classify's test with that (wider) tolerance.
 */
export function prepareTriangle(q: Float64Array, magnitude: number, out: Float64Array): void {
  let own = 0;
  for (let i = 0; i < 9; i++) {
    const v = Math.abs(q[i]!);
    if (v > own) own = v;
  }
  const m = own > magnitude ? own : magnitude;
  const x0 = q[0]!, y0 = q[1]!, z0 = q[2]!;
  const ax = q[3]! - x0, ay = q[4]! - y0, az = q[5]! - z0;
  const bx = q[6]! - x0, by = q[7]! - y0, bz = q[8]! - z0;
  const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
  const n1 = Math.abs(nx) + Math.abs(ny) + Math.abs(nz);
  const la = Math.abs(ax) + Math.abs(ay) + Math.abs(az);
  const lb = Math.abs(bx) + Math.abs(by) + Math.abs(bz);
  const lc = Math.abs(bx - ax) + Math.abs(by - ay) + Math.abs(bz - az);
  const tol = TOL_ULPS * EPS * m;
  const rounding = Math.abs(ay * bz) + Math.abs(az * by) + Math.abs(az * bx) + Math.abs(ax * bz) + Math.abs(ax * by) + Math.abs(ay * bx);
  out[0] = nx;
  out[1] = ny;
  out[2] = nz;
  out[3] = Q2 * tol * n1;
  out[4] = Q2 * tol * (la + lb) + Q4 * EPS * la * lb;
  out[5] = tol;
  // classify's crossIsZero, term for term, with tol ≥ the pair's: "proper" here is proper there.
  out[6] = n1 <= 3 * (tol * (la + lb + lc) + 2 * EPS * rounding) ? 0 : 1;
  out[7] = m;
  out[8] = own;
  out[9] = n1;
  out[10] = la;
  out[11] = lb;
}

/** Strict side of point v[o..] against the plane through t[0..2] with normal n and quick bound k0 + |w|₁·k1; 0 = not strict. */
function side(v: Float64Array, o: number, t: Float64Array, nx: number, ny: number, nz: number, k0: number, k1: number): number {
  const wx = v[o]! - t[0]!, wy = v[o + 1]! - t[1]!, wz = v[o + 2]! - t[2]!;
  const s = wx * nx + wy * ny + wz * nz;
  const quick = k0 + (Math.abs(wx) + Math.abs(wy) + Math.abs(wz)) * k1;
  return s > quick ? 1 : s < -quick ? -1 : 0;
}

/** orient3 of triangleIntersect with tolerance length `tol`; 0 = not strict (its quick bound only). */
function orient3Strict(
  A: Float64Array, a: number, B: Float64Array, b: number, C: Float64Array, c: number, D: Float64Array, d: number, tol: number,
): number {
  const x = A[a]!, y = A[a + 1]!, z = A[a + 2]!;
  const ux = B[b]! - x, uy = B[b + 1]! - y, uz = B[b + 2]! - z;
  const vx = C[c]! - x, vy = C[c + 1]! - y, vz = C[c + 2]! - z;
  const wx = D[d]! - x, wy = D[d + 1]! - y, wz = D[d + 2]! - z;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const s = wx * nx + wy * ny + wz * nz;
  const lu = Math.abs(ux) + Math.abs(uy) + Math.abs(uz), lv = Math.abs(vx) + Math.abs(vy) + Math.abs(vz);
  const lw = Math.abs(wx) + Math.abs(wy) + Math.abs(wz);
  const quick = Q2 * tol * (Math.abs(nx) + Math.abs(ny) + Math.abs(nz) + lw * (lu + lv)) + Q4 * EPS * lw * lu * lv;
  return s > quick ? 1 : s < -quick ? -1 : 0;
}

/** sidesAgainst: p strictly on one side of q's plane (disjoint); q not proper (ask the full test). */
export const BEYOND = -1;
export const Q_IMPROPER = 27;
/** sidesAgainst's pattern when no vertex of p is strictly off q's plane: maybe coplanar. */
export const ON_PLANE = 13;

/**
 * triTri's first step for p = vertices indices[3t..3t+2] of `positions` (a mesh read in
 * place; numbers, not doubles, cross the call): the sides of p's vertices against q's plane
 * (q prepared). BEYOND when all three are strictly on one side (disjoint, whatever p is: a
 * degenerate p is tested by its vertices against this same plane), Q_IMPROPER when q may be
 * degenerate to trianglesIntersect, else the sign pattern (a0+1)·9 + (a1+1)·3 + (a2+1) for
 * preparedFromSides.
 */
export function sidesAgainst(positions: Float64Array, indices: ArrayLike<number>, t: number, q: Float64Array, qp: Float64Array): number {
  if (qp[6] === 0) return Q_IMPROPER;
  const nx = qp[0]!, ny = qp[1]!, nz = qp[2]!, k0 = qp[3]!, k1 = qp[4]!, ox = q[0]!, oy = q[1]!, oz = q[2]!;
  let v = 3 * indices[3 * t]!;
  let wx = positions[v]! - ox, wy = positions[v + 1]! - oy, wz = positions[v + 2]! - oz;
  let s = wx * nx + wy * ny + wz * nz;
  let quick = k0 + (Math.abs(wx) + Math.abs(wy) + Math.abs(wz)) * k1;
  const a0 = s > quick ? 1 : s < -quick ? -1 : 0;
  v = 3 * indices[3 * t + 1]!;
  wx = positions[v]! - ox; wy = positions[v + 1]! - oy; wz = positions[v + 2]! - oz;
  s = wx * nx + wy * ny + wz * nz;
  quick = k0 + (Math.abs(wx) + Math.abs(wy) + Math.abs(wz)) * k1;
  const a1 = s > quick ? 1 : s < -quick ? -1 : 0;
  v = 3 * indices[3 * t + 2]!;
  wx = positions[v]! - ox; wy = positions[v + 1]! - oy; wz = positions[v + 2]! - oz;
  s = wx * nx + wy * ny + wz * nz;
  quick = k0 + (Math.abs(wx) + Math.abs(wy) + Math.abs(wz)) * k1;
  const a2 = s > quick ? 1 : s < -quick ? -1 : 0;
  return a0 === a1 && a1 === a2 && a0 !== 0 ? BEYOND : (a0 + 1) * 9 + (a1 + 1) * 3 + (a2 + 1);
}

const IDENTITY_INDICES = new Uint32Array([0, 1, 2]);

/**
 * trianglesIntersect(p, q) as DISJOINT or MEET; UNSURE when a triangle may be degenerate to
 * it. `rec[o..]` is p's record (triangleRecord), `qp` q prepared (prepareTriangle) with a
 * magnitude ≥ every |p|.
 */
export function preparedIntersect(p: Float64Array, rec: Float64Array, o: number, q: Float64Array, qp: Float64Array): number {
  const sides = sidesAgainst(p, IDENTITY_INDICES, 0, q, qp);
  return sides === BEYOND ? DISJOINT : preparedFromSides(p, rec, o, q, qp, sides);
}

/**
 * preparedIntersect after sidesAgainst gave `sides` (not BEYOND): strict signs decide;
 * else trianglesIntersect is replayed with the per-triangle data (replay); UNSURE only when
 * a triangle may be degenerate to trianglesIntersect.
 */
export function preparedFromSides(p: Float64Array, rec: Float64Array, o: number, q: Float64Array, qp: Float64Array, sides: number): number {
  if (sides === Q_IMPROPER) return UNSURE;
  const v = sides === ON_PLANE ? coplanarPrepared(p, rec, o, q, qp) : strictFromSides(p, rec, o, q, qp, sides);
  return v !== UNSURE ? v : replay(p, rec, o, q, qp);
}

/** The pair's largest |coordinate| when both triangles are proper to trianglesIntersect at it; else −1. */
function properScale(rec: Float64Array, o: number, qp: Float64Array): number {
  const mp = rec[o + 7]!, mq = qp[8]!;
  const m = mp > mq ? mp : mq;
  // p by its record's mCrit (also false for NaN); q proper at M ≥ m is proper at m.
  return m <= rec[o + 6]! && qp[6] !== 0 && qp[7]! >= m ? m : -1;
}


/**
 * trianglesIntersect(p, q) itself for a pair of proper triangles, minus what the records
 * already hold: its tolerance from max(mOwn of p, mOwn of q), its box test, then triTri
 * with classify's records filled from rec and qp (triTriAt). UNSURE when not both proper.
 */
function replay(p: Float64Array, rec: Float64Array, o: number, q: Float64Array, qp: Float64Array): number {
  const m = properScale(rec, o, qp);
  if (m < 0) return UNSURE;
  const tol = TOL_ULPS * EPS * m;
  if (boxGap(p, q) > tol) return DISJOINT;
  return triTriAt(p, rec[o]!, rec[o + 1]!, rec[o + 2]!, rec[o + 3]!, rec[o + 4]!, rec[o + 5]!, q, qp[0]!, qp[1]!, qp[2]!, qp[9]!, qp[10]!, qp[11]!, tol) ? MEET : DISJOINT;
}

/** The strict-sign shortcut: DISJOINT or MEET when every sign it needs is strict, else UNSURE. */
function strictFromSides(p: Float64Array, rec: Float64Array, o: number, q: Float64Array, qp: Float64Array, sides: number): number {
  const a0 = ((sides / 9) | 0) - 1, a1 = (((sides / 3) | 0) % 3) - 1, a2 = (sides % 3) - 1;
  if (a0 === 0 || a1 === 0 || a2 === 0 || qp[7]! > rec[o + 6]!) return UNSURE;
  // q's vertices against p's plane (b0..b2), p now known proper.
  const tol = qp[5]!, la = rec[o + 4]!, lb = rec[o + 5]!;
  const kp0 = Q2 * tol * rec[o + 3]!, kp1 = Q2 * tol * (la + lb) + Q4 * EPS * la * lb;
  const npx = rec[o]!, npy = rec[o + 1]!, npz = rec[o + 2]!;
  const b0 = side(q, 0, p, npx, npy, npz, kp0, kp1), b1 = side(q, 3, p, npx, npy, npz, kp0, kp1), b2 = side(q, 6, p, npx, npy, npz, kp0, kp1);
  if (b0 === b1 && b1 === b2) return b0 === 0 ? UNSURE : DISJOINT;
  if (b0 === 0 || b1 === 0 || b2 === 0) return UNSURE;
  // triTri's canonical form with strict signs: the apex is the vertex alone on its side.
  const ip = a0 !== a1 && a0 !== a2 ? 0 : a1 !== a0 ? 1 : 2;
  const iq = b0 !== b1 && b0 !== b2 ? 0 : b1 !== b0 ? 1 : 2;
  const sp = (iq === 0 ? b0 : iq === 1 ? b1 : b2) < 0 ? 2 : 1;
  const sq = (ip === 0 ? a0 : ip === 1 ? a1 : a2) < 0 ? 2 : 1;
  const P1 = 3 * ip, Q1 = 3 * ((ip + sp) % 3), R1 = 3 * ((ip + 2 * sp) % 3);
  const P2 = 3 * iq, Q2i = 3 * ((iq + sq) % 3), R2 = 3 * ((iq + 2 * sq) % 3);
  const c1 = orient3Strict(p, P1, p, Q1, q, P2, q, Q2i, tol);
  if (c1 >= 0) return c1 > 0 ? DISJOINT : UNSURE;
  const c2 = orient3Strict(p, P1, p, R1, q, R2, q, P2, tol);
  return c2 > 0 ? DISJOINT : c2 < 0 ? MEET : UNSURE;
}

/**
 * Coplanar faces (a tumble's axis-aligned steps lay whole faces on each other).
 * trianglesIntersect(p, q) on this pair, replayed with its own tolerance length (the pair's
 * largest |coordinate| is max(mOwn of p, mOwn of q)): the same box test; both triangles
 * proper (p by its record's mCrit, q by prepareTriangle's wider test); all six vertices
 * within TOL·|n|₁ of the other plane, where planeSide answers 0 (see there); so triTri
 * goes to coplanar(q, nq, p), which coplanarAt runs. Any other case: UNSURE.
 */
function coplanarPrepared(p: Float64Array, rec: Float64Array, o: number, q: Float64Array, qp: Float64Array): number {
  const m = properScale(rec, o, qp);
  if (m < 0) return UNSURE;
  const tol = TOL_ULPS * EPS * m;
  if (boxGap(p, q) > tol) return DISJOINT;
  const nqx = qp[0]!, nqy = qp[1]!, nqz = qp[2]!;
  const zq = tol * (Math.abs(nqx) + Math.abs(nqy) + Math.abs(nqz));
  if (!onPlane(p, 0, q, nqx, nqy, nqz, zq) || !onPlane(p, 3, q, nqx, nqy, nqz, zq) || !onPlane(p, 6, q, nqx, nqy, nqz, zq)) return UNSURE;
  const npx = rec[o]!, npy = rec[o + 1]!, npz = rec[o + 2]!;
  const zp = tol * (Math.abs(npx) + Math.abs(npy) + Math.abs(npz));
  if (!onPlane(q, 0, p, npx, npy, npz, zp) || !onPlane(q, 3, p, npx, npy, npz, zp) || !onPlane(q, 6, p, npx, npy, npz, zp)) return UNSURE;
  return coplanarAt(q, qp, p, tol) ? MEET : DISJOINT;
}

/** planeSide's value for v[o..] against t's plane (normal n) within `zero`: certainly 0 there. */
function onPlane(v: Float64Array, o: number, t: Float64Array, nx: number, ny: number, nz: number, zero: number): boolean {
  const wx = v[o]! - t[0]!, wy = v[o + 1]! - t[1]!, wz = v[o + 2]! - t[2]!;
  return Math.abs(wx * nx + wy * ny + wz * nz) <= zero;
}
