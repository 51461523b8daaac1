/**
 * Sphere rule-out from the given normals: a sphere's normal at p is the radial
 * direction, so the line through a vertex along its given normal (within θ of radial)
 * passes within |p − c|·sin θ of the centre c. Summed over the vertices,
 * F(c) = Σ (c − pᵢ)ᵀ(cos²θ I − nᵢnᵢᵀ)(c − pᵢ) ≤ 0 for the centre of every sphere that
 * passes the angle test; when even the minimum of F over all c is positive, none does.
 */
import type { FitContext } from './evaluate.js';
import { normalScatter } from './normalScatter.js';
import type { Patch } from './patch.js';

/** Relative slack on the bound, far above the rounding of the sums. */
const SLACK = 1e-6;

export function givenNormalsRuleOutSphere(patch: Patch, ctx: FitContext): boolean {
  // a sphere within tolerance of a patch of half-diagonal 1 has r ≥ 1 − tol, so no vertex
  // sits at its centre (where the normal is undefined) while tol < ½
  if (!(ctx.tol < 0.25)) return false;
  const s = normalScatter(patch, true);
  const used = s.used;
  if (used < 4) return false;
  const c = Math.cos(ctx.angleTolerance);
  const kappa = c * c;
  const { p, n, given } = patch;
  // F(c) = cᵀQc − 2bᵀc + k with Q = used·κ I − Σ n nᵀ
  let bx = 0, by = 0, bz = 0, k = 0, pp = 0;
  for (let i = 0; i < patch.count; i++) {
    if (!given[i]) continue;
    const x = p[i * 3]!, y = p[i * 3 + 1]!, z = p[i * 3 + 2]!;
    const nx = n[i * 3]!, ny = n[i * 3 + 1]!, nz = n[i * 3 + 2]!;
    const np = nx * x + ny * y + nz * z;
    bx += kappa * x - nx * np;
    by += kappa * y - ny * np;
    bz += kappa * z - nz * np;
    const p2 = x * x + y * y + z * z;
    pp += p2;
    k += kappa * p2 - np * np;
  }
  const e = s.eigen;
  let quad = 0; // bᵀ Q⁻¹ b through Q's eigenvectors (those of Σ n nᵀ)
  for (let j = 0; j < 3; j++) {
    const q = used * kappa - e.values[j]!;
    // Q not clearly positive definite: F may be unbounded below, no proof
    if (!(q > 1e-6 * used)) return false;
    const v = e.vectors;
    const vb = v[j * 3]! * bx + v[j * 3 + 1]! * by + v[j * 3 + 2]! * bz;
    quad += (vb * vb) / q;
  }
  const minF = k - quad;
  return minF > SLACK * (pp + quad + used);
}
