import type { Obb } from './obb.js';
import type { Rigid } from './rigid.js';

/**
 * Relative slack for the overlap test's own rounding, of the magnitudes involved (centres,
 * translation, extents): its few operations err by a few ulps of them, this is twice that.
 */
const OVERLAP_SLACK = 16 * Number.EPSILON;
/** Added to |R| entries so that (nearly) parallel edges cannot produce a false separation. */
export const ABS_R_EPS = 1e-12;

const flatA = new Float64Array(15);
const flatB = new Float64Array(15);

/**
 * Gottschalk's 15-axis separating-axis test. `bToA` takes b's local coordinates to a's (both
 * boxes are given in their own parts' frames). Inclusive: touching boxes overlap. `margin`
 * grows both boxes by that much on every side (so boxes whose distance is at most 2·margin
 * always overlap). Rounding cannot separate touching boxes: every comparison gets a slack of
 * a few ulps of the magnitudes involved and |R| entries get the usual epsilon.
 */
export function obbsOverlap(a: Obb, b: Obb, bToA: Rigid, margin = 0): boolean {
  flatten(a, flatA);
  flatten(b, flatB);
  return obbsOverlapAt(flatA, 0, flatB, 0, bToA, margin);
}

/** An Obb's 15 numbers into a flat box (element by element: cheaper than three set() calls). */
function flatten(o: Obb, out: Float64Array): void {
  const c = o.center, x = o.axes, h = o.halfExtents;
  out[0] = c[0]!; out[1] = c[1]!; out[2] = c[2]!;
  for (let i = 0; i < 9; i++) out[3 + i] = x[i]!;
  out[12] = h[0]!; out[13] = h[1]!; out[14] = h[2]!;
}

/** Numbers per moved box (moveObb): centre, axes as rows, half-extents, and the rounding base of the centre. */
export const MOVED_OBB = 16;
const movedScratch = new Float64Array(MOVED_OBB);

/**
 * obbsOverlap for boxes stored flat: 15 numbers each (centre, axes as rows, half-extents) at
 * offsets `oa` of `boxesA` (in A's frame) and `ob` of `boxesB` (in B's), as trees of them
 * keep them (spatial/surfaceObbTree.ts). Axes must be orthonormal to about an ulp.
 */
export function obbsOverlapAt(boxesA: Float64Array, oa: number, boxesB: Float64Array, ob: number, bToA: Rigid, margin: number): boolean {
  moveObb(boxesB, ob, bToA, movedScratch, 0);
  return movedObbsOverlap(boxesA, oa, margin, movedScratch, 0, margin);
}

/**
 * Writes B's flat box at `ob`, moved by `bToA` into A's frame, at out[o..o+15]: centre
 * M·c + t, axes M·B_j, the half-extents, and |c|₁ + |t|₁ (what the centre's rounding scales
 * with). A descent moves each B node once and tests it against many A nodes.
 */
export function moveObb(boxesB: Float64Array, ob: number, bToA: Rigid, out: Float64Array, o: number): void {
  const m = bToA;
  const m0 = m[0]!, m1 = m[1]!, m2 = m[2]!, m4 = m[4]!, m5 = m[5]!, m6 = m[6]!, m8 = m[8]!, m9 = m[9]!, m10 = m[10]!;
  const c0 = boxesB[ob]!, c1 = boxesB[ob + 1]!, c2 = boxesB[ob + 2]!;
  out[o] = m0 * c0 + m1 * c1 + m2 * c2 + m[3]!;
  out[o + 1] = m4 * c0 + m5 * c1 + m6 * c2 + m[7]!;
  out[o + 2] = m8 * c0 + m9 * c1 + m10 * c2 + m[11]!;
  for (let j = 0; j < 3; j++) {
    const bx = boxesB[ob + 3 + 3 * j]!, by = boxesB[ob + 4 + 3 * j]!, bz = boxesB[ob + 5 + 3 * j]!;
    out[o + 3 + 3 * j] = m0 * bx + m1 * by + m2 * bz;
    out[o + 4 + 3 * j] = m4 * bx + m5 * by + m6 * bz;
    out[o + 5 + 3 * j] = m8 * bx + m9 * by + m10 * bz;
  }
  out[o + 12] = boxesB[ob + 12]!;
  out[o + 13] = boxesB[ob + 13]!;
  out[o + 14] = boxesB[ob + 14]!;
  out[o + 15] = Math.abs(c0) + Math.abs(c1) + Math.abs(c2) + Math.abs(m[3]!) + Math.abs(m[7]!) + Math.abs(m[11]!);
}

