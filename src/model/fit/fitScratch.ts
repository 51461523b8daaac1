/**
 * The working memory of one fit (fitSurface.ts), passed down every fit, refinement and
 * rule-out it runs (FitContext.scratch), so that nothing a fit writes lives in a module.
 * fitSurface borrows it with the patch's memory (patchBuffers.ts); diagnostics make one per
 * call. Buffers grow on demand and are never shrunk; every entry a fit reads it has written
 * first, so a scratch carries nothing from one fit to the next.
 */

/** Largest number of parameters of a Levenberg–Marquardt problem (the torus has 7). */
export const MAX_LM_PARAMS = 8;

export class FitScratch {
  /** refine.ts: the residuals of one state on the patch's vertices. */
  residuals = new Float64Array(256);
  /** cylinder.ts cylinderAround: the vertices' coordinates across the axis. */
  projectedX = new Float64Array(256);
  projectedY = new Float64Array(256);
  /** ruleOutConeBand.ts: the vertices projected on one direction, sorted. */
  projections = new Float64Array(256);
  /** lm.ts: residual, trial and Jacobian columns, (3 + parameters) × residuals. */
  lmColumns = new Float64Array(1024);
  /** ruleOutQuadric.ts: the bound matrix H of the no-quadric proofs (10×10), and a copy kept for the cone proof's tries. */
  readonly quadricBound = new Float64Array(100);
  readonly quadricBoundKept = new Float64Array(100);
  /** lm.ts: the parameter-sized ones (step, JᵀJ, −Jᵀr, damped JᵀJ). */
  readonly lmSmall = new Float64Array(2 * MAX_LM_PARAMS + 2 * MAX_LM_PARAMS * MAX_LM_PARAMS);

  /** `residuals`, at least `count` long. */
  residualsFor(count: number): Float64Array {
    if (this.residuals.length < count) this.residuals = new Float64Array(2 * count);
    return this.residuals;
  }

  /** `projections`, at least `count` long. */
  projectionsFor(count: number): Float64Array {
    if (this.projections.length < count) this.projections = new Float64Array(2 * count);
    return this.projections;
  }

  /** Grows projectedX and projectedY to at least `count`. */
  reserveProjected(count: number): void {
    if (this.projectedX.length < count) {
      this.projectedX = new Float64Array(2 * count);
      this.projectedY = new Float64Array(2 * count);
    }
  }

  /** `lmColumns`, at least `length` long. */
  lmColumnsFor(length: number): Float64Array {
    if (this.lmColumns.length < length) this.lmColumns = new Float64Array(2 * length);
    return this.lmColumns;
  }
}
