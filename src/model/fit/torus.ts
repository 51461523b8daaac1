/**
 * Torus: every normal line of a surface of revolution meets the axis. In Plücker
 * coordinates a line (d, m) meets the normal line (nᵢ, pᵢ × nᵢ) iff
 * d·(pᵢ × nᵢ) + m·nᵢ = 0, so the axis is the smallest-eigenvalue eigenvector of
 * Σ wᵢ wᵢᵀ with wᵢ = (pᵢ × nᵢ, nᵢ) (the two smallest are tried). In each vertex's
 * meridian half-plane the core circle point is pᵢ − t·nᵢ with one (R, h₀, t) for all
 * vertices: a linear least-squares problem. The seven parameters (centre 3, axis tilt 2,
 * major, minor) are then refined on the vertex distances
 * |√((ρ − R)² + h²) − r|.
 */
import { canonicalAxis, type TorusKind } from '../surfaceKind.js';
import { MAX_LOCAL_RADIUS } from './cylinder.js';
import { maxAbs, type FitContext, type LocalPrimitive } from './evaluate.js';
import { eigenVector, solveSymmetric, symmetricEigen } from './linalg.js';
import { KEEP_INITIAL_FRACTION, refine, type PointSet } from './refine.js';
import { algebraicTorus } from './torusAlgebraic.js';
import type { Patch } from './patch.js';
import { add, cross, dot, isFiniteV, perpBasis, scale, sub, unit, type V3, hyp2, hyp3 } from './vec.js';

export interface TorusFit {
  c: V3;
  a: V3;
  R: number;
  r: number;
}

export function torusResiduals(patch: PointSet, s: TorusFit, out: Float64Array): void {
  const { p } = patch;
  const [cx, cy, cz] = s.c;
  const [ax, ay, az] = s.a;
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]! - cx, y = p[i * 3 + 1]! - cy, z = p[i * 3 + 2]! - cz;
    const h = x * ax + y * ay + z * az;
    const rho = hyp3(x - h * ax, y - h * ay, z - h * az);
    out[i] = hyp2(rho - s.R, h) - s.r;
  }
}

export function applyTorus(s: TorusFit, d: Float64Array): TorusFit {
  const [u, v] = perpBasis(s.a);
  const a = unit(add(s.a, add(scale(u, d[3]!), scale(v, d[4]!)))) ?? s.a;
  return { c: [s.c[0] + d[0]!, s.c[1] + d[1]!, s.c[2] + d[2]!], a, R: s.R + d[5]!, r: s.r + d[6]! };
}

/**
 * ∂residual/∂(centre x, y, z, tilt u, tilt v, R, r) in applyTorus's basis (issue 14: one
 * pass instead of fourteen residual evaluations by central differences). With P = p − c,
 * h = P·a, ρ = |P − h·a|, ê the unit radial direction and D = √((ρ − R)² + h²): moving c
 * along eₖ moves ρ by −êₖ and h by −aₖ; a tilt along u moves h by P·u and ρ by −h·ê·u.
 */
export function torusJacobian(patch: PointSet, s: TorusFit, cols: Float64Array[]): void {
  const { p } = patch;
  const [u, v] = perpBasis(s.a);
  const [cx, cy, cz] = s.c;
  const [ax, ay, az] = s.a;
  const c0 = cols[0]!, c1 = cols[1]!, c2 = cols[2]!, c3 = cols[3]!, c4 = cols[4]!, c5 = cols[5]!, c6 = cols[6]!;
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]! - cx, y = p[i * 3 + 1]! - cy, z = p[i * 3 + 2]! - cz;
    const h = x * ax + y * ay + z * az;
    const dx = x - h * ax, dy = y - h * ay, dz = z - h * az;
    const rho = hyp3(dx, dy, dz);
    const ex = rho > 0 ? dx / rho : 0, ey = rho > 0 ? dy / rho : 0, ez = rho > 0 ? dz / rho : 0;
    const w = rho - s.R;
    const d = hyp2(w, h);
    const fr = d > 0 ? w / d : 0, fh = d > 0 ? h / d : 0;
    c0[i] = -fr * ex - fh * ax;
    c1[i] = -fr * ey - fh * ay;
    c2[i] = -fr * ez - fh * az;
    c3[i] = -fr * h * (ex * u[0] + ey * u[1] + ez * u[2]) + fh * (x * u[0] + y * u[1] + z * u[2]);
    c4[i] = -fr * h * (ex * v[0] + ey * v[1] + ez * v[2]) + fh * (x * v[0] + y * v[1] + z * v[2]);
    c5[i] = -fr;
    c6[i] = -1;
  }
}

