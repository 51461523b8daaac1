/**
 * Cone and torus rule-out from the given normals (issue 14): on a surface of revolution
 * every normal line meets the axis. For an axis (unit d through q, moment m = q × d) and a
 * vertex p with unit normal n, f = d·(p × n) + m·n = n·(d × (p − q)) is 0 when n is the
 * surface normal N. A given normal within θ of ±N moves f by at most
 * |n ∓ N|·|d × (p − q)| ≤ 2 sin(θ/2)·(1 + |m|) (|p| ≤ 1 in the local frame), and for
 * every t > 0, (1 + |m|)² ≤ (1 + 1/t)|d|² + (1 + t)|m|² (|d| = 1). With S = Σ wᵢwᵢᵀ,
 * wᵢ = (pᵢ × nᵢ, nᵢ): xᵀSx = Σ fᵢ² ≤ 4·used·sin²(θ/2)·xᵀ diag((1 + 1/t) I, (1 + t) I) x
 * for x = (d, m), so S minus that diagonal being positive definite for one t proves that
 * no axis exists.
 *
 * Vertices where the primitive's normal is undefined are skipped by the acceptance test:
 * on the axis (cone apex, torus poles) f is at most their tiny distance to it; on a torus's
 * core circle only when the minor radius is within the tolerance, which needs the patch
 * within 2·tol of a circle, hence of a plane: `ruleOutTorus` first proves it is not.
 */
import type { FitContext } from './evaluate.js';
import { isPositiveDefinite } from './cholesky.js';
import { symmetricEigen } from './linalg.js';
import type { Patch } from './patch.js';

/** Relative slack on the bound. */
const SLACK = 1e-6;

/** S over the given normals (memoised per patch: cone and torus share it). */
function plueckerScatter(patch: Patch): { s: Float64Array; used: number } {
  const hit = patch.memo.pluecker as { s: Float64Array; used: number } | null;
  if (hit) return hit;
  const s = new Float64Array(36);
  const w = new Float64Array(6);
  const { p, n, given } = patch;
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    if (!given[i]) continue;
    const x = p[i * 3]!, y = p[i * 3 + 1]!, z = p[i * 3 + 2]!;
    const nx = n[i * 3]!, ny = n[i * 3 + 1]!, nz = n[i * 3 + 2]!;
    w[0] = y * nz - z * ny; w[1] = z * nx - x * nz; w[2] = x * ny - y * nx;
    w[3] = nx; w[4] = ny; w[5] = nz;
    for (let r = 0; r < 6; r++) {
      const wr = w[r]!;
      for (let c = r; c < 6; c++) s[r * 6 + c] += wr * w[c]!;
    }
    used++;
  }
  for (let r = 0; r < 6; r++) for (let c = 0; c < r; c++) s[r * 6 + c] = s[c * 6 + r]!;
  const out = { s, used };
  patch.memo.pluecker = out;
  return out;
}

/** Young's weights tried: t small suits far axes (large |m|), t large near ones. */
const WEIGHTS = [1, 4, 16, 0.25];

function ruledOutByAxis(patch: Patch, ctx: FitContext): boolean {
  const { s, used } = plueckerScatter(patch);
  if (used < 6) return false;
  const h = Math.sin(ctx.angleTolerance / 2);
  // + the on-axis vertices' |f| ≤ 1e-9 (the cone's cut-off), squared, and rounding
  const k = 4 * used * h * h * (1 + SLACK);
  const extra = used * 1e-18 + 1e-12 * used;
  const m = new Float64Array(36);
  for (const t of WEIGHTS) {
    m.set(s);
    for (let j = 0; j < 6; j++) m[j * 7] -= k * (j < 3 ? 1 + 1 / t : 1 + t) + extra;
    if (isPositiveDefinite(m, 6)) return true;
  }
  return false;
}

export function givenNormalsRuleOutCone(patch: Patch, ctx: FitContext): boolean {
  return ruledOutByAxis(patch, ctx);
}

/** True when no plane lies within `d` of every vertex (RMS distance to the best plane is a lower bound of the max). */
function fartherThanFromEveryPlane(patch: Patch, d: number): boolean {
  const { count, p } = patch;
  let mx = 0, my = 0, mz = 0;
  for (let i = 0; i < count; i++) {
    mx += p[i * 3]!; my += p[i * 3 + 1]!; mz += p[i * 3 + 2]!;
  }
  mx /= count; my /= count; mz /= count;
  const cov = new Float64Array(9);
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]! - mx, y = p[i * 3 + 1]! - my, z = p[i * 3 + 2]! - mz;
    cov[0] += x * x; cov[1] += x * y; cov[2] += x * z;
    cov[4] += y * y; cov[5] += y * z; cov[8] += z * z;
  }
  cov[3] = cov[1]!; cov[6] = cov[2]!; cov[7] = cov[5]!;
  const lambda = symmetricEigen(cov, 3).values[0]!;
  return lambda / count > d * d * (1 + 1e-3) + 1e-24;
}

export function givenNormalsRuleOutTorus(patch: Patch, ctx: FitContext): boolean {
  return ruledOutByAxis(patch, ctx) && fartherThanFromEveryPlane(patch, 2 * ctx.tol);
}
