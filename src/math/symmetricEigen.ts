/**
 * Eigen-decomposition of a real symmetric 3×3 matrix by the cyclic Jacobi method.
 *
 * Jacobi is slow for big matrices but for 3×3 it converges in a handful of sweeps, is
 * unconditionally stable and returns eigenvectors that are orthonormal to rounding even
 * when eigenvalues repeat (where closed-form cubic solutions lose their vectors).
 */

export interface SymmetricEigen3 {
  /** Eigenvalues, sorted in descending order. */
  values: Float64Array;
  /**
   * Eigenvectors as rows of a row-major 3×3 matrix: row i (`vectors[3i..3i+2]`) is the unit
   * eigenvector of `values[i]`. The rows form a right-handed orthonormal basis.
   */
  vectors: Float64Array;
}

const MAX_SWEEPS = 64;

/**
 * Eigenvalues and eigenvectors of the symmetric matrix `m` (9 numbers, row-major; only the
 * symmetric part `(m + mᵀ)/2` is used). Never returns NaN: a matrix with a non-finite entry
 * or an all-zero matrix yields the identity basis (values 0 for the zero matrix, NaN-free
 * zeros for the non-finite one).
 */
// Working matrices of symmetricEigen3, reused (four typed-array allocations were
// most of a 3×3 solve's cost); the function is not re-entrant and calls nothing that is.
const work = new Float64Array(9);
const basis = new Float64Array(9);

export function symmetricEigen3(m: ArrayLike<number>): SymmetricEigen3 {
  const values = new Float64Array(3);
  const vectors = new Float64Array(9);
  symmetricEigen3Into(m, values, vectors);
  return { values, vectors };
}

/** symmetricEigen3 written into `values` (3) and `vectors` (9), for callers that reuse them. */
export function symmetricEigen3Into(m: ArrayLike<number>, values: Float64Array, vectors: Float64Array): void {
  const a = work;
  let scale = 0;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const v = 0.5 * (m[r * 3 + c]! + m[c * 3 + r]!);
      a[r * 3 + c] = v;
      const av = Math.abs(v);
      if (!(av <= scale)) scale = av; // also catches NaN
    }
  }
  if (!Number.isFinite(scale) || scale === 0) {
    values.fill(0);
    vectors.fill(0);
    vectors[0] = vectors[4] = vectors[8] = 1;
    return;
  }

  // Work on the matrix scaled to unit size so no square under- or overflows.
  for (let i = 0; i < 9; i++) a[i] = a[i]! / scale;
  // v holds the eigenvectors as columns while iterating.
  const v = basis;
  v.fill(0);
  v[0] = v[4] = v[8] = 1;

  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const off = a[1]! * a[1]! + a[2]! * a[2]! + a[5]! * a[5]!;
    const diag = a[0]! * a[0]! + a[4]! * a[4]! + a[8]! * a[8]!;
    if (off === 0 || off <= 1e-34 * diag) break;
    // the three planes in the cyclic order (0,1), (0,2), (1,2), constant indices
    rotate(a, v, 0, 1);
    rotate(a, v, 0, 2);
    rotate(a, v, 1, 2);
  }

  // Sort descending; a stable insertion sort, as Array.prototype.sort (ties keep their order)
  // but without its call overhead on this hot path (surface fitting).
  let o0 = 0, o1 = 1, o2 = 2;
  let e0 = a[0]!, e1 = a[4]!, e2 = a[8]!; // the diagonal in the order o0, o1, o2
  let tmp: number;
  if (e1 > e0) {
    tmp = o0; o0 = o1; o1 = tmp;
    tmp = e0; e0 = e1; e1 = tmp;
  }
  if (e2 > e1) {
    tmp = o1; o1 = o2; o2 = tmp;
    tmp = e1; e1 = e2; e2 = tmp;
    if (e1 > e0) {
      tmp = o0; o0 = o1; o1 = tmp;
    }
  }
  for (let r = 0; r < 3; r++) {
    const col = r === 0 ? o0 : r === 1 ? o1 : o2;
    values[r] = a[col * 3 + col]! * scale;
    vectors[r * 3] = v[col]!;
    vectors[r * 3 + 1] = v[3 + col]!;
    vectors[r * 3 + 2] = v[6 + col]!;
  }
  orthonormalizeRows(vectors);
}

