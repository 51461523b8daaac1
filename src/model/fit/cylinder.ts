/**
 * Cylinder: the axis is the direction most perpendicular to all normals (smallest-
 * eigenvalue eigenvector of Σ n nᵀ); the vertices projected along it are fitted with an
 * algebraic circle (exact for exact vertices, any arc length), the axis is corrected by the
 * tilt the vertices ask for (off normals); then the five parameters (axis tilt 2, axis
 * position 2, radius) are refined on the vertex distances.
 */
import { canonicalAxis, type CylinderKind } from '../surfaceKind.js';
import type { FitContext, LocalPrimitive } from './evaluate.js';
import type { FitScratch } from './fitScratch.js';
import { eigenVector, solveSymmetric } from './linalg.js';
import { normalScatter } from './normalScatter.js';
import { KEEP_INITIAL_FRACTION, refine, type PointSet } from './refine.js';
import { triangleSums, type Patch } from './patch.js';
import { add, dot, isFiniteV, perpBasis, scale, sub, unit, type V3, hyp3 } from './vec.js';

/** Local cylinder: axis through q (q ⟂ a through the local origin), unit axis a, radius r. */
export interface CylinderFit {
  q: V3;
  a: V3;
  r: number;
}

/** Radii beyond this (local units, i.e. × the patch half-size) are planes, not cylinders. */
export const MAX_LOCAL_RADIUS = 1e5;

/** Algebraic (Kåsa) circle through 2-D points: centre and radius, null when degenerate. */
export function circle2d(xs: Float64Array, ys: Float64Array, count = xs.length): { cx: number; cy: number; r: number } | null {
  // minimise Σ (x² + y² + D x + E y + F)²
  let sxx = 0, sxy = 0, sx = 0, syy = 0, sy = 0, bx = 0, by = 0, b1 = 0;
  for (let i = 0; i < count; i++) {
    const x = xs[i]!, y = ys[i]!, w = -(x * x + y * y);
    sxx += x * x; sxy += x * y; sx += x; syy += y * y; sy += y;
    bx += x * w; by += y * w; b1 += w;
  }
  const a = [sxx, sxy, sx, sxy, syy, sy, sx, sy, count];
  const b = [bx, by, b1];
  const s = solveSymmetric(a, b, 3, 1e-14);
  const cx = -s[0]! / 2, cy = -s[1]! / 2;
  const r2 = cx * cx + cy * cy - s[2]!;
  if (!(r2 > 0) || !Number.isFinite(r2)) return null;
  return { cx, cy, r: Math.sqrt(r2) };
}

export function cylinderResiduals(patch: PointSet, s: CylinderFit, out: Float64Array): void {
  const { p } = patch;
  const [qx, qy, qz] = s.q;
  const [ax, ay, az] = s.a;
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]! - qx, y = p[i * 3 + 1]! - qy, z = p[i * 3 + 2]! - qz;
    const h = x * ax + y * ay + z * az;
    out[i] = hyp3(x - h * ax, y - h * ay, z - h * az) - s.r;
  }
}

export function applyCylinder(s: CylinderFit, d: Float64Array): CylinderFit {
  const [u, v] = perpBasis(s.a);
  const a = unit(add(s.a, add(scale(u, d[0]!), scale(v, d[1]!)))) ?? s.a;
  let q = add(s.q, add(scale(u, d[2]!), scale(v, d[3]!)));
  q = sub(q, scale(a, dot(q, a)));
  return { q, a, r: s.r + d[4]! };
}

/**
 * ∂residual/∂(tilt u, tilt v, shift u, shift v, radius) in applyCylinder's basis: with
 * P = p − q, h = P·a and d̂ the unit radial direction, −h·d̂·u, −h·d̂·v, −d̂·u, −d̂·v, −1
 * (one pass instead of ten residual evaluations by central differences).
 */
