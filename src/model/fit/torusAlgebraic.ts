/**
 * A torus start from the vertices alone (issue 14). With X = x − c, axis a, K = R² − r²,
 * the torus is the quartic (|X|² + K)² − 4R²(|X|² − (a·X)²) = 0, which lies in the linear
 * family α|x|⁴ + |x|²(β·x) + xᵀMx + δ·x + ε = 0 (14 coefficients, M symmetric): vertices on
 * a torus make that family's moment matrix singular, with the torus as its null vector.
 * io1's coarse freeform faces lie exactly on tori whose normals they fail: the start from
 * the normals (torus.ts) inherited their 35° error and Levenberg–Marquardt spent 5
 * iterations per face reaching the surface the vertices already name. The quartic moments
 * are poorly conditioned for thin tubes, so on exact tori the start is good to 1e-7–1e-6 of
 * the patch size (io1: 8e-4 of its tolerance), not to rounding: fitTorus polishes it with
 * Levenberg–Marquardt (an iteration or two) when every vertex lies within the tolerance of
 * it, and otherwise fits from the normals exactly as before.
 *
 * From the null vector (scaled to α = 1): c = −β/4; moving the origin to c removes the
 * cubic terms and leaves M' = M − 2|c|²I − 4ccᵀ = (2K − 4R²)I + 4R²aaᵀ, whose single
 * (largest) eigenvalue 2K has a for eigenvector and whose double one is 2K − 4R².
 */
import { symmetricEigen } from './linalg.js';
import type { Patch } from './patch.js';
import { nullVector } from './quadricMoments.js';

/** Local torus (as torus.ts's TorusFit): centre, unit axis, major and minor radius. */
export interface AlgebraicTorus {
  c: [number, number, number];
  a: [number, number, number];
  R: number;
  r: number;
}

const N = 14;
const moments = new Float64Array(N * N);
const z = new Float64Array(N);
const u = new Float64Array(N);
const STEPS = 6;

/** The torus through the vertices when they lie on one (else a poor or no torus; the caller checks). */
export function algebraicTorus(patch: Patch): AlgebraicTorus | null {
  const { p, count } = patch;
  if (count < N) return null;
  // Σ z zᵀ, z = (|x|⁴, |x|²x, |x|²y, |x|²z, x², y², z², 2xy, 2xz, 2yz, x, y, z, 1), upper triangle
  moments.fill(0);
  z[N - 1] = 1;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]!, y = p[i * 3 + 1]!, w = p[i * 3 + 2]!;
    const s = x * x + y * y + w * w;
    z[0] = s * s; z[1] = s * x; z[2] = s * y; z[3] = s * w;
    z[4] = x * x; z[5] = y * y; z[6] = w * w;
    z[7] = 2 * x * y; z[8] = 2 * x * w; z[9] = 2 * y * w;
    z[10] = x; z[11] = y; z[12] = w;
    for (let r = 0; r < N; r++) {
      const zr = z[r]!;
      for (let c = r; c < N; c++) moments[r * N + c] += zr * z[c]!;
    }
  }
  if (!nullVector(moments, N, u, STEPS)) return null;
  const alpha = u[0]!;
  if (!(Math.abs(alpha) > 1e-12)) return null; // no quartic term: a quadric, not a torus
  const cx = -u[1]! / (4 * alpha), cy = -u[2]! / (4 * alpha), cz = -u[3]! / (4 * alpha);
  const c2 = cx * cx + cy * cy + cz * cz;
  const m = [
    u[4]! / alpha - 2 * c2 - 4 * cx * cx, u[7]! / alpha - 4 * cx * cy, u[8]! / alpha - 4 * cx * cz,
    u[7]! / alpha - 4 * cy * cx, u[5]! / alpha - 2 * c2 - 4 * cy * cy, u[9]! / alpha - 4 * cy * cz,
    u[8]! / alpha - 4 * cz * cx, u[9]! / alpha - 4 * cz * cy, u[6]! / alpha - 2 * c2 - 4 * cz * cz,
  ];
  const e = symmetricEigen(m, 3);
  const single = e.values[2]!, double = 0.5 * (e.values[0]! + e.values[1]!);
  const R2 = (single - double) / 4, K = single / 2;
  const r2 = R2 - K;
  if (!(R2 > 0 && r2 > 0)) return null;
  const v = e.vectors;
  const torus: AlgebraicTorus = { c: [cx, cy, cz], a: [v[6]!, v[7]!, v[8]!], R: Math.sqrt(R2), r: Math.sqrt(r2) };
  return Number.isFinite(torus.R + torus.r + cx + cy + cz) ? torus : null;
}
