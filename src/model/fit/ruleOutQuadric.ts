/**
 * Proof from the vertices alone that no cylinder, cone or sphere lies within the distance
 * tolerance t of every vertex: such a patch (io1's coarse freeform faces) used to
 * get three Levenberg–Marquardt fits, each rejected.
 *
 * Each of the three is the zero set of a quadric G(x) = xᵀAx + bᵀx + c:
 * - cylinder (axis a through q, radius r): G = |P(x − q)|² − r², A = P = I − aaᵀ;
 * - sphere (centre o, radius R): G = |x − o|² − R², A = I;
 * - cone (apex v, axis a, half-angle α, X = x − v, h = a·X, ρ = |X − h·a|):
 *   G = cos²α·|X|² − h² = cos²α·ρ² − sin²α·h², A = cos²α·I − aaᵀ.
 * For a vertex at distance ≤ t, with e its signed offset (ρ − r, |x − o| − R, or
 * ρ·cos α − h·sin α, which is at most the distance also behind a cone's apex) and
 * s = r, R or h·sin α: G = e·(e + 2s) and |∇G| = 2(s + e) (cylinder, sphere) or
 * 2·√(cos²α·(s + e)² + sin²α·s²) (cone), so |∇G| ≥ 2(|s| − t) and
 *   |G| ≤ t·|∇G| + 3t².
 * Squared (Young, any η > 0) and summed over the m vertices, with u the 10 coefficients of
 * G, M = Σ zzᵀ (z the monomials, G = uᵀz), N = Σ (∂z)(∂z)ᵀ (∇G = (∂z)ᵀu) and
 * ‖A‖²_F ≥ 2/3 (cos²α = ⅓ is the worst cone):
 *   uᵀMu ≤ (1 + η)·t²·uᵀNu + 9(1 + 1/η)·m·t⁴ · (3/2)‖A‖²_F.
 * So if H = M − (1 + η)t²N − 13.5(1 + 1/η)·m·t⁴·K (uᵀKu = ‖A‖²_F) is positive definite,
 * no such quadric exists: a rejection that cannot change a kind, since every accepted
 * primitive has every vertex within t (evaluate.ts). Planes (A = 0) and tori are not covered.
 *
 * Rounding: t gets a relative 1e-9 and an absolute 1e-12 on top (the acceptance test's own
 * rounding), and H must stay definite after subtracting 1e-11·m·I, far above the rounding
 * of the sums (|x| ≤ 1 in the local frame, so every entry of M is ≤ m) and of the Cholesky
 * factorisation of a 10×10 matrix.
 */
import type { FitContext } from './evaluate.js';
import { fitCounters } from './fitCounters.js';
import type { Patch } from './patch.js';
import { choleskyInPlace, quadricMoments } from './quadricMoments.js';

/** Young's weight η: the t⁴ term is negligible for any tolerance below the patch size. */
const ETA = 0.5;
/** ‖A‖²_F per coefficient: A11, A22, A33 once, A12, A13, A23 twice (symmetric). */
const K_DIAGONAL = [1, 1, 1, 2, 2, 2, 0, 0, 0, 0];

/**
 * True when no cylinder, cone or sphere lies within `ctx.tol` of every vertex of the patch
 * (see the module comment); memoised on the patch, so the three fits share one proof.
 */
export function quadricsRuledOut(patch: Patch, ctx: FitContext): boolean {
  const memo = patch.memo;
  if (memo.quadric !== null) return memo.quadric as boolean;
  const proof = proveNoQuadric(patch, ctx.tol, ctx.scratch.quadricBound);
  memo.quadric = proof;
  fitCounters.quadricProofs++;
  if (proof) fitCounters.quadricRuledOut++;
  return proof;
}

function proveNoQuadric(patch: Patch, tol: number, h: Float64Array): boolean {
  return boundMatrix(patch, tol, h) && choleskyInPlace(h, 10);
}

/**
 * H (module comment) of the patch into `h` (10×10); false when the patch is too small for a proof
 * (10 coefficients need at least 10 vertices to have a definite M) or the tolerance too large.
 */
