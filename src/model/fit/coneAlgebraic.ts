/**
 * A cone start from the vertices alone: a cone is the quadric
 * (x − V)ᵀ(aaᵀ − cos²α·I)(x − V) = 0, so vertices on one make the moment matrix M of
 * quadricMoments.ts singular, with that quadric as its null vector. The start from the
 * normals (cone.ts) inherits their error (a few degrees at face boundaries), and
 * Levenberg–Marquardt then spent 6–10 iterations on exact cones; this one is exact to
 * rounding there. fitCone keeps it only when every vertex lies within 1 % of the
 * tolerance of it (as refine keeps any closed-form start); otherwise the fit goes on from
 * the normals exactly as before.
 *
 * The null vector comes from a few steps of inverse iteration with M + δI (δ far below the
 * other eigenvalues of a well-spread patch, far above rounding). From the quadric: apex
 * V = −A⁻¹b/2, axis = the eigenvector of A's single eigenvalue, tan²α = −λ_single/λ_double
 * once A is scaled so that λ_single > 0 (a cone has one eigenvalue of each sign, the other
 * twice).
 */
import { symmetricEigen } from './linalg.js';
import type { Patch } from './patch.js';
import { nullVector, quadricMoments } from './quadricMoments.js';

/** The cone state of cone.ts: axis a through q (q ⟂ a), radius rho0 at q, ρ = rho0 + h·tan(alpha). */
export interface AlgebraicCone {
  q: [number, number, number];
  a: [number, number, number];
  rho0: number;
  alpha: number;
}

const m = new Float64Array(100);
const u = new Float64Array(10);

/** Inverse iteration steps: each shrinks the other eigen-directions by λ_min/λ_next. */
const STEPS = 4;

/** The cone through the vertices when they lie on one (else a poor or no cone; the caller checks). */
export function algebraicCone(patch: Patch): AlgebraicCone | null {
  if (patch.count < 10) return null;
  quadricMoments(patch, m);
  if (!nullVector(m, 10, u, STEPS)) return null;
  const a = [u[0]!, u[3]!, u[4]!, u[3]!, u[1]!, u[5]!, u[4]!, u[5]!, u[2]!];
  const e = symmetricEigen(a, 3);
  const [l0, l1, l2] = e.values as [number, number, number];
  // the single eigenvalue is the one of the other sign; scale the quadric so that it is > 0
  let single: number, sign: number, double: number;
  if (l0 < 0 && l1 > 0) {
    single = 0; sign = -1; double = 0.5 * (l1 + l2);
  } else if (l1 < 0 && l2 > 0) {
    single = 2; sign = 1; double = 0.5 * (l0 + l1);
  } else return null;
  const ls = sign * e.values[single]!, ld = sign * double;
  if (!(ls > 0 && ld < 0)) return null;
  const v = e.vectors;
  const ax = v[single * 3]!, ay = v[single * 3 + 1]!, az = v[single * 3 + 2]!;
  // apex: A V = −b/2 through the eigen-decomposition of A
  const bx = u[6]!, by = u[7]!, bz = u[8]!;
  let vx = 0, vy = 0, vz = 0;
  for (let k = 0; k < 3; k++) {
    const ex = v[k * 3]!, ey = v[k * 3 + 1]!, ez = v[k * 3 + 2]!;
    const c = -(ex * bx + ey * by + ez * bz) / (2 * e.values[k]!);
    vx += c * ex; vy += c * ey; vz += c * ez;
  }
  // the axis points from the apex into the nappe the vertices lie on
  const { p, count } = patch;
  let side = 0;
  for (let i = 0; i < count; i++) side += (p[i * 3]! - vx) * ax + (p[i * 3 + 1]! - vy) * ay + (p[i * 3 + 2]! - vz) * az;
  const o = side >= 0 ? 1 : -1;
  const dx = o * ax, dy = o * ay, dz = o * az;
  const alpha = Math.atan(Math.sqrt(-ls / ld));
  const va = vx * dx + vy * dy + vz * dz;
  const q: [number, number, number] = [vx - va * dx, vy - va * dy, vz - va * dz];
  const rho0 = -va * Math.tan(alpha);
  if (!Number.isFinite(rho0 + q[0] + q[1] + q[2] + alpha)) return null;
  return { q, a: [dx, dy, dz], rho0, alpha };
}
