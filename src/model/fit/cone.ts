/**
 * Cone: its normals make a constant angle with the axis, i.e. the normal vectors lie on
 * a plane {n : n·a = −sin α}; the axis is that plane's normal (smallest-eigenvalue
 * eigenvector of the normals' covariance; Σ n nᵀ is tried too, it is the better start
 * for very narrow or very flat normal sets). The axis position is where the normals'
 * projections ⟂ a meet (2-D least squares), the half-angle comes from n·a. The six
 * parameters (axis tilt 2, axis position 2, radius at the position ρ₀, half-angle α,
 * with ρ = ρ₀ + h tan α along the axis) are then refined on the vertex distances. This
 * parametrisation stays well conditioned down to α → 0, where the apex runs away.
 */
import type { ConeKind } from '../surfaceKind.js';
import { MAX_LOCAL_RADIUS } from './cylinder.js';
import { normalScatter } from './normalScatter.js';
import { maxAbs, type FitContext, type LocalPrimitive } from './evaluate.js';
import { eigenVector, solveSymmetric, symmetricEigen } from './linalg.js';
import { algebraicCone } from './coneAlgebraic.js';
import { fitCounters } from './fitCounters.js';
import { KEEP_INITIAL_FRACTION, refine, type PointSet } from './refine.js';
import { givenNormalsRuleOutConeBand } from './ruleOutConeBand.js';
import { conesAndCylindersRuledOut } from './ruleOutQuadric.js';
import { givenNormalsRuleOutCone } from './ruleOutRevolution.js';
import type { Patch } from './patch.js';
import { add, dot, isFiniteV, perpBasis, scale, sub, unit, type V3, hyp2, hyp3 } from './vec.js';

/** Local cone state: axis through q (q ⟂ a), radius rho0 at q, ρ = rho0 + h·tan(alpha). */
export interface ConeState {
  q: V3;
  a: V3;
  rho0: number;
  alpha: number;
}

/** Local cone in apex form, alpha in (0, π/2), a from the apex into the cone. */
export interface ConeFit {
  apex: V3;
  a: V3;
  alpha: number;
}

export function coneResiduals(patch: PointSet, s: ConeState, out: Float64Array): void {
  const { p } = patch;
  const [qx, qy, qz] = s.q;
  const [ax, ay, az] = s.a;
  const ca = Math.cos(s.alpha), sa = Math.sin(s.alpha);
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]! - qx, y = p[i * 3 + 1]! - qy, z = p[i * 3 + 2]! - qz;
    const h = x * ax + y * ay + z * az;
    const rho = hyp3(x - h * ax, y - h * ay, z - h * az);
    out[i] = (rho - s.rho0) * ca - h * sa;
  }
}

export function applyCone(s: ConeState, d: Float64Array): ConeState {
  const [u, v] = perpBasis(s.a);
  const a = unit(add(s.a, add(scale(u, d[0]!), scale(v, d[1]!)))) ?? s.a;
  let q = add(s.q, add(scale(u, d[2]!), scale(v, d[3]!)));
  q = sub(q, scale(a, dot(q, a)));
  return { q, a, rho0: s.rho0 + d[4]!, alpha: s.alpha + d[5]! };
}

/**
 * ∂residual/∂(tilt u, tilt v, shift u, shift v, ρ₀, α) in applyCone's basis (one
 * pass instead of twelve residual evaluations by central differences). With P = p − q,
 * h = P·a, ρ = |P − h·a|, ê the unit radial direction: a tilt along u turns a and slides q
 * along a by −(q·u), so h grows by p·u and ρ by −h·ê·u; a shift along u moves ρ by −ê·u.
 */
export function coneJacobian(patch: PointSet, s: ConeState, cols: Float64Array[]): void {
  const { p } = patch;
  const [u, v] = perpBasis(s.a);
  const [qx, qy, qz] = s.q;
  const [ax, ay, az] = s.a;
  const ca = Math.cos(s.alpha), sa = Math.sin(s.alpha);
  const c0 = cols[0]!, c1 = cols[1]!, c2 = cols[2]!, c3 = cols[3]!, c4 = cols[4]!, c5 = cols[5]!;
  for (let i = 0; i < patch.count; i++) {
    const px = p[i * 3]!, py = p[i * 3 + 1]!, pz = p[i * 3 + 2]!;
    const x = px - qx, y = py - qy, z = pz - qz;
    const h = x * ax + y * ay + z * az;
    const dx = x - h * ax, dy = y - h * ay, dz = z - h * az;
    const l = hyp3(dx, dy, dz);
    const eu = l > 0 ? (dx * u[0] + dy * u[1] + dz * u[2]) / l : 0;
    const ev = l > 0 ? (dx * v[0] + dy * v[1] + dz * v[2]) / l : 0;
    c0[i] = -ca * h * eu - sa * (px * u[0] + py * u[1] + pz * u[2]);
    c1[i] = -ca * h * ev - sa * (px * v[0] + py * v[1] + pz * v[2]);
    c2[i] = -ca * eu;
    c3[i] = -ca * ev;
    c4[i] = -ca;
    c5[i] = -(l - s.rho0) * sa - h * ca;
  }
}