export function cylinderJacobian(patch: PointSet, s: CylinderFit, cols: Float64Array[]): void {
  const { p } = patch;
  const [u, v] = perpBasis(s.a);
  const [qx, qy, qz] = s.q;
  const [ax, ay, az] = s.a;
  const c0 = cols[0]!, c1 = cols[1]!, c2 = cols[2]!, c3 = cols[3]!, c4 = cols[4]!;
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]! - qx, y = p[i * 3 + 1]! - qy, z = p[i * 3 + 2]! - qz;
    const h = x * ax + y * ay + z * az;
    const dx = x - h * ax, dy = y - h * ay, dz = z - h * az;
    const l = hyp3(dx, dy, dz);
    const du = l > 0 ? (dx * u[0] + dy * u[1] + dz * u[2]) / l : 0;
    const dv = l > 0 ? (dx * v[0] + dy * v[1] + dz * v[2]) / l : 0;
    c0[i] = -h * du;
    c1[i] = -h * dv;
    c2[i] = -du;
    c3[i] = -dv;
    c4[i] = -1;
  }
}

/**
 * JᵀJ and −Jᵀr of cylinderJacobian's columns in one pass (lm.ts's normal equations): each
 * entry by cylinderJacobian's expression, each sum in vertex order as lm.ts sums the
 * columns, so the same numbers bit for bit (as1's cylinders run LM twice each).
 */
export function cylinderNormalEquations(patch: PointSet, s: CylinderFit, r: Float64Array, a: Float64Array, g: Float64Array): void {
  const { p } = patch;
  const [u, v] = perpBasis(s.a);
  const [qx, qy, qz] = s.q;
  const [ax, ay, az] = s.a;
  let a00 = 0, a01 = 0, a02 = 0, a03 = 0, a04 = 0, a11 = 0, a12 = 0, a13 = 0, a14 = 0;
  let a22 = 0, a23 = 0, a24 = 0, a33 = 0, a34 = 0, a44 = 0;
  let g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0;
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]! - qx, y = p[i * 3 + 1]! - qy, z = p[i * 3 + 2]! - qz;
    const h = x * ax + y * ay + z * az;
    const dx = x - h * ax, dy = y - h * ay, dz = z - h * az;
    const l = hyp3(dx, dy, dz);
    const du = l > 0 ? (dx * u[0] + dy * u[1] + dz * u[2]) / l : 0;
    const dv = l > 0 ? (dx * v[0] + dy * v[1] + dz * v[2]) / l : 0;
    const c0 = -h * du, c1 = -h * dv, c2 = -du, c3 = -dv, c4 = -1;
    const ri = r[i]!;
    g0 += c0 * ri; g1 += c1 * ri; g2 += c2 * ri; g3 += c3 * ri; g4 += c4 * ri;
    a00 += c0 * c0; a01 += c0 * c1; a02 += c0 * c2; a03 += c0 * c3; a04 += c0 * c4;
    a11 += c1 * c1; a12 += c1 * c2; a13 += c1 * c3; a14 += c1 * c4;
    a22 += c2 * c2; a23 += c2 * c3; a24 += c2 * c4;
    a33 += c3 * c3; a34 += c3 * c4;
    a44 += c4 * c4;
  }
  g[0] = -g0; g[1] = -g1; g[2] = -g2; g[3] = -g3; g[4] = -g4;
  a.set([a00, a01, a02, a03, a04, a01, a11, a12, a13, a14, a02, a12, a22, a23, a24, a03, a13, a23, a33, a34, a04, a14, a24, a34, a44]);
}

const CYLINDER_PROBLEM = { nParams: 5, apply: applyCylinder, residuals: cylinderResiduals, jacobian: cylinderJacobian, normalEquations: cylinderNormalEquations, quadric: true };

/** Null when fitSurface's proof shows that no cylinder can be accepted (see refine). */
export function refineCylinder(patch: Patch, init: CylinderFit, ctx: FitContext): CylinderFit | null {
  return refine(patch, CYLINDER_PROBLEM, init, ctx, measuredResidualOf(patch, init));
}

