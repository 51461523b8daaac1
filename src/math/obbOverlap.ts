import type { Obb } from './obb.js';
import type { Rigid } from './rigid.js';

/**
 * Relative slack for the overlap test's own rounding, of the magnitudes involved (centres,
 * translation, extents): its few operations err by a few ulps of them, this is twice that.
 */
const OVERLAP_SLACK = 16 * Number.EPSILON;
/** Added to |R| entries so that (nearly) parallel edges cannot produce a false separation. */
export const ABS_R_EPS = 1e-12;

const R = new Float64Array(9);
const AR = new Float64Array(9);
const Tc = new Float64Array(3);

/**
 * Gottschalk's 15-axis separating-axis test. `bToA` takes b's local coordinates to a's (both
 * boxes are given in their own parts' frames). Inclusive: touching boxes overlap. `margin`
 * grows both boxes by that much on every side (so boxes whose distance is at most 2·margin
 * always overlap). Rounding cannot separate touching boxes: every comparison gets a slack of
 * a few ulps of the magnitudes involved and |R| entries get the usual epsilon.
 */
export function obbsOverlap(a: Obb, b: Obb, bToA: Rigid, margin = 0): boolean {
  const m = bToA, ca = a.center, cb = b.center;
  // R[i][j] = A_i · (M B_j): b's axes in a's box frame (columns of R).
  boxAxesInA(a, b, bToA, R, AR);
  // T: b's centre relative to a's, in a's box frame.
  const c0 = cb[0]!, c1 = cb[1]!, c2 = cb[2]!;
  centreInA(a, b, bToA, Tc);
  const T0 = Tc[0]!, T1 = Tc[1]!, T2 = Tc[2]!;

  const a0 = a.halfExtents[0]! + margin, a1 = a.halfExtents[1]! + margin, a2 = a.halfExtents[2]! + margin;
  const b0 = b.halfExtents[0]! + margin, b1 = b.halfExtents[1]! + margin, b2 = b.halfExtents[2]! + margin;
  // Rounding slack: T carries errors of a few ulps of the coordinates it came from (slackT);
  // the radii and the products with R err by ulps of the extents and of T (slackE).
  const slackT =
    OVERLAP_SLACK *
    (Math.abs(ca[0]!) + Math.abs(ca[1]!) + Math.abs(ca[2]!) + Math.abs(c0) + Math.abs(c1) + Math.abs(c2) +
      Math.abs(m[3]!) + Math.abs(m[7]!) + Math.abs(m[11]!));
  const slackE =
    OVERLAP_SLACK *
    (Math.abs(a0) + Math.abs(a1) + Math.abs(a2) + Math.abs(b0) + Math.abs(b1) + Math.abs(b2) +
      Math.abs(T0) + Math.abs(T1) + Math.abs(T2));
  const slack = slackT + slackE;

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