/**
 * The 15-axis test of A's flat box at `oa`, grown by `marginA`, and a B box already moved
 * into A's frame (moveObb) at `om` of `moved`, grown by `marginB`. Written out in locals: the
 * pair descent runs it a million times a query.
 */
export function movedObbsOverlap(boxesA: Float64Array, oa: number, marginA: number, moved: Float64Array, om: number, marginB: number): boolean {
  const A00 = boxesA[oa + 3]!, A01 = boxesA[oa + 4]!, A02 = boxesA[oa + 5]!;
  const A10 = boxesA[oa + 6]!, A11 = boxesA[oa + 7]!, A12 = boxesA[oa + 8]!;
  const A20 = boxesA[oa + 9]!, A21 = boxesA[oa + 10]!, A22 = boxesA[oa + 11]!;
  // R[i][j] = A_i · w_j, w_j B's axes in A's part frame.
  let wx = moved[om + 3]!, wy = moved[om + 4]!, wz = moved[om + 5]!;
  const r00 = A00 * wx + A01 * wy + A02 * wz, r10 = A10 * wx + A11 * wy + A12 * wz, r20 = A20 * wx + A21 * wy + A22 * wz;
  wx = moved[om + 6]!; wy = moved[om + 7]!; wz = moved[om + 8]!;
  const r01 = A00 * wx + A01 * wy + A02 * wz, r11 = A10 * wx + A11 * wy + A12 * wz, r21 = A20 * wx + A21 * wy + A22 * wz;
  wx = moved[om + 9]!; wy = moved[om + 10]!; wz = moved[om + 11]!;
  const r02 = A00 * wx + A01 * wy + A02 * wz, r12 = A10 * wx + A11 * wy + A12 * wz, r22 = A20 * wx + A21 * wy + A22 * wz;
  const s00 = Math.abs(r00) + ABS_R_EPS, s01 = Math.abs(r01) + ABS_R_EPS, s02 = Math.abs(r02) + ABS_R_EPS;
  const s10 = Math.abs(r10) + ABS_R_EPS, s11 = Math.abs(r11) + ABS_R_EPS, s12 = Math.abs(r12) + ABS_R_EPS;
  const s20 = Math.abs(r20) + ABS_R_EPS, s21 = Math.abs(r21) + ABS_R_EPS, s22 = Math.abs(r22) + ABS_R_EPS;
  // T: b's centre relative to a's, in a's box frame.
  const ca0 = boxesA[oa]!, ca1 = boxesA[oa + 1]!, ca2 = boxesA[oa + 2]!;
  const tx = moved[om]! - ca0, ty = moved[om + 1]! - ca1, tz = moved[om + 2]! - ca2;
  const T0 = A00 * tx + A01 * ty + A02 * tz, T1 = A10 * tx + A11 * ty + A12 * tz, T2 = A20 * tx + A21 * ty + A22 * tz;
  const a0 = boxesA[oa + 12]! + marginA, a1 = boxesA[oa + 13]! + marginA, a2 = boxesA[oa + 14]! + marginA;
  const b0 = moved[om + 12]! + marginB, b1 = moved[om + 13]! + marginB, b2 = moved[om + 14]! + marginB;
  // Rounding slack: T carries errors of a few ulps of the coordinates it came from (slackT);
  // the radii and the products with R err by ulps of the extents and of T (slackE).
  const slackT = OVERLAP_SLACK * (Math.abs(ca0) + Math.abs(ca1) + Math.abs(ca2) + moved[om + 15]!);
  const slackE = OVERLAP_SLACK * (Math.abs(a0) + Math.abs(a1) + Math.abs(a2) + Math.abs(b0) + Math.abs(b1) + Math.abs(b2) + Math.abs(T0) + Math.abs(T1) + Math.abs(T2));
  const slack = slackT + slackE;
  // A's face axes.
  if (Math.abs(T0) > a0 + b0 * s00 + b1 * s01 + b2 * s02 + slack) return false;
  if (Math.abs(T1) > a1 + b0 * s10 + b1 * s11 + b2 * s12 + slack) return false;
  if (Math.abs(T2) > a2 + b0 * s20 + b1 * s21 + b2 * s22 + slack) return false;
  // B's face axes.
  if (Math.abs(T0 * r00 + T1 * r10 + T2 * r20) > a0 * s00 + a1 * s10 + a2 * s20 + b0 + slack) return false;
  if (Math.abs(T0 * r01 + T1 * r11 + T2 * r21) > a0 * s01 + a1 * s11 + a2 * s21 + b1 + slack) return false;
  if (Math.abs(T0 * r02 + T1 * r12 + T2 * r22) > a0 * s02 + a1 * s12 + a2 * s22 + b2 + slack) return false;
  // Edge–edge axes A_i × B_j. These are not unit (|L| = sin of the angle between the edges),
  // so the error carried by T shrinks with |L| ≤ the two |R| entries in it.
  if (Math.abs(T2 * r10 - T1 * r20) > a1 * s20 + a2 * s10 + b1 * s02 + b2 * s01 + slackT * (s10 + s20) + slackE) return false;
  if (Math.abs(T2 * r11 - T1 * r21) > a1 * s21 + a2 * s11 + b0 * s02 + b2 * s00 + slackT * (s11 + s21) + slackE) return false;
  if (Math.abs(T2 * r12 - T1 * r22) > a1 * s22 + a2 * s12 + b0 * s01 + b1 * s00 + slackT * (s12 + s22) + slackE) return false;
  if (Math.abs(T0 * r20 - T2 * r00) > a0 * s20 + a2 * s00 + b1 * s12 + b2 * s11 + slackT * (s20 + s00) + slackE) return false;
  if (Math.abs(T0 * r21 - T2 * r01) > a0 * s21 + a2 * s01 + b0 * s12 + b2 * s10 + slackT * (s21 + s01) + slackE) return false;
  if (Math.abs(T0 * r22 - T2 * r02) > a0 * s22 + a2 * s02 + b0 * s11 + b1 * s10 + slackT * (s22 + s02) + slackE) return false;
  if (Math.abs(T1 * r00 - T0 * r10) > a0 * s10 + a1 * s00 + b1 * s22 + b2 * s21 + slackT * (s00 + s10) + slackE) return false;
  if (Math.abs(T1 * r01 - T0 * r11) > a0 * s11 + a1 * s01 + b0 * s22 + b2 * s20 + slackT * (s01 + s11) + slackE) return false;
  if (Math.abs(T1 * r02 - T0 * r12) > a0 * s12 + a1 * s02 + b0 * s21 + b1 * s20 + slackT * (s02 + s12) + slackE) return false;
  return true;
}

