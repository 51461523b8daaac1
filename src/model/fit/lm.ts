/**
 * Levenberg–Marquardt refinement of a primitive against the patch's vertex distances
 * (geometric least squares). The state is re-parametrised around itself every step
 * (`apply`), so unit axes stay unit and no parametrisation singularity is crossed.
 * The Jacobian is taken by central differences: residuals are cheap and the fixed
 * point (gradient zero) does not depend on small Jacobian errors.
 */
import { SurfcdError } from '../../errors.js';
import { fitCounters } from './fitCounters.js';
import { MAX_LM_PARAMS as MAX_PARAMS, type FitScratch } from './fitScratch.js';
import { solveSymmetric } from './linalg.js';

export interface LmProblem<S> {
  /** Number of parameters of a step. */
  nParams: number;
  /** Number of residuals. */
  nResiduals: number;
  /** The state moved by `delta` (length nParams). Must return a new object. */
  apply(state: S, delta: Float64Array): S;
  /** Writes the residuals (signed distances) of `state` into `out`. */
  residuals(state: S, out: Float64Array): void;
  /**
   * Optional analytic Jacobian at `state`: column j (∂residuals/∂delta[j]) into cols[j];
   * false when there is none. Otherwise central differences (2·nParams residual
   * evaluations per iteration).
   */
  jacobian?(state: S, cols: Float64Array[]): boolean;
  /**
   * Optional: JᵀJ (k×k, full) into `a` and −Jᵀr into `g` at `state` with its residuals `r`,
   * the same sums in the same order as the loops over `jacobian`'s columns (bit for bit), in
   * one pass without the columns; false when there is none.
   */
  normalEquations?(state: S, r: Float64Array, a: Float64Array, g: Float64Array): boolean;
}

const STEP = 1e-6;

function sumSquares(r: Float64Array): number {
  let s = 0;
  for (let i = 0; i < r.length; i++) s += r[i]! * r[i]!;
  return s;
}

export interface LmOptions {
  maxIterations?: number;
  /**
   * Sum of squares the caller needs (e.g. m·tolerance²). When, after a few iterations,
   * the sum is still 100× above it and an iteration gains less than 0.1 %, the primitive
   * is not going to fit and the refinement stops early.
   */
  target?: number;
}

/**
 * A step whose predicted gain (from the linear model) is below this fraction of the sum of
 * squares moves the residuals by ~1e-4 of their RMS at most: stop there instead of raising
 * the damping through a dozen failing trials (that hunt was most of the solves,
 * each an eigen-decomposition).
 */
const NEGLIGIBLE_GAIN = 1e-8;

/**
 * Refines `init`; never returns a state with a larger (or NaN) sum of squares. `scratch`: the
 * fit's working memory (its residual, trial and Jacobian buffers and the parameter-sized ones).
 */
