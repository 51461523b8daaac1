/**
 * Cheap proofs, from the given (exact-surface) normals alone, that a primitive cannot pass
 * the acceptance test (evaluate.ts: every given normal within the angle tolerance θ of the
 * primitive's normal, as lines). A ruled-out primitive is never fitted.
 */
import type { FitContext } from './evaluate.js';
import { normalScatter } from './normalScatter.js';
import type { Patch } from './patch.js';

/** Relative slack on the bounds, far above the rounding of a 3×3 eigenvalue. */
const SLACK = 1e-4;

/**
 * A plane with normal N needs (n·N)² ≥ cos²θ at every given normal, so
 * λ_max(Σ n nᵀ) ≥ Nᵀ(Σ n nᵀ)N ≥ count·cos²θ; below that no plane passes.
 */
export function givenNormalsRuleOutPlane(patch: Patch, ctx: FitContext): boolean {
  const s = normalScatter(patch, true);
  if (s.used < 3) return false;
  const c = Math.cos(ctx.angleTolerance);
  const bound = s.used * (c * c * (1 - SLACK) - 1e-15);
  // λ_max ≥ the Rayleigh quotient at the mean normal: a plane-like patch needs no eigen-solve
  if (s.rayleigh(s.sum) >= bound) return false;
  return s.eigen.values[2]! < bound;
}

/**
 * A cylinder with axis a needs |n·a| ≤ sin θ at every given normal; for every axis
 * max (n·a)² ≥ mean (n·a)² ≥ λ_min(Σ n nᵀ)/count, so above sin²θ no cylinder passes.
 */
export function givenNormalsRuleOutCylinder(patch: Patch, ctx: FitContext): boolean {
  const { eigen, used } = normalScatter(patch, true);
  if (used < 3) return false;
  const s = Math.sin(ctx.angleTolerance);
  return eigen.values[0]! / used > s * s * (1 + SLACK) + 1e-15;
}