/** Start values for a given axis direction, from the normals; null when they do not define one. */
function coneStart(patch: Patch, a: V3): ConeState | null {
  const [u, v] = perpBasis(a);
  const { p, n } = patch;
  // 2-D point where the projected normal lines meet
  // per-vertex loops on scalars, no tuples or helper calls: they run cold in a CLI process
  // (interpreted), where each small allocation and call costs
  const [u0, u1, u2] = u;
  const [v0, v1, v2] = v;
  let m0 = 0, m1 = 0, m2 = 0, m3 = 0, b0 = 0, b1 = 0;
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    const n0 = n[i * 3]!, n1 = n[i * 3 + 1]!, n2 = n[i * 3 + 2]!;
    const ex = n0 * u0 + n1 * u1 + n2 * u2, ey = n0 * v0 + n1 * v1 + n2 * v2;
    const l = hyp2(ex, ey);
    if (!(l > 1e-6)) continue;
    const e0 = ex / l, e1 = ey / l;
    const p0 = p[i * 3]!, p1 = p[i * 3 + 1]!, p2 = p[i * 3 + 2]!;
    const px = p0 * u0 + p1 * u1 + p2 * u2, py = p0 * v0 + p1 * v1 + p2 * v2;
    const m00 = 1 - e0 * e0, m01 = -e0 * e1, m11 = 1 - e1 * e1;
    m0 += m00; m1 += m01; m2 += m01; m3 += m11;
    b0 += m00 * px + m01 * py;
    b1 += m01 * px + m11 * py;
    used++;
  }
  const m = [m0, m1, m2, m3];
  const b = [b0, b1];
  if (used < 3) return null;
  const c2 = solveSymmetric(m, b, 2, 1e-12);
  const q = add(scale(u, c2[0]!), scale(v, c2[1]!));
  let outward = 0;
  let k = 0;
  let kn = 0;
  const [q0, q1, q2] = q;
  const [a0, a1, a2] = a;
  for (let i = 0; i < patch.count; i++) {
    const n0 = n[i * 3]!, n1 = n[i * 3 + 1]!, n2 = n[i * 3 + 2]!;
    if (n0 === 0 && n1 === 0 && n2 === 0) continue;
    const w0 = p[i * 3]! - q0, w1 = p[i * 3 + 1]! - q1, w2 = p[i * 3 + 2]! - q2;
    const h = w0 * a0 + w1 * a1 + w2 * a2;
    outward += n0 * (w0 - a0 * h) + n1 * (w1 - a1 * h) + n2 * (w2 - a2 * h);
    k += n0 * a0 + n1 * a1 + n2 * a2;
    kn++;
  }
  if (kn === 0) return null;
  const sinA = Math.max(-1, Math.min(1, -(outward >= 0 ? 1 : -1) * (k / kn)));
  const alpha = Math.asin(sinA);
  const t = Math.tan(alpha);
  let rho0 = 0;
  for (let i = 0; i < patch.count; i++) {
    const w0 = p[i * 3]! - q0, w1 = p[i * 3 + 1]! - q1, w2 = p[i * 3 + 2]! - q2;
    const h = w0 * a0 + w1 * a1 + w2 * a2;
    rho0 += (Math.hypot(w0 - a0 * h, w1 - a1 * h, w2 - a2 * h) - h * t) / patch.count;
  }
  return { q, a, rho0, alpha };
}

/**
 * The normal-band and axis proofs that no cone passes the normal test (ruleOutConeBand.ts,
 * ruleOutRevolution.ts), memoised: refine asks only when a start is far off (on a
 * true cone the band search was a quarter of the fit).
 */
function coneRuledOut(patch: Patch, ctx: FitContext): boolean {
  const memo = patch.memo;
  if (memo.cone === null) memo.cone = givenNormalsRuleOutConeBand(patch, ctx) || givenNormalsRuleOutCone(patch, ctx);
  return memo.cone;
}

const CONE_PROBLEM = { nParams: 6, apply: applyCone, residuals: coneResiduals, jacobian: coneJacobian, quadric: true, ruledOut: coneRuledOut };

