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
import { plueckerSums } from './ruleOutRevolution.js';
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
 * ∂residual/∂(centre x, y, z, tilt u, tilt v, R, r) in applyTorus's basis (one
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

/**
 * JᵀJ and −Jᵀr of torusJacobian's columns in one pass (Levenberg–Marquardt's normal
 * equations, lm.ts): each Jacobian entry by torusJacobian's expression, each sum in vertex
 * order as lm.ts sums the columns, so the same numbers bit for bit (the columns
 * and the 35 passes over them were a quarter of io1's freeform faces).
 */
export function torusNormalEquations(patch: PointSet, s: TorusFit, r: Float64Array, a: Float64Array, g: Float64Array): void {
  const { p } = patch;
  const [u, v] = perpBasis(s.a);
  const [cx, cy, cz] = s.c;
  const [ax, ay, az] = s.a;
  let a00 = 0, a01 = 0, a02 = 0, a03 = 0, a04 = 0, a05 = 0, a06 = 0, a11 = 0, a12 = 0, a13 = 0, a14 = 0, a15 = 0, a16 = 0;
  let a22 = 0, a23 = 0, a24 = 0, a25 = 0, a26 = 0, a33 = 0, a34 = 0, a35 = 0, a36 = 0, a44 = 0, a45 = 0, a46 = 0;
  let a55 = 0, a56 = 0, a66 = 0;
  let g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0;
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]! - cx, y = p[i * 3 + 1]! - cy, z = p[i * 3 + 2]! - cz;
    const h = x * ax + y * ay + z * az;
    const dx = x - h * ax, dy = y - h * ay, dz = z - h * az;
    const rho = hyp3(dx, dy, dz);
    const ex = rho > 0 ? dx / rho : 0, ey = rho > 0 ? dy / rho : 0, ez = rho > 0 ? dz / rho : 0;
    const w = rho - s.R;
    const d = hyp2(w, h);
    const fr = d > 0 ? w / d : 0, fh = d > 0 ? h / d : 0;
    const c0 = -fr * ex - fh * ax;
    const c1 = -fr * ey - fh * ay;
    const c2 = -fr * ez - fh * az;
    const c3 = -fr * h * (ex * u[0] + ey * u[1] + ez * u[2]) + fh * (x * u[0] + y * u[1] + z * u[2]);
    const c4 = -fr * h * (ex * v[0] + ey * v[1] + ez * v[2]) + fh * (x * v[0] + y * v[1] + z * v[2]);
    const c5 = -fr;
    const c6 = -1;
    const ri = r[i]!;
    g0 += c0 * ri; g1 += c1 * ri; g2 += c2 * ri; g3 += c3 * ri; g4 += c4 * ri; g5 += c5 * ri; g6 += c6 * ri;
    a00 += c0 * c0; a01 += c0 * c1; a02 += c0 * c2; a03 += c0 * c3; a04 += c0 * c4; a05 += c0 * c5; a06 += c0 * c6;
    a11 += c1 * c1; a12 += c1 * c2; a13 += c1 * c3; a14 += c1 * c4; a15 += c1 * c5; a16 += c1 * c6;
    a22 += c2 * c2; a23 += c2 * c3; a24 += c2 * c4; a25 += c2 * c5; a26 += c2 * c6;
    a33 += c3 * c3; a34 += c3 * c4; a35 += c3 * c5; a36 += c3 * c6;
    a44 += c4 * c4; a45 += c4 * c5; a46 += c4 * c6;
    a55 += c5 * c5; a56 += c5 * c6;
    a66 += c6 * c6;
  }
  g[0] = -g0; g[1] = -g1; g[2] = -g2; g[3] = -g3; g[4] = -g4; g[5] = -g5; g[6] = -g6;
  a.set([
    a00, a01, a02, a03, a04, a05, a06,
    a01, a11, a12, a13, a14, a15, a16,
    a02, a12, a22, a23, a24, a25, a26,
    a03, a13, a23, a33, a34, a35, a36,
    a04, a14, a24, a34, a44, a45, a46,
    a05, a15, a25, a35, a45, a55, a56,
    a06, a16, a26, a36, a46, a56, a66,
  ]);
}

const TORUS_PROBLEM = { nParams: 7, apply: applyTorus, residuals: torusResiduals, jacobian: torusJacobian, normalEquations: torusNormalEquations };