/** One Jacobi rotation in the (p, q) plane: annihilates a[p][q], accumulates into v. */
function rotate(a: Float64Array, v: Float64Array, p: number, q: number): void {
  const apq = a[p * 3 + q]!;
  if (apq === 0) return;
  const app = a[p * 3 + p]!;
  const aqq = a[q * 3 + q]!;
  // Rotation angle that annihilates a[p][q] (the smaller of the two roots).
  const theta = (aqq - app) / (2 * apq);
  let t: number;
  if (Math.abs(theta) > 1e150) {
    t = 1 / (2 * theta);
  } else {
    t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  }
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  // A ← Jᵀ A J, with J the rotation in the (p, q) plane.
  for (let k = 0; k < 3; k++) {
    const akp = a[k * 3 + p]!;
    const akq = a[k * 3 + q]!;
    a[k * 3 + p] = c * akp - s * akq;
    a[k * 3 + q] = s * akp + c * akq;
  }
  for (let k = 0; k < 3; k++) {
    const apk = a[p * 3 + k]!;
    const aqk = a[q * 3 + k]!;
    a[p * 3 + k] = c * apk - s * aqk;
    a[q * 3 + k] = s * apk + c * aqk;
  }
  a[p * 3 + q] = 0;
  a[q * 3 + p] = 0;
  // V ← V J
  for (let k = 0; k < 3; k++) {
    const vkp = v[k * 3 + p]!;
    const vkq = v[k * 3 + q]!;
    v[k * 3 + p] = c * vkp - s * vkq;
    v[k * 3 + q] = s * vkp + c * vkq;
  }
}

/**
 * Makes the rows of a 3×3 row-major matrix a right-handed orthonormal basis (Gram–Schmidt on
 * rows 0 and 1, row 2 = row 0 × row 1), falling back to coordinate axes for degenerate rows.
 * Returns the same array.
 */
export function orthonormalizeRows(m: Float64Array): Float64Array {
  let x0 = m[0]!, y0 = m[1]!, z0 = m[2]!;
  let len = Math.hypot(x0, y0, z0);
  if (!(len > 1e-300) || !Number.isFinite(len)) {
    x0 = 1; y0 = 0; z0 = 0; len = 1;
  }
  x0 /= len; y0 /= len; z0 /= len;
  let x1 = m[3]!, y1 = m[4]!, z1 = m[5]!;
  let d = x1 * x0 + y1 * y0 + z1 * z0;
  x1 -= d * x0; y1 -= d * y0; z1 -= d * z0;
  len = Math.hypot(x1, y1, z1);
  if (!(len > 1e-8) || !Number.isFinite(len)) {
    // Pick the coordinate axis least aligned with row 0 and orthogonalise it.
    const ax = Math.abs(x0), ay = Math.abs(y0), az = Math.abs(z0);
    if (ax <= ay && ax <= az) { x1 = 1; y1 = 0; z1 = 0; } else if (ay <= az) { x1 = 0; y1 = 1; z1 = 0; } else { x1 = 0; y1 = 0; z1 = 1; }
    d = x1 * x0 + y1 * y0 + z1 * z0;
    x1 -= d * x0; y1 -= d * y0; z1 -= d * z0;
    len = Math.hypot(x1, y1, z1);
  }
  x1 /= len; y1 /= len; z1 /= len;
  // A second pass of Gram–Schmidt keeps orthogonality at rounding level.
  d = x1 * x0 + y1 * y0 + z1 * z0;
  x1 -= d * x0; y1 -= d * y0; z1 -= d * z0;
  len = Math.hypot(x1, y1, z1);
  x1 /= len; y1 /= len; z1 /= len;
  m[0] = x0; m[1] = y0; m[2] = z0;
  m[3] = x1; m[4] = y1; m[5] = z1;
  m[6] = y0 * z1 - z0 * y1;
  m[7] = z0 * x1 - x0 * z1;
  m[8] = x0 * y1 - y0 * x1;
  return m;
}
