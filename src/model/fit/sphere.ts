/**
 * Sphere: two starts — the point nearest to all normal lines (least squares; the normal
 * lines of a sphere meet in its centre) and the algebraic sphere through the vertices —
 * the better one is refined (centre 3, radius 1) on the vertex distances.
 */
import type { SphereKind } from '../surfaceKind.js';
import { MAX_LOCAL_RADIUS } from './cylinder.js';
import type { FitContext, LocalPrimitive } from './evaluate.js';
import { solveSymmetric } from './linalg.js';
import { refine, type PointSet } from './refine.js';
import type { Patch } from './patch.js';
import { isFiniteV, type V3, hyp3 } from './vec.js';

export interface SphereFit {
  c: V3;
  r: number;
}

export function sphereResiduals(patch: PointSet, s: SphereFit, out: Float64Array): void {
  const { p } = patch;
  for (let i = 0; i < patch.count; i++) {
    out[i] = hyp3(p[i * 3]! - s.c[0], p[i * 3 + 1]! - s.c[1], p[i * 3 + 2]! - s.c[2]) - s.r;
  }
}

export const applySphere = (s: SphereFit, d: Float64Array): SphereFit => ({
  c: [s.c[0] + d[0]!, s.c[1] + d[1]!, s.c[2] + d[2]!],
  r: s.r + d[3]!,
});

/** ∂residual/∂(centre x, y, z, r): minus the unit direction from the centre, and −1. */
export function sphereJacobian(patch: PointSet, s: SphereFit, cols: Float64Array[]): void {
  const { p } = patch;
  const c0 = cols[0]!, c1 = cols[1]!, c2 = cols[2]!, c3 = cols[3]!;
  for (let i = 0; i < patch.count; i++) {
    const x = p[i * 3]! - s.c[0], y = p[i * 3 + 1]! - s.c[1], z = p[i * 3 + 2]! - s.c[2];
    const l = hyp3(x, y, z);
    c0[i] = l > 0 ? -x / l : 0;
    c1[i] = l > 0 ? -y / l : 0;
    c2[i] = l > 0 ? -z / l : 0;
    c3[i] = -1;
  }
}

const SPHERE_PROBLEM = { nParams: 4, apply: applySphere, residuals: sphereResiduals, jacobian: sphereJacobian, quadric: true };

function meanRadius(patch: Patch, c: V3): number {
  let r = 0;
  for (let i = 0; i < patch.count; i++) r += hyp3(patch.p[i * 3]! - c[0], patch.p[i * 3 + 1]! - c[1], patch.p[i * 3 + 2]! - c[2]);
  return r / patch.count;
}

/** The point nearest (least squares) to all normal lines. */
function normalLinesCentre(patch: Patch): V3 | null {
  // Σ (I − n nᵀ) and Σ (I − n nᵀ) p on scalars (no tuples per vertex: cold code)
  let a00 = 0, a01 = 0, a02 = 0, a10 = 0, a11 = 0, a12 = 0, a20 = 0, a21 = 0, a22 = 0;
  let b0 = 0, b1 = 0, b2 = 0;
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    const n0 = patch.n[i * 3]!, n1 = patch.n[i * 3 + 1]!, n2 = patch.n[i * 3 + 2]!;
    if (n0 === 0 && n1 === 0 && n2 === 0) continue;
    used++;
    const p0 = patch.p[i * 3]!, p1 = patch.p[i * 3 + 1]!, p2 = patch.p[i * 3 + 2]!;
    const m00 = 1 - n0 * n0, m01 = 0 - n0 * n1, m02 = 0 - n0 * n2;
    const m10 = 0 - n1 * n0, m11 = 1 - n1 * n1, m12 = 0 - n1 * n2;
    const m20 = 0 - n2 * n0, m21 = 0 - n2 * n1, m22 = 1 - n2 * n2;
    a00 += m00; a01 += m01; a02 += m02;
    a10 += m10; a11 += m11; a12 += m12;
    a20 += m20; a21 += m21; a22 += m22;
    b0 += m00 * p0; b0 += m01 * p1; b0 += m02 * p2;
    b1 += m10 * p0; b1 += m11 * p1; b1 += m12 * p2;
    b2 += m20 * p0; b2 += m21 * p1; b2 += m22 * p2;
  }
  const a = [a00, a01, a02, a10, a11, a12, a20, a21, a22];
  const b = [b0, b1, b2];
  if (used < 3) return null;
  const c = solveSymmetric(a, b, 3, 1e-12);
  const v: V3 = [c[0]!, c[1]!, c[2]!];
  return isFiniteV(v) ? v : null;
}

