/**
 * Geometric refinement of a primitive on the patch's vertices. Large patches are
 * refined on a stratified sample of at most SAMPLE_SIZE vertices first (tessellation
 * vertices lie on the surface, so the sample determines the primitive as well as all
 * of them), then, when the sample fit is close to acceptable on all vertices, polished
 * on all of them.
 */
import { lmTarget, maxAbs, type FitContext } from './evaluate.js';
import { fitCounters } from './fitCounters.js';
import type { FitScratch } from './fitScratch.js';
import { levenbergMarquardt, type LmProblem } from './lm.js';
import type { Patch } from './patch.js';
import { quadricsRuledOut } from './ruleOutQuadric.js';

/** The part of a patch the residual functions read. */
export interface PointSet {
  count: number;
  /** 3 per point, local coordinates. */
  p: Float64Array;
}

export const SAMPLE_SIZE = 2048;

/** Stratified sample (one pseudo-random vertex per stratum), deterministic; the set itself when small. */
export function samplePoints(ps: PointSet, max = SAMPLE_SIZE): PointSet {
  if (ps.count <= max) return ps;
  const p = new Float64Array(max * 3);
  let h = 0x9e3779b9;
  for (let k = 0; k < max; k++) {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    const jitter = (h >>> 8) / 16777216;
    const i = Math.min(ps.count - 1, Math.floor(((k + jitter) * ps.count) / max));
    p[k * 3] = ps.p[i * 3]!;
    p[k * 3 + 1] = ps.p[i * 3 + 1]!;
    p[k * 3 + 2] = ps.p[i * 3 + 2]!;
  }
  return { count: max, p };
}

export interface RefineProblem<S> {
  nParams: number;
  apply(state: S, delta: Float64Array): S;
  residuals(points: PointSet, state: S, out: Float64Array): void;
  /** Optional analytic Jacobian (see LmProblem.jacobian). */
  jacobian?(points: PointSet, state: S, cols: Float64Array[]): void;
  /** Optional fused normal equations (see LmProblem.normalEquations). */
  normalEquations?(points: PointSet, state: S, r: Float64Array, a: Float64Array, g: Float64Array): void;
  /** True for a cylinder, cone or sphere: covered by the proof of ruleOutQuadric.ts. */
  quadric?: boolean;
  /** A proof (from the normals) that the primitive cannot be accepted on the patch; memoised by its module. */
  ruledOut?(patch: Patch, ctx: FitContext): boolean;
}

/**
 * A closed-form start whose every vertex already lies within this fraction of the tolerance
 * is kept as it is: on exact tessellation vertices the algebraic fits are
 * exact to rounding, and Levenberg–Marquardt would only polish the last digits.
 */
export const KEEP_INITIAL_FRACTION = 0.01;

/**
 * Inside fitSurface (ctx.proofPatch set), the proofs that a primitive cannot be accepted run
 * only for a closed-form start that misses some vertex by more than this many tolerances:
 * a start within the tolerance shows that no proof can succeed, one just outside
 * it is almost always refined into an accepted fit (as1's cylinders start at ~0.02
 * tolerances, the samples' cones at 2–4, io1's freeform faces at ~100), and a proof is
 * dearer than a closed-form start (the cone's normal band search most of all).
 */
const PROVE_ABOVE = 4;

/** Largest |residual| of `state` on the points (the residuals on the fit's scratch: a fresh array per refine was an off-heap allocation per surface). */
function maxResidual<S>(points: PointSet, problem: RefineProblem<S>, state: S, scratch: FitScratch): number {
  const r = scratch.residualsFor(points.count).subarray(0, points.count);
  problem.residuals(points, state, r);
  return maxAbs(r);
}

/**
 * The refined state; null when `ctx.proofPatch` is set and a proof shows that the primitive
 * cannot be accepted on that patch (see PROVE_ABOVE; fitSurface then skips the fit).
 * @param initResidual the largest |residual| of `init` on the points, when the caller has it.
 * @param polish run Levenberg–Marquardt even from a start within KEEP_INITIAL_FRACTION (a
 *   start only good to ~1e-7 of the patch size, as the algebraic torus).
 */
export function refine<S>(points: PointSet, problem: RefineProblem<S>, init: S, ctx: FitContext, initResidual?: number, polish = false): S | null {
  // a caller that already measured the start passes its largest |residual| (the same number)
  const initialResidual = initResidual ?? maxResidual(points, problem, init, ctx.scratch);
  if (!polish && initialResidual <= KEEP_INITIAL_FRACTION * ctx.tol) {
    fitCounters.closedFormKept++;
    return init;
  }
  const proving = ctx.proofPatch;
  if (proving && initialResidual > PROVE_ABOVE * ctx.tol) {
    if ((problem.quadric && quadricsRuledOut(proving, ctx)) || (problem.ruledOut && problem.ruledOut(proving, ctx))) {
      fitCounters.startsRuledOut++;
      return null;
    }
  }
  const sample = samplePoints(points);
  let state = levenbergMarquardt(new OnPoints(problem, sample), init, ctx.scratch, { target: lmTarget(sample.count, ctx), maxIterations: 50 });
  if (sample !== points) {
    if (maxResidual(points, problem, state, ctx.scratch) <= 4 * ctx.tol) state = levenbergMarquardt(new OnPoints(problem, points), state, ctx.scratch, { target: lmTarget(points.count, ctx), maxIterations: 10 });
  }
  return state;
}

/**
 * A refine problem bound to its points, as Levenberg–Marquardt sees it. A class, not an
 * object of closures made per call: those lose their optimised code at every full GC;
 * one instance is kept alive so its map survives too.
 */
class OnPoints<S> implements LmProblem<S> {
  readonly nParams: number;
  readonly nResiduals: number;
  constructor(readonly problem: RefineProblem<S>, readonly points: PointSet) {
    this.nParams = problem.nParams;
    this.nResiduals = points.count;
  }
  apply(state: S, delta: Float64Array): S {
    return this.problem.apply(state, delta);
  }
  residuals(state: S, out: Float64Array): void {
    this.problem.residuals(this.points, state, out);
  }
  jacobian(state: S, cols: Float64Array[]): boolean {
    const j = this.problem.jacobian;
    if (!j) return false;
    j(this.points, state, cols);
    return true;
  }
  normalEquations(state: S, r: Float64Array, a: Float64Array, g: Float64Array): boolean {
    const e = this.problem.normalEquations;
    if (!e) return false;
    e(this.points, state, r, a, g);
    return true;
  }
}

export const KEEP_ON_POINTS_SHAPE = new OnPoints<number>({ nParams: 0, apply: (s) => s, residuals: () => undefined }, { count: 0, p: new Float64Array(0) });
