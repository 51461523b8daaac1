import type { Obb } from './obb.js';
import type { Rigid } from './rigid.js';
import { centreInA } from './obbOverlap.js';

const Tc = new Float64Array(3);

/**
 * Both boxes grow by this fraction of the magnitudes involved before the test, so the
 * rounding of the eliminations below cannot separate boxes that touch.
 */
const GROW = 1e-9;
/**
 * A row whose coefficient of the variable being eliminated is this small against the row's
 * other coefficients is relaxed instead of used as a pivot: its term is bounded by
 * |coefficient| · (A's half-extent on that variable) and moved to the right-hand side, which
 * only loosens the system (never a false negative) and keeps divisions well conditioned.
 */
const TINY = 1e-6;

// Rows are (c0, …, c_{d-1}, rhs) meaning c · x ≤ rhs; 12 rows in 3-D, one fewer per level.
const rows3 = new Float64Array(12 * 4);
const rows2 = new Float64Array(12 * 3);
const rows1 = new Float64Array(12 * 2);
const bound = new Float64Array(3);
const mag3 = new Float64Array(12);
const mag2 = new Float64Array(12);
const mag1 = new Float64Array(12);

/**
 * OBB overlap by effective constraints (Bai et al., ISCC 2015). Both boxes are written as
 * linear inequalities in A's box frame (A: |x_k| ≤ a_k; B: |B_j · (x − T)| ≤ b_j, 12 rows).
 * By the effective-constraint theorem, a non-empty bounded solution set meets the hyperplane
 * of some row whose x₁ coefficient is positive; so the test tries each such row, substitutes
 * x₁ from its equation (one dimension less) and recurses, down to an interval in 1-D. It is
 * an exact feasibility test up to the tiny relaxations above, so no separating axis is
 * missed and none is needed. Same signature and margin as `obbsOverlap`; inclusive.
 */
export function obbsOverlapEffective(a: Obb, b: Obb, bToA: Rigid, margin = 0): boolean {
  const A = a.axes, B = b.axes, m = bToA, ca = a.center, cb = b.center;
  const c0 = cb[0]!, c1 = cb[1]!, c2 = cb[2]!;
  centreInA(a, b, bToA, Tc);
  const T0 = Tc[0]!, T1 = Tc[1]!, T2 = Tc[2]!;
  const ha = a.halfExtents, hb = b.halfExtents;
  const scale =
    Math.abs(ha[0]!) + Math.abs(ha[1]!) + Math.abs(ha[2]!) + Math.abs(hb[0]!) + Math.abs(hb[1]!) + Math.abs(hb[2]!) + 2 * Math.abs(margin) +
    Math.abs(ca[0]!) + Math.abs(ca[1]!) + Math.abs(ca[2]!) + Math.abs(c0) + Math.abs(c1) + Math.abs(c2) +
    Math.abs(m[3]!) + Math.abs(m[7]!) + Math.abs(m[11]!);
  const grow = margin + GROW * scale;
  for (let k = 0; k < 3; k++) {
    const e = ha[k]! + grow;
    bound[k] = e;
    // A's rows: x_k ≤ a_k and −x_k ≤ a_k.
    const o = 8 * k;
    rows3[o] = rows3[o + 1] = rows3[o + 2] = 0;
    rows3[o + k] = 1;
    rows3[o + 3] = e;
    rows3[o + 4] = rows3[o + 5] = rows3[o + 6] = 0;
    rows3[o + 4 + k] = -1;
    rows3[o + 7] = e;
  }
  for (let j = 0; j < 3; j++) {
    // B's axis j in A's box frame (column j of R = Aᵀ M B).
    const b0 = B[3 * j]!, b1 = B[3 * j + 1]!, b2 = B[3 * j + 2]!;
    const wx = m[0]! * b0 + m[1]! * b1 + m[2]! * b2;
    const wy = m[4]! * b0 + m[5]! * b1 + m[6]! * b2;
    const wz = m[8]! * b0 + m[9]! * b1 + m[10]! * b2;
    const r0 = A[0]! * wx + A[1]! * wy + A[2]! * wz;
    const r1 = A[3]! * wx + A[4]! * wy + A[5]! * wz;
    const r2 = A[6]! * wx + A[7]! * wy + A[8]! * wz;
    const d = r0 * T0 + r1 * T1 + r2 * T2;
    const e = hb[j]! + grow;
    const o = 24 + 8 * j;
    rows3[o] = r0; rows3[o + 1] = r1; rows3[o + 2] = r2; rows3[o + 3] = e + d;
    rows3[o + 4] = -r0; rows3[o + 5] = -r1; rows3[o + 6] = -r2; rows3[o + 7] = e - d;
  }
  return feasible3();
}

