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

const SPHERE_PROBLEM = { nParams: 4, apply: applySphere, residuals: sphereResiduals, jacobian: sphereJacobian };

function meanRadius(patch: Patch, c: V3): number {
  let r = 0;
  for (let i = 0; i < patch.count; i++) r += hyp3(patch.p[i * 3]! - c[0], patch.p[i * 3 + 1]! - c[1], patch.p[i * 3 + 2]! - c[2]);
  return r / patch.count;
}

/** The point nearest (least squares) to all normal lines. */
function normalLinesCentre(patch: Patch): V3 | null {
  const a = new Float64Array(9);
  const b = new Float64Array(3);
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    const n = [patch.n[i * 3]!, patch.n[i * 3 + 1]!, patch.n[i * 3 + 2]!];
    if (n[0] === 0 && n[1] === 0 && n[2] === 0) continue;
    used++;
    const p = [patch.p[i * 3]!, patch.p[i * 3 + 1]!, patch.p[i * 3 + 2]!];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        const m = (r === c ? 1 : 0) - n[r]! * n[c]!;
        a[r * 3 + c] += m;
        b[r] += m * p[c]!;
      }
    }
  }
  if (used < 3) return null;
  const c = solveSymmetric(a, b, 3, 1e-12);
  const v: V3 = [c[0]!, c[1]!, c[2]!];
  return isFiniteV(v) ? v : null;
}

/** Algebraic sphere x² + y² + z² + D x + E y + F z + G = 0 through the vertices. */
function algebraicCentre(patch: Patch): V3 | null {
  const a = new Float64Array(16);
  const b = new Float64Array(4);
  for (let i = 0; i < patch.count; i++) {
    const x = patch.p[i * 3]!, y = patch.p[i * 3 + 1]!, z = patch.p[i * 3 + 2]!;
    const row = [x, y, z, 1];
    const w = -(x * x + y * y + z * z);
    for (let r = 0; r < 4; r++) {
      b[r] += row[r]! * w;
      for (let c = 0; c < 4; c++) a[r * 4 + c] += row[r]! * row[c]!;
    }
  }
  const s = solveSymmetric(a, b, 4, 1e-14);
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
  if (!isFiniteV(fit.c) || !(fit.r > 0) || fit.r > MAX_LOCAL_RADIUS) return null;
  return fit;
}

// Primitives are class instances, not objects of closures: closures made per patch lose
// their optimised code at every full GC and start cold again (issue 14).
class SpherePrimitive implements LocalPrimitive {
  constructor(readonly f: SphereFit) {}
  distance(x: number, y: number, z: number): number {
    const c = this.f.c;
    return Math.abs(hyp3(x - c[0], y - c[1], z - c[2]) - this.f.r);
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
