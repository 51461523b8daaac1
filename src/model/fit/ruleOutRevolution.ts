/**
 * Cone and torus rule-out from the given normals: on a surface of revolution
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
  const used = plueckerSums(patch, true, s);
  const out = { s, used };
  patch.memo.pluecker = out;
  return out;
}

/**
 * Σ w wᵀ, w = (p × n, n), over the vertices with a normal (only the given ones with
 * `givenOnly`) into `out` (6×6, both triangles); returns their number. On scalars, each
 * entry summed in vertex order (the 6×6 loops over arrays per vertex were most of
 * this rule-out and of the torus's axis start on io1's freeform faces).
 */
export function plueckerSums(patch: Patch, givenOnly: boolean, out: Float64Array): number {
  const { p, n, given } = patch;
  let s00 = 0, s01 = 0, s02 = 0, s03 = 0, s04 = 0, s05 = 0, s11 = 0, s12 = 0, s13 = 0, s14 = 0, s15 = 0;
  let s22 = 0, s23 = 0, s24 = 0, s25 = 0, s33 = 0, s34 = 0, s35 = 0, s44 = 0, s45 = 0, s55 = 0;
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    if (givenOnly && !given[i]) continue;
    const n0 = n[i * 3]!, n1 = n[i * 3 + 1]!, n2 = n[i * 3 + 2]!;
    if (n0 === 0 && n1 === 0 && n2 === 0) continue;
    const p0 = p[i * 3]!, p1 = p[i * 3 + 1]!, p2 = p[i * 3 + 2]!;
    const w0 = p1 * n2 - p2 * n1, w1 = p2 * n0 - p0 * n2, w2 = p0 * n1 - p1 * n0;
    s00 += w0 * w0; s01 += w0 * w1; s02 += w0 * w2; s03 += w0 * n0; s04 += w0 * n1; s05 += w0 * n2;
    s11 += w1 * w1; s12 += w1 * w2; s13 += w1 * n0; s14 += w1 * n1; s15 += w1 * n2;
    s22 += w2 * w2; s23 += w2 * n0; s24 += w2 * n1; s25 += w2 * n2;
    s33 += n0 * n0; s34 += n0 * n1; s35 += n0 * n2;
    s44 += n1 * n1; s45 += n1 * n2;
    s55 += n2 * n2;
    used++;
  }
  out.set([
    s00, s01, s02, s03, s04, s05,
    s01, s11, s12, s13, s14, s15,
    s02, s12, s22, s23, s24, s25,
    s03, s13, s23, s33, s34, s35,
    s04, s14, s24, s34, s44, s45,
    s05, s15, s25, s35, s45, s55,
  ]);
  return used;
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