const TORUS_PROBLEM = { nParams: 7, apply: applyTorus, residuals: torusResiduals, jacobian: torusJacobian };

/** (R, h0, t) for an axis line through q along a; null when the normals do not define them. */
function torusStart(patch: Patch, q: V3, a: V3): TorusFit | null {
  const m = new Float64Array(9);
  const b = new Float64Array(3);
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    const n: V3 = [patch.n[i * 3]!, patch.n[i * 3 + 1]!, patch.n[i * 3 + 2]!];
    if (n[0] === 0 && n[1] === 0 && n[2] === 0) continue;
    const w = sub([patch.p[i * 3]!, patch.p[i * 3 + 1]!, patch.p[i * 3 + 2]!], q);
    const h = dot(w, a);
    const wp = sub(w, scale(a, h));
    const rho = Math.hypot(...wp);
    if (!(rho > 1e-9)) continue;
    const nr = dot(n, wp) / rho, nh = dot(n, a);
    // rows [1 0 nr]·x = rho and [0 1 nh]·x = h, x = (R, h0, t)
    m[0] += 1; m[2] += nr; m[4] += 1; m[5] += nh; m[8] += nr * nr + nh * nh;
    b[0] += rho; b[1] += h; b[2] += nr * rho + nh * h;
    used++;
  }
  if (used < 4) return null;
  m[6] = m[2]!; m[7] = m[5]!;
  const x = solveSymmetric(m, b, 3, 1e-12);
  const R = x[0]!, h0 = x[1]!, t = x[2]!;
  if (!(R > 0) || !(Math.abs(t) > 0)) return null;
  return { c: add(q, scale(a, h0)), a, R, r: Math.abs(t) };
}

export function fitTorus(patch: Patch, ctx: FitContext): TorusFit | null {
  if (patch.count < 7) return null;
  const s = new Float64Array(36);
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    const n: V3 = [patch.n[i * 3]!, patch.n[i * 3 + 1]!, patch.n[i * 3 + 2]!];
    if (n[0] === 0 && n[1] === 0 && n[2] === 0) continue;
    const mom = cross([patch.p[i * 3]!, patch.p[i * 3 + 1]!, patch.p[i * 3 + 2]!], n);
    const w = [mom[0], mom[1], mom[2], n[0], n[1], n[2]];
    for (let r = 0; r < 6; r++) for (let c = 0; c < 6; c++) s[r * 6 + c] += w[r]! * w[c]!;
    used++;
  }
  if (used < 6) return null;
  const e = symmetricEigen(s, 6);
  let best: TorusFit | null = null;
  let bestF = Infinity;
  const res = new Float64Array(patch.count);
  const first = startAlong(patch, e, 0);
  let firstResidual = NaN;
  if (first) {
    torusResiduals(patch, first, res);
    firstResidual = maxAbs(res);
  }
  // a first start refine would not keep: vertices on a torus with normals a few degrees off
  // (io1's coarse freeform faces: 35°) are better served by the algebraic start
  // (torusAlgebraic.ts, within ~1e-7 of the patch size), which Levenberg–Marquardt polishes in
  // two or three iterations instead of five; within the tolerance it is good enough (as
  // between the two starts below, the others cannot change the verdict)
  if (!(firstResidual <= KEEP_INITIAL_FRACTION * ctx.tol)) {
    const close = algebraicTorus(patch);
    if (close) {
      torusResiduals(patch, close, res);
      const residual = maxAbs(res);
      if (residual <= ctx.tol) return usable(refine(patch, TORUS_PROBLEM, close, ctx, residual, true)!); // not a quadric: never null
    }
  }
  for (let k = 0; k < 2; k++) {
    const start = k === 0 ? first : startAlong(patch, e, 1);
    if (!start) continue;
    const fit = refine(patch, TORUS_PROBLEM, start, ctx, k === 0 ? firstResidual : undefined)!; // not a quadric: never null
    torusResiduals(patch, fit, res);
    const f = maxAbs(res);
    if (f < bestF) {
      bestF = f;
      best = fit;
    }
    if (f <= ctx.tol) break; // good enough, the other start cannot change the verdict
  }
  return best && usable(best);
}