export function fitCone(patch: Patch, ctx: FitContext): ConeFit | null {
  if (patch.count < 5) return null;
  // candidate axes: normal of the plane through the normal vectors, and the most-perpendicular direction
  const axes: V3[] = [];
  const mean: V3 = [0, 0, 0];
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    const x = patch.n[i * 3]!, y = patch.n[i * 3 + 1]!, z = patch.n[i * 3 + 2]!;
    if (x === 0 && y === 0 && z === 0) continue;
    mean[0] += x; mean[1] += y; mean[2] += z;
    used++;
  }
  if (used < 4) return null;
  const r = new Float64Array(patch.count);
  // vertices on a cone: the algebraic start is exact, no Levenberg–Marquardt (coneAlgebraic.ts)
  const exact = algebraicCone(patch);
  if (exact) {
    coneResiduals(patch, exact, r);
    if (maxAbs(r) <= KEEP_INITIAL_FRACTION * ctx.tol) {
      fitCounters.closedFormKept++;
      return apexForm(exact);
    }
  }
  // fitSurface only: vertices no cone fits (a sphere patch) need no start, refinement or normal proofs
  if (ctx.proofPatch && conesAndCylindersRuledOut(ctx.proofPatch, ctx)) {
    fitCounters.conesRuledOut++;
    return null;
  }
  for (let k = 0; k < 3; k++) mean[k] = mean[k]! / used;
  const cov = new Float64Array(9);
  for (let i = 0; i < patch.count; i++) {
    const x0 = patch.n[i * 3]!, y0 = patch.n[i * 3 + 1]!, z0 = patch.n[i * 3 + 2]!;
    if (x0 === 0 && y0 === 0 && z0 === 0) continue;
    const x = x0 - mean[0], y = y0 - mean[1], z = z0 - mean[2];
    cov[0] += x * x; cov[1] += x * y; cov[2] += x * z;
    cov[4] += y * y; cov[5] += y * z; cov[8] += z * z;
  }
  cov[3] = cov[1]!; cov[6] = cov[2]!; cov[7] = cov[5]!;
  const a1 = unit(eigenVector(symmetricEigen(cov, 3), 0, 3) as V3);
  if (a1) axes.push(a1);
  const a2 = unit(eigenVector(normalScatter(patch).eigen, 0, 3) as V3);
  if (a2) axes.push(a2);
  let best: ConeState | null = null;
  let bestF = Infinity;
  for (const a of axes) {
    const start = coneStart(patch, a);
    if (!start) continue;
    const s = refine(patch, CONE_PROBLEM, start, ctx);
    if (!s) return null; // proved: no cone can be accepted
    coneResiduals(patch, s, r);
    const f = maxAbs(r);
    if (f < bestF) {
      bestF = f;
      best = s;
    }
    if (f <= ctx.tol) break; // good enough, the other start cannot change the verdict
  }
  return best && apexForm(best);
}

/** The cone in apex form with α in (0, π/2); null when degenerate or too far. */
function apexForm(best: ConeState): ConeFit | null {
  let { a, alpha } = best;
  if (alpha < 0) {
    a = [-a[0], -a[1], -a[2]];
    alpha = -alpha;
  }
  if (!(alpha > 1e-7) || !(alpha < Math.PI / 2 - 1e-7)) return null;
  const apex = sub(best.q, scale(a, best.rho0 / Math.tan(alpha)));
  if (!isFiniteV(apex) || Math.hypot(...apex) > MAX_LOCAL_RADIUS) return null;
  return { apex, a, alpha };
}

// Primitives are class instances, not objects of closures: closures made per patch lose
// their optimised code at every full GC and start cold again.
class ConePrimitive implements LocalPrimitive {
  readonly ca: number;
  readonly sa: number;
  constructor(readonly f: ConeFit) {
    this.ca = Math.cos(f.alpha);
    this.sa = Math.sin(f.alpha);
  }
  distance(x: number, y: number, z: number): number {
    const { apex: v, a } = this.f;
    const { ca, sa } = this;
    x -= v[0]; y -= v[1]; z -= v[2];
    const h = x * a[0] + y * a[1] + z * a[2];
    const rho = hyp3(x - h * a[0], y - h * a[1], z - h * a[2]);
    // beyond the apex the nearest point of the (one-sheeted) cone is the apex itself
    if (h * ca + rho * sa < 0) return hyp3(x, y, z);
    return Math.abs(rho * ca - h * sa);
  }
  normal(x: number, y: number, z: number, out: Float64Array): boolean {
    const { apex: v, a } = this.f;
    const { ca, sa } = this;
    x -= v[0]; y -= v[1]; z -= v[2];
    const h = x * a[0] + y * a[1] + z * a[2];
    const rx = x - h * a[0], ry = y - h * a[1], rz = z - h * a[2];
    const rho = hyp3(rx, ry, rz);
    if (!(rho > 1e-9)) return false;
    out[0] = (ca * rx) / rho - sa * a[0];
    out[1] = (ca * ry) / rho - sa * a[1];
    out[2] = (ca * rz) / rho - sa * a[2];
    return true;
  }
}

/** Kept alive: its map must outlive full GCs, or code that checks it deoptimises each pass. */
export const KEEP_CONE_SHAPE = new ConePrimitive({ apex: [0, 0, 0], a: [0, 0, 1], alpha: 0.5 });

export function conePrimitive(f: ConeFit): LocalPrimitive {
  return new ConePrimitive(f);
}

export function coneKind(f: ConeFit, patch: Patch, residual: number): ConeKind {
  const s = patch.scale, o = patch.origin;
  return {
    type: 'cone',
    apex: [o[0] + s * f.apex[0], o[1] + s * f.apex[1], o[2] + s * f.apex[2]],
    axis: [f.a[0], f.a[1], f.a[2]],
    halfAngle: f.alpha,
    residual: s * residual,
  };
}
