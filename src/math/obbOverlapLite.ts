import type { Obb } from './obb.js';
import type { Rigid } from './rigid.js';

/** Same rounding slack as the 15-axis test (see obbOverlap.ts). */
const OVERLAP_SLACK = 16 * Number.EPSILON;
const ABS_R_EPS = 1e-12;

const R = new Float64Array(9);
const AR = new Float64Array(9);

/**
 * "SAT lite" (van den Bergen 1998; Zachmann 2002 §3.2.4): only the 6 face axes of the two
 * boxes, none of the 9 edge–edge axes. Conservative: it never separates boxes the 15-axis
 * test calls overlapping, but it may call overlapping some boxes that only an edge–edge
 * axis separates. Same signature, margin and rounding slack as `obbsOverlap`.
 */
export function obbsOverlapLite(a: Obb, b: Obb, bToA: Rigid, margin = 0): boolean {
  const A = a.axes, B = b.axes, m = bToA, ca = a.center, cb = b.center;
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
    (Math.abs(ca[0]!) + Math.abs(ca[1]!) + Math.abs(ca[2]!) + Math.abs(c0) + Math.abs(c1) + Math.abs(c2) +
      Math.abs(m[3]!) + Math.abs(m[7]!) + Math.abs(m[11]!) +
      Math.abs(a0) + Math.abs(a1) + Math.abs(a2) + Math.abs(b0) + Math.abs(b1) + Math.abs(b2) +
      Math.abs(T0) + Math.abs(T1) + Math.abs(T2));
  if (Math.abs(T0) > a0 + b0 * AR[0]! + b1 * AR[1]! + b2 * AR[2]! + slack) return false;
  if (Math.abs(T1) > a1 + b0 * AR[3]! + b1 * AR[4]! + b2 * AR[5]! + slack) return false;
  if (Math.abs(T2) > a2 + b0 * AR[6]! + b1 * AR[7]! + b2 * AR[8]! + slack) return false;
  if (Math.abs(T0 * R[0]! + T1 * R[3]! + T2 * R[6]!) > a0 * AR[0]! + a1 * AR[3]! + a2 * AR[6]! + b0 + slack) return false;
  if (Math.abs(T0 * R[1]! + T1 * R[4]! + T2 * R[7]!) > a0 * AR[1]! + a1 * AR[4]! + a2 * AR[7]! + b1 + slack) return false;
  if (Math.abs(T0 * R[2]! + T1 * R[5]! + T2 * R[8]!) > a0 * AR[2]! + a1 * AR[5]! + a2 * AR[8]! + b2 + slack) return false;
  return true;
}
