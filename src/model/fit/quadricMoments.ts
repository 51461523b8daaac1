/**
 * The quadric moment matrix of a patch's vertices, shared by the no-quadric proof
 * (ruleOutQuadric.ts) and the algebraic cone start (coneAlgebraic.ts): M = Σ z zᵀ with
 * z = (x², y², z², 2xy, 2xz, 2yz, x, y, z, 1), so that uᵀMu = Σ G(pᵢ)² for the quadric
 * G(x) = xᵀAx + bᵀx + c with u = (A11, A22, A33, A12, A13, A23, b1, b2, b3, c).
 * Plus a 10×10 Cholesky factorisation and solve on reused arrays.
 */
import type { Patch } from './patch.js';

/** Writes M (full, symmetric, row-major 10×10) of the patch's vertices into `out`; computed once per patch (the cone start and the no-quadric proof read the same one). */
export function quadricMoments(patch: Patch, out: Float64Array): void {
  let moments = patch.memo.quadricMoments;
  if (moments === null) {
    moments = new Float64Array(100);
    accumulate(patch, moments);
    patch.memo.quadricMoments = moments;
  }
  out.set(moments);
}

function accumulate(patch: Patch, out: Float64Array): void {
  const { p, count } = patch;
  // one scalar per entry of the upper triangle, summed in vertex order as before: the same
  // sums bit for bit, 3–4× faster than adding into the typed array per vertex
  let m00 = 0, m01 = 0, m02 = 0, m03 = 0, m04 = 0, m05 = 0, m06 = 0, m07 = 0, m08 = 0, m09 = 0;
  let m11 = 0, m12 = 0, m13 = 0, m14 = 0, m15 = 0, m16 = 0, m17 = 0, m18 = 0, m19 = 0;
  let m22 = 0, m23 = 0, m24 = 0, m25 = 0, m26 = 0, m27 = 0, m28 = 0, m29 = 0;
  let m33 = 0, m34 = 0, m35 = 0, m36 = 0, m37 = 0, m38 = 0, m39 = 0;
  let m44 = 0, m45 = 0, m46 = 0, m47 = 0, m48 = 0, m49 = 0;
  let m55 = 0, m56 = 0, m57 = 0, m58 = 0, m59 = 0;
  let m66 = 0, m67 = 0, m68 = 0, m69 = 0;
  let m77 = 0, m78 = 0, m79 = 0;
  let m88 = 0, m89 = 0;
  let m99 = 0;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]!, y = p[i * 3 + 1]!, w = p[i * 3 + 2]!;
    const z0 = x * x, z1 = y * y, z2 = w * w, z3 = 2 * x * y, z4 = 2 * x * w, z5 = 2 * y * w, z6 = x, z7 = y, z8 = w;
    m00 += z0 * z0; m01 += z0 * z1; m02 += z0 * z2; m03 += z0 * z3; m04 += z0 * z4; m05 += z0 * z5; m06 += z0 * z6; m07 += z0 * z7; m08 += z0 * z8; m09 += z0;
    m11 += z1 * z1; m12 += z1 * z2; m13 += z1 * z3; m14 += z1 * z4; m15 += z1 * z5; m16 += z1 * z6; m17 += z1 * z7; m18 += z1 * z8; m19 += z1;
    m22 += z2 * z2; m23 += z2 * z3; m24 += z2 * z4; m25 += z2 * z5; m26 += z2 * z6; m27 += z2 * z7; m28 += z2 * z8; m29 += z2;
    m33 += z3 * z3; m34 += z3 * z4; m35 += z3 * z5; m36 += z3 * z6; m37 += z3 * z7; m38 += z3 * z8; m39 += z3;
    m44 += z4 * z4; m45 += z4 * z5; m46 += z4 * z6; m47 += z4 * z7; m48 += z4 * z8; m49 += z4;
    m55 += z5 * z5; m56 += z5 * z6; m57 += z5 * z7; m58 += z5 * z8; m59 += z5;
    m66 += z6 * z6; m67 += z6 * z7; m68 += z6 * z8; m69 += z6;
    m77 += z7 * z7; m78 += z7 * z8; m79 += z7;
    m88 += z8 * z8; m89 += z8;
    m99 += 1;
  }
  const upper = [
    m00, m01, m02, m03, m04, m05, m06, m07, m08, m09,
    m11, m12, m13, m14, m15, m16, m17, m18, m19,
    m22, m23, m24, m25, m26, m27, m28, m29,
    m33, m34, m35, m36, m37, m38, m39,
    m44, m45, m46, m47, m48, m49,
    m55, m56, m57, m58, m59,
    m66, m67, m68, m69,
    m77, m78, m79,
    m88, m89,
    m99,
  ];
  for (let r = 0, k = 0; r < 10; r++) for (let c = r; c < 10; c++, k++) out[r * 10 + c] = out[c * 10 + r] = upper[k]!;
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
