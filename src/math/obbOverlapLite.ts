import type { Obb } from './obb.js';
import type { Rigid } from './rigid.js';
import { boxAxesInA, centreInA } from './obbOverlap.js';

const Tc = new Float64Array(3);

/** Same rounding slack as the 15-axis test (see obbOverlap.ts). */
const OVERLAP_SLACK = 16 * Number.EPSILON;

const R = new Float64Array(9);
const AR = new Float64Array(9);

/**
 * "SAT lite" (van den Bergen 1998; Zachmann 2002 §3.2.4): only the 6 face axes of the two
 * boxes, none of the 9 edge–edge axes. Conservative: it never separates boxes the 15-axis
 * test calls overlapping, but it may call overlapping some boxes that only an edge–edge
 * axis separates. Same signature, margin and rounding slack as `obbsOverlap`.
 */
export function obbsOverlapLite(a: Obb, b: Obb, bToA: Rigid, margin = 0): boolean {
  const m = bToA, ca = a.center, cb = b.center;
  boxAxesInA(a, b, bToA, R, AR);
  const c0 = cb[0]!, c1 = cb[1]!, c2 = cb[2]!;
  centreInA(a, b, bToA, Tc);
  const T0 = Tc[0]!, T1 = Tc[1]!, T2 = Tc[2]!;
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
