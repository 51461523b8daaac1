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
 * Cholesky factorisation in place of the symmetric n×n matrix `a` (upper triangle read):
 * the factor Lᵀ is left in the upper triangle. False when a pivot is not positive.
 */
export function choleskyInPlace(a: Float64Array, n: number): boolean {
  // a[j*n+i] = L[i][j] for i ≥ j
  for (let j = 0; j < n; j++) {
    let d = a[j * (n + 1)]!;
    for (let k = 0; k < j; k++) d -= a[k * n + j]! * a[k * n + j]!;
    if (!(d > 0)) return false;
    const l = Math.sqrt(d);
    a[j * (n + 1)] = l;
    for (let i = j + 1; i < n; i++) {
      let s = a[j * n + i]!;
      for (let k = 0; k < j; k++) s -= a[k * n + i]! * a[k * n + j]!;
      a[j * n + i] = s / l;
    }
  }
  return true;
}

/** Solves L Lᵀ x = b in place (`b` becomes x) with the factor from choleskyInPlace. */
export function choleskySolveInPlace(f: Float64Array, b: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= f[k * n + i]! * b[k]!;
    b[i] = s / f[i * (n + 1)]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < n; k++) s -= f[i * n + k]! * b[k]!;
    b[i] = s / f[i * (n + 1)]!;
  }
}

/**
 * The (near-)null vector of the symmetric positive semi-definite n×n matrix `a` (destroyed)
 * into `u`: inverse iteration with a + δI, δ = 1e-13·trace, from all ones, `steps` times;
 * each step shrinks the other eigen-directions by (λmin + δ)/(λnext + δ). False when the
 * factorisation fails.
 */
export function nullVector(a: Float64Array, n: number, u: Float64Array, steps: number): boolean {
  let trace = 0;
  for (let j = 0; j < n; j++) trace += a[j * (n + 1)]!;
  for (let j = 0; j < n; j++) a[j * (n + 1)] += 1e-13 * trace;
  if (!choleskyInPlace(a, n)) return false;
  u.fill(1);
  for (let s = 0; s < steps; s++) {
    choleskySolveInPlace(a, u, n);
    let l = 0;
    for (let j = 0; j < n; j++) l += u[j]! * u[j]!;
    l = Math.sqrt(l);
    if (!(l > 0) || !Number.isFinite(l)) return false;
    for (let j = 0; j < n; j++) u[j] = u[j]! / l;
  }
  return true;
}