/** R[i][j] = A_i · (M B_j): b's axes in a's box frame (columns of R), and AR = |R| + ε (so nearly parallel edges never separate by rounding). */
export function boxAxesInA(a: Obb, b: Obb, bToA: Rigid, R: Float64Array, AR: Float64Array): void {
  const A = a.axes, B = b.axes, m = bToA;
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
}

/** b's centre relative to a's, in a's box frame, into T[0..2]. */
export function centreInA(a: Obb, b: Obb, bToA: Rigid, T: Float64Array): void {
  const A = a.axes, m = bToA, ca = a.center, cb = b.center;
  const c0 = cb[0]!, c1 = cb[1]!, c2 = cb[2]!;
  const tx = m[0]! * c0 + m[1]! * c1 + m[2]! * c2 + m[3]! - ca[0]!;
  const ty = m[4]! * c0 + m[5]! * c1 + m[6]! * c2 + m[7]! - ca[1]!;
  const tz = m[8]! * c0 + m[9]! * c1 + m[10]! * c2 + m[11]! - ca[2]!;
  const T0 = A[0]! * tx + A[1]! * ty + A[2]! * tz;
  const T1 = A[3]! * tx + A[4]! * ty + A[5]! * tz;
  const T2 = A[6]! * tx + A[7]! * ty + A[8]! * tz;
  T[0] = T0;
  T[1] = T1;
  T[2] = T2;
}