/**
 * The largest vertex residual cylinderStart measured for `fit` on this patch, if `fit` is the
 * start it returned: neither refine nor the acceptance test measures the same cylinder again
 * (three identical passes over the vertices for a start kept as it is). The same number:
 * every pass computes |√(…) − r| per vertex by the same expression and keeps the largest.
 */
function measuredResidualOf(patch: Patch, fit: CylinderFit): number | undefined {
  const start = patch.memo.cylinderStart;
  return start !== null && start.fit === fit ? start.residual : undefined;
}

/** Circle fit of the vertices projected along `a` (their projections on the fit's scratch: no arrays per call). */
export function cylinderAround(patch: Patch, a: V3, scratch: FitScratch): CylinderFit | null {
  const [u, v] = perpBasis(a);
  scratch.reserveProjected(patch.count);
  const xs = scratch.projectedX, ys = scratch.projectedY;
  const p = patch.p;
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]!, y = p[i * 3 + 1]!, z = p[i * 3 + 2]!;
    xs[i] = x * u[0] + y * u[1] + z * u[2];
    ys[i] = x * v[0] + y * v[1] + z * v[2];
  }
  const c = circle2d(xs, ys, patch.count);
  if (!c) return null;
  return { q: add(scale(u, c.cx), scale(v, c.cy)), a, r: c.r };
}

/** Working arrays of tiltedAxis (no arrays per call). */
const tiltNormal = new Float64Array(36);
const tiltRight = new Float64Array(6);

/**
 * The axis tilt the points ask for: in the frame (u, v, a) of the estimated axis, the
 * circle centre is allowed to move linearly with the height h, (x − cx − h·tx)² +
 * (y − cy − h·ty)² = r², which is linear in (cx, cy, tx, ty, …) once expanded (the h²|t|²
 * term is second order in the tilt and left out: two rings of vertices cannot tell it
 * from h and 1). Vertex normals are often a few degrees off, while the vertices lie
 * on the surface: this one linear solve brings the axis to where Levenberg–Marquardt
 * needs an iteration or two instead of five. Null when the heights do not vary.
 */
export function tiltedAxis(patch: Patch, a: V3): V3 | null {
  const [u, v] = perpBasis(a);
  let hMean = 0;
  const p = patch.p;
  for (let i = 0; i < patch.count; i++) hMean += (p[i * 3]! * a[0] + p[i * 3 + 1]! * a[1] + p[i * 3 + 2]! * a[2]) / patch.count;
  let hSpread = 0;
  // Σ row·rowᵀ (upper triangle) and Σ row·w for row = (x, y, h·x, h·y, 1, h), w = −(x² + y²),
  // on scalars (the nested loops over small arrays were a tenth of as1's fitting)
  let m00 = 0, m01 = 0, m02 = 0, m03 = 0, m04 = 0, m05 = 0;
  let m11 = 0, m12 = 0, m13 = 0, m14 = 0, m15 = 0;
  let m22 = 0, m23 = 0, m24 = 0, m25 = 0;
  let m33 = 0, m34 = 0, m35 = 0;
  let m44 = 0, m45 = 0, m55 = 0;
  let b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0;
  for (let i = 0; i < patch.count; i++) {
    const px = p[i * 3]!, py = p[i * 3 + 1]!, pz = p[i * 3 + 2]!;
    const x = px * u[0] + py * u[1] + pz * u[2], y = px * v[0] + py * v[1] + pz * v[2], h = px * a[0] + py * a[1] + pz * a[2] - hMean;
    hSpread = Math.max(hSpread, Math.abs(h));
    const r2 = h * x, r3 = h * y;
    const w = -(x * x + y * y);
    b0 += x * w; b1 += y * w; b2 += r2 * w; b3 += r3 * w; b4 += 1 * w; b5 += h * w;
    m00 += x * x; m01 += x * y; m02 += x * r2; m03 += x * r3; m04 += x * 1; m05 += x * h;
    m11 += y * y; m12 += y * r2; m13 += y * r3; m14 += y * 1; m15 += y * h;
    m22 += r2 * r2; m23 += r2 * r3; m24 += r2 * 1; m25 += r2 * h;
    m33 += r3 * r3; m34 += r3 * 1; m35 += r3 * h;
    m44 += 1 * 1; m45 += 1 * h;
    m55 += h * h;
  }
  if (!(hSpread > 1e-9)) return null;
  const m = tiltNormal, b = tiltRight;
  m[0] = m00; m[1] = m01; m[2] = m02; m[3] = m03; m[4] = m04; m[5] = m05;
  m[7] = m11; m[8] = m12; m[9] = m13; m[10] = m14; m[11] = m15;
  m[14] = m22; m[15] = m23; m[16] = m24; m[17] = m25;
  m[21] = m33; m[22] = m34; m[23] = m35;
  m[28] = m44; m[29] = m45;
  m[35] = m55;
  // the lower triangle holds the same products summed in the same order
  for (let r = 1; r < 6; r++) for (let c = 0; c < r; c++) m[r * 6 + c] = m[c * 6 + r]!;
  b[0] = b0; b[1] = b1; b[2] = b2; b[3] = b3; b[4] = b4; b[5] = b5;
  const s = solveSymmetric(m, b, 6, 1e-14);
  const tx = -s[2]! / 2, ty = -s[3]! / 2;
  if (!Number.isFinite(tx) || !Number.isFinite(ty)) return null;
  return unit(add(a, add(scale(u, tx), scale(v, ty))));
}