/** (R, h0, t) for an axis line through q along a; null when the normals do not define them. */
function torusStart(patch: Patch, q: V3, a: V3): TorusFit | null {
  // on scalars, the same expressions as the tuple helpers in the same order (bit for bit;
  // four small arrays per vertex were the collector's work on io1)
  const { p, n: nv } = patch;
  const [q0, q1, q2] = q;
  const [a0, a1, a2] = a;
  let m0 = 0, m2 = 0, m4 = 0, m5 = 0, m8 = 0, b0 = 0, b1 = 0, b2 = 0;
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    const n0 = nv[i * 3]!, n1 = nv[i * 3 + 1]!, n2 = nv[i * 3 + 2]!;
    if (n0 === 0 && n1 === 0 && n2 === 0) continue;
    const w0 = p[i * 3]! - q0, w1 = p[i * 3 + 1]! - q1, w2 = p[i * 3 + 2]! - q2;
    const h = w0 * a0 + w1 * a1 + w2 * a2;
    const wp0 = w0 - a0 * h, wp1 = w1 - a1 * h, wp2 = w2 - a2 * h;
    const rho = Math.hypot(wp0, wp1, wp2);
    if (!(rho > 1e-9)) continue;
    const nr = (n0 * wp0 + n1 * wp1 + n2 * wp2) / rho, nh = n0 * a0 + n1 * a1 + n2 * a2;
    // rows [1 0 nr]·x = rho and [0 1 nh]·x = h, x = (R, h0, t)
    m0 += 1; m2 += nr; m4 += 1; m5 += nh; m8 += nr * nr + nh * nh;
    b0 += rho; b1 += h; b2 += nr * rho + nh * h;
    used++;
  }
  if (used < 4) return null;
  const x = solveSymmetric(new Float64Array([m0, 0, m2, 0, m4, m5, m2, m5, m8]), new Float64Array([b0, b1, b2]), 3, 1e-12);
  const R = x[0]!, h0 = x[1]!, t = x[2]!;
  if (!(R > 0) || !(Math.abs(t) > 0)) return null;
  return { c: add(q, scale(a, h0)), a, R, r: Math.abs(t) };
}

/** Plücker scatter of fitTorus, reused (symmetricEigen copies its input). */
const scatter = new Float64Array(36);

export function fitTorus(patch: Patch, ctx: FitContext): TorusFit | null {
  if (patch.count < 7) return null;
  const used = plueckerSums(patch, false, scatter);
  if (used < 6) return null;
  const e = symmetricEigen(scatter, 6);
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
// their optimised code at every full GC and start cold again.
class TorusPrimitive implements LocalPrimitive {
  constructor(readonly f: TorusFit) {}
  distance(x: number, y: number, z: number): number {
    const { c, a, R, r } = this.f;
    x -= c[0]; y -= c[1]; z -= c[2];
    const h = x * a[0] + y * a[1] + z * a[2];
    const rho = hyp3(x - h * a[0], y - h * a[1], z - h * a[2]);
    return Math.abs(hyp2(rho - R, h) - r);
  }
  maxDistance(p: Float64Array, count: number): number {
    return torusMaxDistance(this.f, p, count);
  }
  minNormalCos(p: Float64Array, n: Float64Array, count: number): number {
    return torusMinNormalCos(this.f, p, n, count);
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

// The acceptance test's loops over `distance` and `normal` as one monomorphic loop each, the
// same expressions (a call per vertex on io1's freeform faces).
function torusMaxDistance(f: TorusFit, p: Float64Array, count: number): number {
  const [cx, cy, cz] = f.c;
  const [ax, ay, az] = f.a;
  let worst = 0;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]! - cx, y = p[i * 3 + 1]! - cy, z = p[i * 3 + 2]! - cz;
    const h = x * ax + y * ay + z * az;
    const rho = hyp3(x - h * ax, y - h * ay, z - h * az);
    const e = Math.abs(hyp2(rho - f.R, h) - f.r);
    if (!(e <= worst)) worst = Number.isFinite(e) ? Math.max(worst, e) : Infinity;
  }
  return worst;
}

function torusMinNormalCos(f: TorusFit, p: Float64Array, n: Float64Array, count: number): number {
  const [cx, cy, cz] = f.c;
  const [ax, ay, az] = f.a;
  let worst = 1;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]! - cx, y = p[i * 3 + 1]! - cy, z = p[i * 3 + 2]! - cz;
    const h = x * ax + y * ay + z * az;
    const rx = x - h * ax, ry = y - h * ay, rz = z - h * az;
    const rho = hyp3(rx, ry, rz);
    if (!(rho > 1e-12)) continue;
    const k = f.R / rho;
    const dx = x - rx * k, dy = y - ry * k, dz = z - rz * k;
    const l = hyp3(dx, dy, dz);
    if (!(l > 1e-12 * f.r)) continue;
    const c = Math.abs(n[i * 3]! * (dx / l) + n[i * 3 + 1]! * (dy / l) + n[i * 3 + 2]! * (dz / l));
    if (c < worst) worst = c;
  }
  return worst;
}