export function levenbergMarquardt<S>(problem: LmProblem<S>, init: S, scratch: FitScratch, options: LmOptions = {}): S {
  const maxIterations = options.maxIterations ?? 50;
  const target = options.target ?? 0;
  const k = problem.nParams;
  const m = problem.nResiduals;
  if (m === 0) return init;
  fitCounters.lmRuns++;
  // views over reused buffers (ten typed arrays per run; every entry is written before it is read)
  if (k > MAX_PARAMS) throw new SurfcdError('INVALID_ARGUMENT', `levenbergMarquardt: ${k} parameters, at most ${MAX_PARAMS}`);
  const work = scratch.lmColumnsFor((3 + k) * m);
  const small = scratch.lmSmall;
  const r = work.subarray(0, m);
  const rp = work.subarray(m, 2 * m);
  const rm = work.subarray(2 * m, 3 * m);
  const jac: Float64Array[] = [];
  for (let j = 0; j < k; j++) jac.push(work.subarray((3 + j) * m, (4 + j) * m));
  const delta = small.subarray(0, k);
  const a = small.subarray(MAX_PARAMS, MAX_PARAMS + k * k);
  const g = small.subarray(MAX_PARAMS + MAX_PARAMS * MAX_PARAMS, MAX_PARAMS + MAX_PARAMS * MAX_PARAMS + k);
  const damped = small.subarray(2 * MAX_PARAMS + MAX_PARAMS * MAX_PARAMS, 2 * MAX_PARAMS + 2 * MAX_PARAMS * MAX_PARAMS);
  let state = init;
  problem.residuals(state, r);
  let f = sumSquares(r);
  if (!Number.isFinite(f)) return init;
  let lambda = 1e-4;
  for (let it = 0; it < maxIterations && f > 1e-30 * m; it++) {
    fitCounters.lmIterations++;
    if (!(problem.normalEquations && problem.normalEquations(state, r, a, g))) normalEquationsByColumns(problem, state, r, jac, a, g, delta, rp, rm);
    let maxDiag = 0;
    for (let x = 0; x < k; x++) maxDiag = Math.max(maxDiag, a[x * k + x]!);
    if (!(maxDiag > 0) || !Number.isFinite(maxDiag)) break;
    let improved = false;
    let converged = false;
    let gain = 0;
    while (lambda < 1e12) {
      damped.set(a);
      for (let x = 0; x < k; x++) damped[x * k + x] = a[x * k + x]! * (1 + lambda) + lambda * 1e-9 * maxDiag;
      const step = solveSymmetric(damped, g, k, 1e-15);
      // |r + J·step|² = f − (2 gᵀstep − stepᵀ A step); more damping only shrinks the gain
      let predicted = 0;
      for (let x = 0; x < k; x++) {
        let ax = 0;
        for (let y = 0; y < k; y++) ax += a[x * k + y]! * step[y]!;
        predicted += step[x]! * (2 * g[x]! - ax);
      }
      if (!(predicted > NEGLIGIBLE_GAIN * f)) {
        converged = true;
        break;
      }
      const trial = problem.apply(state, step);
      problem.residuals(trial, rp);
      const ft = sumSquares(rp);
      if (ft < f) {
        gain = f - ft;
        state = trial;
        f = ft;
        r.set(rp);
        lambda = Math.max(lambda / 5, 1e-12);
        improved = true;
        break;
      }
      lambda *= 10;
    }
    if (!improved || converged) break;
    if (gain <= 1e-15 * (f + gain)) break;
    if (target > 0 && it >= 3 && f > 100 * target && gain < 1e-3 * (f + gain)) break;
  }
  return state;
}

/** JᵀJ into `a` and −Jᵀr into `g` from the Jacobian's columns (analytic, else central differences). */
function normalEquationsByColumns<S>(problem: LmProblem<S>, state: S, r: Float64Array, jac: Float64Array[], a: Float64Array, g: Float64Array, delta: Float64Array, rp: Float64Array, rm: Float64Array): void {
  const k = problem.nParams;
  const m = problem.nResiduals;
  if (!(problem.jacobian && problem.jacobian(state, jac))) for (let j = 0; j < k; j++) {
    delta.fill(0);
    delta[j] = STEP;
    problem.residuals(problem.apply(state, delta), rp);
    delta[j] = -STEP;
    problem.residuals(problem.apply(state, delta), rm);
    const col = jac[j]!;
    for (let i = 0; i < m; i++) col[i] = (rp[i]! - rm[i]!) / (2 * STEP);
  }
  for (let x = 0; x < k; x++) {
    const cx = jac[x]!;
    let gx = 0;
    for (let i = 0; i < m; i++) gx += cx[i]! * r[i]!;
    g[x] = -gx;
    for (let y = x; y < k; y++) {
      const cy = jac[y]!;
      let s = 0;
      for (let i = 0; i < m; i++) s += cx[i]! * cy[i]!;
      a[x * k + y] = s;
      a[y * k + x] = s;
    }
  }
}
