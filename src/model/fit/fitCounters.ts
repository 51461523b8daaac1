/**
 * Work counters of the surface fits: how many fits each primitive got, how many
 * were ruled out before fitting, how often Levenberg–Marquardt ran and for how many
 * iterations. Plain increments on one module-level record, so the fits pay nothing for
 * them; benchmarks and tests reset and read it.
 */
export type PrimitiveType = 'plane' | 'cylinder' | 'cone' | 'sphere' | 'torus';

export interface FitCounters {
  /** Patches handed to the fitter. */
  surfaces: number;
  /** Fits run, per primitive. */
  attempted: Record<PrimitiveType, number>;
  /** Fits skipped because a cheap test (normals) proved the primitive cannot be accepted. */
  ruledOut: Record<PrimitiveType, number>;
  /** Accepted fits, per primitive. */
  accepted: Record<PrimitiveType, number>;
  /** Closed-form starts kept without Levenberg–Marquardt. */
  closedFormKept: number;
  /** Levenberg–Marquardt runs and iterations (Jacobians evaluated). */
  lmRuns: number;
  lmIterations: number;
  /** Linear solves by Cholesky, and those that needed the eigen-decomposition. */
  choleskySolves: number;
  eigenSolves: number;
  /** Proofs from the vertices that no cylinder, cone or sphere fits (ruleOutQuadric.ts): tried, and found. */
  quadricProofs: number;
  quadricRuledOut: number;
  /** Fits given up after their closed-form start by a proof (refine.ts, PROVE_ABOVE). */
  startsRuledOut: number;
  /** Cone fits given up by the vertex proof that no cone or cylinder fits (ruleOutQuadric.ts). */
  conesRuledOut: number;
}

const perType = (): Record<PrimitiveType, number> => ({ plane: 0, cylinder: 0, cone: 0, sphere: 0, torus: 0 });

export const fitCounters: FitCounters = {
  surfaces: 0,
  attempted: perType(),
  ruledOut: perType(),
  accepted: perType(),
  closedFormKept: 0,
  lmRuns: 0,
  lmIterations: 0,
  choleskySolves: 0,
  eigenSolves: 0,
  quadricProofs: 0,
  quadricRuledOut: 0,
  startsRuledOut: 0,
  conesRuledOut: 0,
};

/** Zeroes every counter and returns a copy of the values before. */
export function resetFitCounters(): FitCounters {
  const before = structuredClone(fitCounters);
  fitCounters.surfaces = 0;
  fitCounters.attempted = perType();
  fitCounters.ruledOut = perType();
  fitCounters.accepted = perType();
  fitCounters.closedFormKept = 0;
  fitCounters.lmRuns = 0;
  fitCounters.lmIterations = 0;
  fitCounters.choleskySolves = 0;
  fitCounters.eigenSolves = 0;
  fitCounters.quadricProofs = 0;
  fitCounters.quadricRuledOut = 0;
  fitCounters.startsRuledOut = 0;
  fitCounters.conesRuledOut = 0;
  return before;
}