/** Largest |distance − r| of the vertices to a cylinder (local units). */
function maxCylinderResidual(patch: Patch, f: CylinderFit): number {
  // cylinderResiduals inlined, without its output array
  const { p } = patch;
  const [qx, qy, qz] = f.q;
  const [ax, ay, az] = f.a;
  let worst = 0;
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]! - qx, y = p[i * 3 + 1]! - qy, z = p[i * 3 + 2]! - qz;
    const h = x * ax + y * ay + z * az;
    worst = Math.max(worst, Math.abs(hyp3(x - h * ax, y - h * ay, z - h * az) - f.r));
  }
  return worst;
}

/**
 * Closed-form start: axis from the normals, circle fit across it, then, unless refine
 * would keep that start as it is, the tilt the points ask for (kept only when it brings
 * the vertices closer).
 */
export function cylinderStart(patch: Patch, a: V3, ctx: FitContext): CylinderFit | null {
  const init = cylinderAround(patch, a, ctx.scratch);
  if (!init) return null;
  patch.memo.cylinderStart = null;
  const initResidual = maxCylinderResidual(patch, init);
  if (!(initResidual <= KEEP_INITIAL_FRACTION * ctx.tol)) {
    const tilted = tiltedAxis(patch, a);
    const better = tilted && cylinderAround(patch, tilted, ctx.scratch);
    const betterResidual = better ? maxCylinderResidual(patch, better) : NaN;
    if (better && betterResidual < initResidual) return measured(patch, better, betterResidual);
  }
  return measured(patch, init, initResidual);
}

function measured(patch: Patch, fit: CylinderFit, residual: number): CylinderFit {
  if (Number.isFinite(residual)) patch.memo.cylinderStart = { fit, residual };
  return fit;
}

export function fitCylinder(patch: Patch, ctx: FitContext): CylinderFit | null {
  if (patch.count < 4) return null; // fitSurface has already tried givenNormalsRuleOutCylinder
  const { eigen, used } = normalScatter(patch);
  if (used < 3) return null;
  const a = unit(eigenVector(eigen, 0, 3) as V3);
  if (!a) return null;
  const init = cylinderStart(patch, a, ctx);
  if (!init) return null;
  const fit = refineCylinder(patch, init, ctx);
  if (!fit || !isFiniteV(fit.q) || !isFiniteV(fit.a) || !(fit.r > 0) || fit.r > MAX_LOCAL_RADIUS) return null;
  return fit;
}