/** The closed-form start along the k-th smallest eigenvector of the Plücker scatter; null when it gives none. */
function startAlong(patch: Patch, e: ReturnType<typeof symmetricEigen>, k: number): TorusFit | null {
  const x = eigenVector(e, k, 6);
  const dRaw: V3 = [x[0]!, x[1]!, x[2]!];
  const dl = Math.hypot(...dRaw);
  if (!(dl > 1e-6)) return null;
  const d = scale(dRaw, 1 / dl);
  let mom: V3 = scale([x[3]!, x[4]!, x[5]!], 1 / dl);
  mom = sub(mom, scale(d, dot(d, mom)));
  const q = cross(d, mom);
  if (!isFiniteV(q) || Math.hypot(...q) > MAX_LOCAL_RADIUS) return null;
  return torusStart(patch, q, d);
}

/** The torus, or null when degenerate or too large. */
function usable(best: TorusFit): TorusFit | null {
  if (!isFiniteV(best.c) || !isFiniteV(best.a) || !(best.R > 0) || !(best.r > 0) || best.R > MAX_LOCAL_RADIUS || best.r > MAX_LOCAL_RADIUS) return null;
  return best;
}

// Primitives are class instances, not objects of closures: closures made per patch lose
// their optimised code at every full GC and start cold again (issue 14).
class TorusPrimitive implements LocalPrimitive {
  constructor(readonly f: TorusFit) {}
  distance(x: number, y: number, z: number): number {
    const { c, a, R, r } = this.f;
    x -= c[0]; y -= c[1]; z -= c[2];
    const h = x * a[0] + y * a[1] + z * a[2];
    const rho = hyp3(x - h * a[0], y - h * a[1], z - h * a[2]);
    return Math.abs(hyp2(rho - R, h) - r);
  }
  normal(x: number, y: number, z: number, out: Float64Array): boolean {
    const { c, a, R, r } = this.f;
    x -= c[0]; y -= c[1]; z -= c[2];
    const h = x * a[0] + y * a[1] + z * a[2];
    const rx = x - h * a[0], ry = y - h * a[1], rz = z - h * a[2];
    const rho = hyp3(rx, ry, rz);
    if (!(rho > 1e-12)) return false;
    // vector from the nearest core-circle point
    const k = R / rho;
    const dx = x - rx * k, dy = y - ry * k, dz = z - rz * k;
    const l = hyp3(dx, dy, dz);
    if (!(l > 1e-12 * r)) return false;
    out[0] = dx / l; out[1] = dy / l; out[2] = dz / l;
    return true;
  }
}

/** Kept alive: its map must outlive full GCs, or code that checks it deoptimises each pass. */
export const KEEP_TORUS_SHAPE = new TorusPrimitive({ c: [0, 0, 0], a: [0, 0, 1], R: 2, r: 1 });

export function torusPrimitive(f: TorusFit): LocalPrimitive {
  return new TorusPrimitive(f);
}

export function torusKind(f: TorusFit, patch: Patch, residual: number): TorusKind {
  const s = patch.scale, o = patch.origin;
  return {
    type: 'torus',
    center: [o[0] + s * f.c[0], o[1] + s * f.c[1], o[2] + s * f.c[2]],
    axis: canonicalAxis(f.a),
    major: s * f.R,
    minor: s * f.r,
    residual: s * residual,
  };
}