/**
 * Relaxes rows whose first coefficient is negligible against the row's magnitude (see TINY;
 * `mag` tracks the size of the terms each coefficient was computed from, so a coefficient
 * that is rounding noise after a cancellation is recognised); false when a row with no
 * coefficients left is violated.
 */
function relax(rows: Float64Array, mag: Float64Array, count: number, d: number, limit: number): boolean {
  const s = d + 1;
  for (let j = 0; j < count; j++) {
    const o = s * j;
    const c = rows[o]!;
    if (c !== 0 && Math.abs(c) <= TINY * mag[j]!) {
      rows[o + d] = rows[o + d]! + Math.abs(c) * limit;
      rows[o] = 0;
    }
    if (rows[o] === 0) {
      let rest = 0;
      for (let k = 1; k < d; k++) rest += Math.abs(rows[o + k]!);
      if (rest === 0 && rows[o + d]! < 0) return false;
    }
  }
  return true;
}

/** Substitutes x₁ from row i's equation into every other row: `from` (dimension d) → `to` (d − 1). */
function substitute(from: Float64Array, magFrom: Float64Array, count: number, d: number, i: number, to: Float64Array, magTo: Float64Array): void {
  const s = d + 1;
  const oi = s * i;
  const ci = from[oi]!;
  const mi = magFrom[i]! / ci;
  let n = 0;
  for (let j = 0; j < count; j++) {
    if (j === i) continue;
    const o = s * j;
    const f = from[o]! / ci;
    magTo[n] = magFrom[j]! + Math.abs(from[o]!) * mi;
    const t = d * n++;
    for (let k = 1; k <= d; k++) to[t + k - 1] = from[o + k]! - f * from[oi + k]!;
  }
}

function feasible3(): boolean {
  mag3.fill(1);
  if (!relax(rows3, mag3, 12, 3, bound[0]!)) return false;
  for (let i = 0; i < 12; i++) {
    if (!(rows3[4 * i]! > 0)) continue;
    substitute(rows3, mag3, 12, 3, i, rows2, mag2);
    if (feasible2()) return true;
  }
  return false;
}

function feasible2(): boolean {
  if (!relax(rows2, mag2, 11, 2, bound[1]!)) return false;
  for (let i = 0; i < 11; i++) {
    if (!(rows2[3 * i]! > 0)) continue;
    substitute(rows2, mag2, 11, 2, i, rows1, mag1);
    if (feasible1()) return true;
  }
  return false;
}

/** One variable left: the rows bound it from above and below. */
function feasible1(): boolean {
  if (!relax(rows1, mag1, 10, 1, bound[2]!)) return false;
  let lo = -Infinity, hi = Infinity;
  for (let j = 0; j < 10; j++) {
    const c = rows1[2 * j]!, r = rows1[2 * j + 1]!;
    if (c > 0) {
      const v = r / c;
      if (v < hi) hi = v;
    } else if (c < 0) {
      const v = r / c;
      if (v > lo) lo = v;
    }
  }
  return lo <= hi;
}
