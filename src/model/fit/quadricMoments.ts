/**
 * The quadric moment matrix of a patch's vertices (issue 14), shared by the no-quadric proof
 * (ruleOutQuadric.ts) and the algebraic cone start (coneAlgebraic.ts): M = Σ z zᵀ with
 * z = (x², y², z², 2xy, 2xz, 2yz, x, y, z, 1), so that uᵀMu = Σ G(pᵢ)² for the quadric
 * G(x) = xᵀAx + bᵀx + c with u = (A11, A22, A33, A12, A13, A23, b1, b2, b3, c).
 * Plus a 10×10 Cholesky factorisation and solve on reused arrays.
 */
import type { Patch } from './patch.js';

const z = new Float64Array(10);
/** M of the last patch asked for: the cone start and the no-quadric proof read the same one. */
const last = new Float64Array(100);
let lastPatch: Patch | null = null;

/** Writes M (full, symmetric, row-major 10×10) of the patch's vertices into `out`. */
export function quadricMoments(patch: Patch, out: Float64Array): void {
  if (lastPatch !== patch) {
    accumulate(patch, last);
    lastPatch = patch;
  }
  out.set(last);
}

function accumulate(patch: Patch, out: Float64Array): void {
  const { p, count } = patch;
  out.fill(0);
  z[9] = 1;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]!, y = p[i * 3 + 1]!, w = p[i * 3 + 2]!;
    z[0] = x * x; z[1] = y * y; z[2] = w * w;
    z[3] = 2 * x * y; z[4] = 2 * x * w; z[5] = 2 * y * w;
    z[6] = x; z[7] = y; z[8] = w;
    for (let r = 0; r < 10; r++) {
      const zr = z[r]!;
      for (let c = r; c < 10; c++) out[r * 10 + c] += zr * z[c]!;
    }
  }
  for (let r = 1; r < 10; r++) for (let c = 0; c < r; c++) out[r * 10 + c] = out[c * 10 + r]!;
}

/**
 * Cholesky factorisation in place of the symmetric 10×10 matrix `a` (upper triangle read):
 * the factor Lᵀ is left in the upper triangle. False when a pivot is not positive.
 */
export function cholesky10(a: Float64Array): boolean {
  // a[j*10+i] = L[i][j] for i ≥ j
  for (let j = 0; j < 10; j++) {
    let d = a[j * 11]!;
    for (let k = 0; k < j; k++) d -= a[k * 10 + j]! * a[k * 10 + j]!;
    if (!(d > 0)) return false;
    const l = Math.sqrt(d);
    a[j * 11] = l;
    for (let i = j + 1; i < 10; i++) {
      let s = a[j * 10 + i]!;
      for (let k = 0; k < j; k++) s -= a[k * 10 + i]! * a[k * 10 + j]!;
      a[j * 10 + i] = s / l;
    }
  }
  return true;
}

/** Solves L Lᵀ x = b in place (`b` becomes x) with the factor from cholesky10. */
export function choleskySolve10(f: Float64Array, b: Float64Array): void {
  for (let i = 0; i < 10; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= f[k * 10 + i]! * b[k]!;
    b[i] = s / f[i * 11]!;
  }
  for (let i = 9; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < 10; k++) s -= f[i * 10 + k]! * b[k]!;
    b[i] = s / f[i * 11]!;
  }
}