/** Algebraic sphere x² + y² + z² + D x + E y + F z + G = 0 through the vertices. */
function algebraicCentre(patch: Patch): V3 | null {
  // the normal equations on scalars, each sum in vertex order as the loop over a 4×4 typed
  // array gave them (bit for bit; that loop was a tenth of a sphere patch's fit)
  let a00 = 0, a01 = 0, a02 = 0, a03 = 0, a11 = 0, a12 = 0, a13 = 0, a22 = 0, a23 = 0, a33 = 0;
  let b0 = 0, b1 = 0, b2 = 0, b3 = 0;
  const { p, count } = patch;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]!, y = p[i * 3 + 1]!, z = p[i * 3 + 2]!;
    const w = -(x * x + y * y + z * z);
    b0 += x * w; b1 += y * w; b2 += z * w; b3 += w;
    a00 += x * x; a01 += x * y; a02 += x * z; a03 += x;
    a11 += y * y; a12 += y * z; a13 += y;
    a22 += z * z; a23 += z;
    a33 += 1;
  }
  const a = [a00, a01, a02, a03, a01, a11, a12, a13, a02, a12, a22, a23, a03, a13, a23, a33];
  const s = solveSymmetric(a, [b0, b1, b2, b3], 4, 1e-14);
  const v: V3 = [-s[0]! / 2, -s[1]! / 2, -s[2]! / 2];
  return isFiniteV(v) ? v : null;
}

export function fitSphere(patch: Patch, ctx: FitContext): SphereFit | null {
  if (patch.count < 4) return null;
  const starts: SphereFit[] = [];
  for (const c of [normalLinesCentre(patch), algebraicCentre(patch)]) {
    if (c && Math.hypot(...c) < MAX_LOCAL_RADIUS) starts.push({ c, r: meanRadius(patch, c) });
  }
  let best: SphereFit | null = null;
  let bestF = Infinity;
  const r = new Float64Array(patch.count);
  for (const start of starts) {
    sphereResiduals(patch, start, r);
    let f = 0;
    for (let i = 0; i < r.length; i++) f += r[i]! * r[i]!;
    if (f < bestF) {
      bestF = f;
      best = start;
    }
  }
  if (!best) return null;
  const fit = refine(patch, SPHERE_PROBLEM, best, ctx);
  if (!fit || !isFiniteV(fit.c) || !(fit.r > 0) || fit.r > MAX_LOCAL_RADIUS) return null;
  return fit;
}

// Primitives are class instances, not objects of closures: closures made per patch lose
// their optimised code at every full GC and start cold again.
class SpherePrimitive implements LocalPrimitive {
  constructor(readonly f: SphereFit) {}
  distance(x: number, y: number, z: number): number {
    const c = this.f.c;
    return Math.abs(hyp3(x - c[0], y - c[1], z - c[2]) - this.f.r);
  }
  maxDistance(p: Float64Array, count: number): number {
    return sphereMaxDistance(this.f, p, count);
  }
  minNormalCos(p: Float64Array, n: Float64Array, count: number): number {
    return sphereMinNormalCos(this.f, p, n, count);
  }
  normal(x: number, y: number, z: number, out: Float64Array): boolean {
    const c = this.f.c;
    const dx = x - c[0], dy = y - c[1], dz = z - c[2];
    const l = hyp3(dx, dy, dz);
    if (!(l > 1e-12 * this.f.r)) return false;
    out[0] = dx / l; out[1] = dy / l; out[2] = dz / l;
    return true;
  }
}

/** Kept alive: its map must outlive full GCs, or code that checks it deoptimises each pass. */
export const KEEP_SPHERE_SHAPE = new SpherePrimitive({ c: [0, 0, 0], r: 1 });

export function spherePrimitive(f: SphereFit): LocalPrimitive {
  return new SpherePrimitive(f);
}

export function sphereKind(f: SphereFit, patch: Patch, residual: number): SphereKind {
  const s = patch.scale, o = patch.origin;
  return {
    type: 'sphere',
    center: [o[0] + s * f.c[0], o[1] + s * f.c[1], o[2] + s * f.c[2]],
    radius: s * f.r,
    residual: s * residual,
  };
}

// The acceptance test's loops over `distance` and `normal` as one monomorphic loop each, the
// same expressions (a call per vertex on the samples' ~1,300-vertex sphere patches).
function sphereMaxDistance(f: SphereFit, p: Float64Array, count: number): number {
  const [cx, cy, cz] = f.c;
  let worst = 0;
  for (let i = 0; i < count; i++) {
    const e = Math.abs(hyp3(p[i * 3]! - cx, p[i * 3 + 1]! - cy, p[i * 3 + 2]! - cz) - f.r);
    if (!(e <= worst)) worst = Number.isFinite(e) ? Math.max(worst, e) : Infinity;
  }
  return worst;
}

function sphereMinNormalCos(f: SphereFit, p: Float64Array, n: Float64Array, count: number): number {
  const [cx, cy, cz] = f.c;
  let worst = 1;
  for (let i = 0; i < count; i++) {
    const dx = p[i * 3]! - cx, dy = p[i * 3 + 1]! - cy, dz = p[i * 3 + 2]! - cz;
    const l = hyp3(dx, dy, dz);
    if (!(l > 1e-12 * f.r)) continue;
    const c = Math.abs(n[i * 3]! * (dx / l) + n[i * 3 + 1]! * (dy / l) + n[i * 3 + 2]! * (dz / l));
    if (c < worst) worst = c;
  }
  return worst;
}
