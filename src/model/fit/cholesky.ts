/**
 * Cholesky solve of a small symmetric system, used only where it provably equals the
 * pseudo-inverse solve of linalg.ts (the Jacobi eigen-solver behind every
 * Levenberg–Marquardt step was most of the fitting time).
 *
 * The pseudo-inverse drops eigen-directions with |λ| ≤ relCut·λmax. Cholesky is used only
 * when a lower bound on λmin shows that nothing would be dropped; then both solutions are
 * A⁻¹b. The bound, on the Jacobi-scaled matrix A' = D^-½ A D^-½ (trace n): the other n − 1
 * eigenvalues of A' multiply to at most ((n − λ'min)/(n − 1))^(n−1) ≤ (n/(n−1))^(n−1), so
 * λ'min ≥ det A' · ((n−1)/n)^(n−1), and λmin(A) ≥ λ'min(A') · min Dᵢ; λmax ≤ trace A.
 */
/**
 * Working arrays of one solve up to n = 8, the largest system the fits solve (typed arrays
 * allocated per solve showed in the profile of small patches); a larger system gets its
 * own. Fixed-size and used inside one call that calls nothing, so no call ever finds
 * another's data in them.
 */
const SCRATCH_N = 8;
const scaleScratch = new Float64Array(SCRATCH_N);
const lowerScratch = new Float64Array(SCRATCH_N * SCRATCH_N);

/** A⁻¹b when A is safely positive definite (see the module comment), else null. */
export function choleskySolveIfSafe(a: ArrayLike<number>, b: ArrayLike<number>, n: number, relCut: number): Float64Array | null {
  let trace = 0;
  let minDiag = Infinity;
  for (let i = 0; i < n; i++) {
    const d = a[i * n + i]!;
    if (!(d > 0) || !Number.isFinite(d)) return null;
    trace += d;
    if (d < minDiag) minDiag = d;
  }
  // L of the scaled matrix, row-major lower triangle; s = D^-½
  const s = n <= SCRATCH_N ? scaleScratch : new Float64Array(n);
  for (let i = 0; i < n; i++) s[i] = 1 / Math.sqrt(a[i * n + i]!);
  const l = n <= SCRATCH_N ? lowerScratch : new Float64Array(n * n); // only entries j ≤ i < n are read, each written first
  let det = 1; // det of the scaled matrix = Π pivots
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      // symmetrised entry, as symmetricEigen reads it
      let sum = 0.5 * (a[i * n + j]! + a[j * n + i]!) * s[i]! * s[j]!;
      for (let k = 0; k < j; k++) sum -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (!(sum > 0)) return null;
        det *= sum;
        l[i * n + i] = Math.sqrt(sum);
      } else {
        l[i * n + j] = sum / l[j * n + j]!;
      }
    }
  }
  const lowerMin = det * Math.pow((n - 1) / n, n - 1) * minDiag;
  // 4× margin: the factorisation itself carries rounding
  if (!(lowerMin > 4 * relCut * trace)) return null;
  // L y = D^-½ b, Lᵀ z = y, x = D^-½ z
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i]! * s[i]!;
    for (let k = 0; k < i; k++) sum -= l[i * n + k]! * x[k]!;
    x[i] = sum / l[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = x[i]!;
    for (let k = i + 1; k < n; k++) sum -= l[k * n + i]! * x[k]!;
    x[i] = sum / l[i * n + i]!;
  }
  for (let i = 0; i < n; i++) x[i] = x[i]! * s[i]!;
  return x;
}

/** isPositiveDefinite's factor up to n = 8 (see scaleScratch). */
const definiteScratch = new Float64Array(SCRATCH_N * SCRATCH_N);

/**
 * True when the symmetric n×n matrix `a` (row-major, both triangles the same) is positive
 * definite: its Cholesky factorisation has positive pivots. The same verdict as "smallest
 * eigenvalue > 0" up to rounding of a few ulps of the diagonal, at a fraction of a Jacobi
 * eigen-solve (the torus rule-out made four per patch).
 */
export function isPositiveDefinite(a: ArrayLike<number>, n: number): boolean {
  const l = n <= SCRATCH_N ? definiteScratch : new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (!(sum > 0)) return false;
        l[i * n + i] = Math.sqrt(sum);
      } else l[i * n + j] = sum / l[j * n + j]!;
    }
  }
  return true;
}