// Primitives are class instances, not objects of closures: closures made per patch lose
// their optimised code at every full GC and start cold again.
class CylinderPrimitive implements LocalPrimitive {
  /** @param measuredOn the points cylinderStart measured `f` on (NaN residual: none). */
  constructor(readonly f: CylinderFit, private readonly measuredOn: Float64Array | null = null, private readonly measuredResidual = NaN) {}
  distance(x: number, y: number, z: number): number {
    const { q, a, r } = this.f;
    x -= q[0]; y -= q[1]; z -= q[2];
    const h = x * a[0] + y * a[1] + z * a[2];
    return Math.abs(hyp3(x - h * a[0], y - h * a[1], z - h * a[2]) - r);
  }
  maxDistance(p: Float64Array, count: number): number {
    // a start kept as it is was measured on these very vertices by cylinderStart
    if (p === this.measuredOn) return this.measuredResidual;
    return cylinderMaxDistance(this.f, p, count);
  }
  minNormalCos(p: Float64Array, n: Float64Array, count: number): number {
    return cylinderMinNormalCos(this.f, p, n, count);
  }
  normal(x: number, y: number, z: number, out: Float64Array): boolean {
    const { q, a, r } = this.f;
    x -= q[0]; y -= q[1]; z -= q[2];
    const h = x * a[0] + y * a[1] + z * a[2];
    const rx = x - h * a[0], ry = y - h * a[1], rz = z - h * a[2];
    const l = hyp3(rx, ry, rz);
    if (!(l > 1e-12 * r)) return false;
    out[0] = rx / l; out[1] = ry / l; out[2] = rz / l;
    return true;
  }
}

/** Kept alive: its map must outlive full GCs, or code that checks it deoptimises each pass. */
export const KEEP_CYLINDER_SHAPE = new CylinderPrimitive({ q: [0, 0, 0], a: [0, 0, 1], r: 1 });

export function cylinderPrimitive(f: CylinderFit, patch?: Patch): LocalPrimitive {
  const residual = patch === undefined ? undefined : measuredResidualOf(patch, f);
  return residual === undefined ? new CylinderPrimitive(f) : new CylinderPrimitive(f, patch!.p, residual);
}

export function cylinderKind(f: CylinderFit, patch: Patch, residual: number): CylinderKind {
  const a = canonicalAxis(f.a);
  // point = projection of the patch centroid on the axis (local), then to model units
  const c = triangleSums(patch).centroid;
  const qc = add(f.q, scale(a, dot(sub(c, f.q), a)));
  const s = patch.scale, o = patch.origin;
  return {
    type: 'cylinder',
    point: [o[0] + s * qc[0], o[1] + s * qc[1], o[2] + s * qc[2]],
    axis: a,
    radius: s * f.r,
    residual: s * residual,
  };
}

function cylinderMaxDistance(f: CylinderFit, p: Float64Array, count: number): number {
  const [qx, qy, qz] = f.q;
  const [ax, ay, az] = f.a;
  let worst = 0;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]! - qx, y = p[i * 3 + 1]! - qy, z = p[i * 3 + 2]! - qz;
    const h = x * ax + y * ay + z * az;
    const e = Math.abs(hyp3(x - h * ax, y - h * ay, z - h * az) - f.r);
    if (!(e <= worst)) worst = Number.isFinite(e) ? Math.max(worst, e) : Infinity;
  }
  return worst;
}

function cylinderMinNormalCos(f: CylinderFit, p: Float64Array, n: Float64Array, count: number): number {
  const [qx, qy, qz] = f.q;
  const [ax, ay, az] = f.a;
  let worst = 1;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]! - qx, y = p[i * 3 + 1]! - qy, z = p[i * 3 + 2]! - qz;
    const h = x * ax + y * ay + z * az;
    const rx = x - h * ax, ry = y - h * ay, rz = z - h * az;
    const l = hyp3(rx, ry, rz);
    if (!(l > 1e-12 * f.r)) continue;
    const c = Math.abs(n[i * 3]! * (rx / l) + n[i * 3 + 1]! * (ry / l) + n[i * 3 + 2]! * (rz / l));
    if (c < worst) worst = c;
  }
  return worst;
}
