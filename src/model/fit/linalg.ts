/**
 * Small dense linear algebra for the surface fits: a cyclic Jacobi eigen-solver for
 * symmetric n×n matrices (n ≤ ~8) and a pseudo-inverse solve built on it. Matrices are
 * row-major Float64Arrays. Nothing here can produce NaN from finite input.
 */
import { symmetricEigen3Into, type SymmetricEigen3 } from '../../math/symmetricEigen.js';
import { choleskySolveIfSafe } from './cholesky.js';
import { fitCounters } from './fitCounters.js';

/**
 * Plain arrays, not typed arrays: a small typed array costs several times a
 * literal's allocation, and two were made per 3×3 solve, most of a small patch's fit.
 */
export interface SymmetricEigen {
  /** Eigenvalues, ascending. */
  values: number[];
  /** Eigenvectors as rows: vector k is vectors[k*n .. k*n+n-1], unit length, matching values[k]. */
  vectors: number[];
}

/** Eigen-decomposition of the symmetric n×n matrix `a` (only read, not modified). */
export function symmetricEigen(a: ArrayLike<number>, n: number): SymmetricEigen {
  // 3×3 (planes, normal scatters) is most calls: the math layer's unrolled solver
  if (n === 3) {
    symmetricEigen3Into(a, desc.values, desc.vectors);
    return ascending3(desc);
  }
  const m = Float64Array.from({ length: n * n }, (_, i) => a[i]!);
  // symmetrise (callers accumulate both triangles, rounding may differ)
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = 0.5 * (m[i * n + j]! + m[j * n + i]!);
      m[i * n + j] = s;
      m[j * n + i] = s;
    }
  }
  // v: columns are eigenvectors
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  let total = 0;
  for (let i = 0; i < n * n; i++) total += m[i]! * m[i]!;
  if (!(total > 0) || !Number.isFinite(total)) {
    return sortEigen(m, v, n);
  }
  for (let sweep = 0; sweep < 64; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += m[i * n + j]! * m[i * n + j]!;
    if (off <= 1e-36 * total) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = m[p * n + q]!;
        if (apq === 0) continue;
        const app = m[p * n + p]!;
        const aqq = m[q * n + q]!;
        const theta = (aqq - app) / (2 * apq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        // rotate rows/columns p and q
        for (let k = 0; k < n; k++) {
          const mkp = m[k * n + p]!;
          const mkq = m[k * n + q]!;
          m[k * n + p] = c * mkp - s * mkq;
          m[k * n + q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < n; k++) {
          const mpk = m[p * n + k]!;
          const mqk = m[q * n + k]!;
          m[p * n + k] = c * mpk - s * mqk;
          m[q * n + k] = s * mpk + c * mqk;
        }
        m[p * n + q] = 0;
        m[q * n + p] = 0;
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return sortEigen(m, v, n);
}

/** Scratch for the 3×3 solver's descending result (copied out by ascending3). */
const desc: SymmetricEigen3 = { values: new Float64Array(3), vectors: new Float64Array(9) };

/** symmetricEigen3's descending order turned ascending; −0 components become +0 (they reach fitted kinds). */
function ascending3(e: SymmetricEigen3): SymmetricEigen {
  const v = e.vectors;
  return {
    values: [e.values[2]!, e.values[1]!, e.values[0]!],
    vectors: [v[6]! + 0, v[7]! + 0, v[8]! + 0, v[3]! + 0, v[4]! + 0, v[5]! + 0, v[0]! + 0, v[1]! + 0, v[2]! + 0],
  };
}

function sortEigen(m: Float64Array, v: Float64Array, n: number): SymmetricEigen {
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => m[x * n + x]! - m[y * n + y]!);
  const values = new Array<number>(n).fill(0);
  const vectors = new Array<number>(n * n).fill(0);
  order.forEach((col, k) => {
    values[k] = m[col * n + col]!;
    let len = 0;
    for (let i = 0; i < n; i++) len += v[i * n + col]! * v[i * n + col]!;
    len = Math.sqrt(len) || 1;
    for (let i = 0; i < n; i++) vectors[k * n + i] = v[i * n + col]! / len;
  });
  return { values, vectors };
}

/**
 * Least-squares solution of the symmetric system A x = b through the pseudo-inverse:
 * eigen-directions whose |eigenvalue| is below `relCut` × the largest are dropped, so a
 * singular system gives the minimum-norm solution instead of Infinity/NaN. Systems that
 * provably lose no direction take the Cholesky path (cholesky.ts), same answer, far cheaper.
 */
export function solveSymmetric(a: ArrayLike<number>, b: ArrayLike<number>, n: number, relCut = 1e-13): Float64Array {
  const fast = choleskySolveIfSafe(a, b, n, relCut);
  if (fast) {
    fitCounters.choleskySolves++;
    return fast;
  }
  fitCounters.eigenSolves++;
  const { values, vectors } = symmetricEigen(a, n);
  let maxAbs = 0;
  for (let k = 0; k < n; k++) maxAbs = Math.max(maxAbs, Math.abs(values[k]!));
  const x = new Float64Array(n);
  if (!(maxAbs > 0) || !Number.isFinite(maxAbs)) return x;
  for (let k = 0; k < n; k++) {
    const lam = values[k]!;
    if (Math.abs(lam) <= relCut * maxAbs) continue;
    let dot = 0;
    for (let i = 0; i < n; i++) dot += vectors[k * n + i]! * b[i]!;
    const f = dot / lam;
    for (let i = 0; i < n; i++) x[i] = x[i]! + f * vectors[k * n + i]!;
  }
  return x;
}

/** Eigenvector k (ascending order) of a decomposition as a plain array. */
export function eigenVector(e: SymmetricEigen, k: number, n: number): number[] {
  // a plain loop: Array.from over a subarray walks the iterator protocol
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = e.vectors[k * n + i]!;
  return out;
}