function boundMatrix(patch: Patch, tol: number, h: Float64Array): boolean {
  if (patch.count < 10 || !(tol < 0.25)) return false;
  const t = tol * (1 + 1e-9) + 1e-12;
  quadricMoments(patch, h);
  // N from the second moments already in M (∂z/∂x = (2x, 0, 0, 2y, 2z, 0, 1, 0, 0, 0), …)
  const sxx = h[66]!, syy = h[77]!, szz = h[88]!, sxy = h[67]!, sxz = h[68]!, syz = h[78]!;
  const sx = h[69]!, sy = h[79]!, sz = h[89]!, m = h[99]!;
  const a4 = 4 * (1 + ETA) * t * t, a2 = a4 / 2, a1 = a4 / 4;
  h[0] -= a4 * sxx; h[3] -= a4 * sxy; h[4] -= a4 * sxz; h[6] -= a2 * sx;
  h[11] -= a4 * syy; h[13] -= a4 * sxy; h[15] -= a4 * syz; h[17] -= a2 * sy;
  h[22] -= a4 * szz; h[24] -= a4 * sxz; h[25] -= a4 * syz; h[28] -= a2 * sz;
  h[33] -= a4 * (sxx + syy); h[34] -= a4 * syz; h[35] -= a4 * sxz; h[36] -= a2 * sy; h[37] -= a2 * sx;
  h[44] -= a4 * (sxx + szz); h[45] -= a4 * sxy; h[46] -= a2 * sz; h[48] -= a2 * sx;
  h[55] -= a4 * (syy + szz); h[57] -= a2 * sz; h[58] -= a2 * sy;
  h[66] -= a1 * m; h[77] -= a1 * m; h[88] -= a1 * m;
  const k = 13.5 * (1 + 1 / ETA) * m * t * t * t * t;
  const margin = 1e-11 * m;
  for (let j = 0; j < 10; j++) h[j * 11] -= k * K_DIAGONAL[j]! + margin;
  return true;
}

/**
 * Weights μ tried by `conesAndCylindersRuledOut`, in units of (1 + η)·t²·m: the sphere
 * (A = I, |∇G|² = 4|x − o|² = 4R² on its vertices) needs 3μ above (1 + η)·t²·4m·R², so
 * these cover spheres up to R ≈ 16 local units (a flat cap); a wrong μ only loses the proof.
 */
const MU_STEPS = [2, 8, 32, 128, 512];

/**
 * True when no cylinder or cone lies within `ctx.tol` of every vertex, spheres allowed
 * (the samples' sphere patches fitted a cone, refined it and ran the normal-band
 * search, only to reject it). A cylinder's or cone's A = cos²α·I − aaᵀ (cos α = 1 for the
 * cylinder) has D(A) = 3‖A‖²_F − (tr A)² = 2 against ‖A‖²_F = 3cos⁴α − 2cos²α + 1 ≤ 2, so
 * D ≥ ‖A‖²_F (scale-free), while a sphere's A = I has D = 0. So for such a quadric
 * uᵀHu ≤ 0 (module comment) and μ·(‖A‖²_F − D(A)) = μ·((tr A)² − 2‖A‖²_F) ≤ 0 for μ ≥ 0:
 * H + μ·(T − 2K) (uᵀTu = (tr A)², uᵀKu = ‖A‖²_F) positive definite for one μ ≥ 0 proves
 * that none exists, and on the sphere's direction that term is +3μ.
 * Not memoised: only the cone asks (fitCone, in fitSurface), once per patch.
 */
export function conesAndCylindersRuledOut(patch: Patch, ctx: FitContext): boolean {
  // H of the patch, kept for the tries (each Cholesky destroys its copy)
  const h = ctx.scratch.quadricBound, hCones = ctx.scratch.quadricBoundKept;
  if (!boundMatrix(patch, ctx.tol, h)) return false;
  hCones.set(h);
  const t = ctx.tol * (1 + 1e-9) + 1e-12;
  const unit = (1 + ETA) * t * t * patch.count;
  for (const step of MU_STEPS) {
    const mu = step * unit;
    h.set(hCones);
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) h[r * 10 + c] += mu;
    for (let j = 0; j < 6; j++) h[j * 11] -= 2 * mu * K_DIAGONAL[j]!;
    if (choleskyInPlace(h, 10)) return true;
  }
  return false;
}
