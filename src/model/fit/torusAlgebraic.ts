/**
 * A torus start from the vertices alone. With X = x − c, axis a, K = R² − r²,
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
const u = new Float64Array(N);
const STEPS = 6;

/** The torus through the vertices when they lie on one (else a poor or no torus; the caller checks). */
export function algebraicTorus(patch: Patch): AlgebraicTorus | null {
  const { p, count } = patch;
  if (count < N) return null;
  // Σ z zᵀ, z = (|x|⁴, |x|²x, |x|²y, |x|²z, x², y², z², 2xy, 2xz, 2yz, x, y, z, 1), upper triangle
  // one scalar per entry of the upper triangle, summed in vertex order as the typed-array
  // loop did (bit for bit; that loop was a fifth of io1's freeform faces)
  let m0_0 = 0, m0_1 = 0, m0_2 = 0, m0_3 = 0, m0_4 = 0, m0_5 = 0, m0_6 = 0, m0_7 = 0, m0_8 = 0, m0_9 = 0, m0_10 = 0, m0_11 = 0, m0_12 = 0, m0_13 = 0;
  let m1_1 = 0, m1_2 = 0, m1_3 = 0, m1_4 = 0, m1_5 = 0, m1_6 = 0, m1_7 = 0, m1_8 = 0, m1_9 = 0, m1_10 = 0, m1_11 = 0, m1_12 = 0, m1_13 = 0;
  let m2_2 = 0, m2_3 = 0, m2_4 = 0, m2_5 = 0, m2_6 = 0, m2_7 = 0, m2_8 = 0, m2_9 = 0, m2_10 = 0, m2_11 = 0, m2_12 = 0, m2_13 = 0;
  let m3_3 = 0, m3_4 = 0, m3_5 = 0, m3_6 = 0, m3_7 = 0, m3_8 = 0, m3_9 = 0, m3_10 = 0, m3_11 = 0, m3_12 = 0, m3_13 = 0;
  let m4_4 = 0, m4_5 = 0, m4_6 = 0, m4_7 = 0, m4_8 = 0, m4_9 = 0, m4_10 = 0, m4_11 = 0, m4_12 = 0, m4_13 = 0;
  let m5_5 = 0, m5_6 = 0, m5_7 = 0, m5_8 = 0, m5_9 = 0, m5_10 = 0, m5_11 = 0, m5_12 = 0, m5_13 = 0;
  let m6_6 = 0, m6_7 = 0, m6_8 = 0, m6_9 = 0, m6_10 = 0, m6_11 = 0, m6_12 = 0, m6_13 = 0;
  let m7_7 = 0, m7_8 = 0, m7_9 = 0, m7_10 = 0, m7_11 = 0, m7_12 = 0, m7_13 = 0;
  let m8_8 = 0, m8_9 = 0, m8_10 = 0, m8_11 = 0, m8_12 = 0, m8_13 = 0;
  let m9_9 = 0, m9_10 = 0, m9_11 = 0, m9_12 = 0, m9_13 = 0;
  let m10_10 = 0, m10_11 = 0, m10_12 = 0, m10_13 = 0;
  let m11_11 = 0, m11_12 = 0, m11_13 = 0;
  let m12_12 = 0, m12_13 = 0;
  let m13_13 = 0;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]!, y = p[i * 3 + 1]!, w = p[i * 3 + 2]!;
    const s = x * x + y * y + w * w;
    const z0 = s * s, z1 = s * x, z2 = s * y, z3 = s * w, z4 = x * x, z5 = y * y, z6 = w * w, z7 = 2 * x * y, z8 = 2 * x * w, z9 = 2 * y * w, z10 = x, z11 = y, z12 = w;
    m0_0 += z0 * z0; m0_1 += z0 * z1; m0_2 += z0 * z2; m0_3 += z0 * z3; m0_4 += z0 * z4; m0_5 += z0 * z5; m0_6 += z0 * z6; m0_7 += z0 * z7; m0_8 += z0 * z8; m0_9 += z0 * z9; m0_10 += z0 * z10; m0_11 += z0 * z11; m0_12 += z0 * z12; m0_13 += z0;
    m1_1 += z1 * z1; m1_2 += z1 * z2; m1_3 += z1 * z3; m1_4 += z1 * z4; m1_5 += z1 * z5; m1_6 += z1 * z6; m1_7 += z1 * z7; m1_8 += z1 * z8; m1_9 += z1 * z9; m1_10 += z1 * z10; m1_11 += z1 * z11; m1_12 += z1 * z12; m1_13 += z1;
    m2_2 += z2 * z2; m2_3 += z2 * z3; m2_4 += z2 * z4; m2_5 += z2 * z5; m2_6 += z2 * z6; m2_7 += z2 * z7; m2_8 += z2 * z8; m2_9 += z2 * z9; m2_10 += z2 * z10; m2_11 += z2 * z11; m2_12 += z2 * z12; m2_13 += z2;
    m3_3 += z3 * z3; m3_4 += z3 * z4; m3_5 += z3 * z5; m3_6 += z3 * z6; m3_7 += z3 * z7; m3_8 += z3 * z8; m3_9 += z3 * z9; m3_10 += z3 * z10; m3_11 += z3 * z11; m3_12 += z3 * z12; m3_13 += z3;
    m4_4 += z4 * z4; m4_5 += z4 * z5; m4_6 += z4 * z6; m4_7 += z4 * z7; m4_8 += z4 * z8; m4_9 += z4 * z9; m4_10 += z4 * z10; m4_11 += z4 * z11; m4_12 += z4 * z12; m4_13 += z4;
    m5_5 += z5 * z5; m5_6 += z5 * z6; m5_7 += z5 * z7; m5_8 += z5 * z8; m5_9 += z5 * z9; m5_10 += z5 * z10; m5_11 += z5 * z11; m5_12 += z5 * z12; m5_13 += z5;
    m6_6 += z6 * z6; m6_7 += z6 * z7; m6_8 += z6 * z8; m6_9 += z6 * z9; m6_10 += z6 * z10; m6_11 += z6 * z11; m6_12 += z6 * z12; m6_13 += z6;
    m7_7 += z7 * z7; m7_8 += z7 * z8; m7_9 += z7 * z9; m7_10 += z7 * z10; m7_11 += z7 * z11; m7_12 += z7 * z12; m7_13 += z7;
    m8_8 += z8 * z8; m8_9 += z8 * z9; m8_10 += z8 * z10; m8_11 += z8 * z11; m8_12 += z8 * z12; m8_13 += z8;
    m9_9 += z9 * z9; m9_10 += z9 * z10; m9_11 += z9 * z11; m9_12 += z9 * z12; m9_13 += z9;
    m10_10 += z10 * z10; m10_11 += z10 * z11; m10_12 += z10 * z12; m10_13 += z10;
    m11_11 += z11 * z11; m11_12 += z11 * z12; m11_13 += z11;
    m12_12 += z12 * z12; m12_13 += z12;
    m13_13 += 1;
  }
  const upper = [
    m0_0, m0_1, m0_2, m0_3, m0_4, m0_5, m0_6, m0_7, m0_8, m0_9, m0_10, m0_11, m0_12, m0_13,
    m1_1, m1_2, m1_3, m1_4, m1_5, m1_6, m1_7, m1_8, m1_9, m1_10, m1_11, m1_12, m1_13,
    m2_2, m2_3, m2_4, m2_5, m2_6, m2_7, m2_8, m2_9, m2_10, m2_11, m2_12, m2_13,
    m3_3, m3_4, m3_5, m3_6, m3_7, m3_8, m3_9, m3_10, m3_11, m3_12, m3_13,
    m4_4, m4_5, m4_6, m4_7, m4_8, m4_9, m4_10, m4_11, m4_12, m4_13,
    m5_5, m5_6, m5_7, m5_8, m5_9, m5_10, m5_11, m5_12, m5_13,
    m6_6, m6_7, m6_8, m6_9, m6_10, m6_11, m6_12, m6_13,
    m7_7, m7_8, m7_9, m7_10, m7_11, m7_12, m7_13,
    m8_8, m8_9, m8_10, m8_11, m8_12, m8_13,
    m9_9, m9_10, m9_11, m9_12, m9_13,
    m10_10, m10_11, m10_12, m10_13,
    m11_11, m11_12, m11_13,
    m12_12, m12_13,
    m13_13,
  ];
  for (let r = 0, k = 0; r < N; r++) for (let c = r; c < N; c++, k++) moments[r * N + c] = upper[k]!;
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
