/**
 * Plane: the total-least-squares plane of the vertices (smallest-eigenvalue eigenvector
 * of their covariance), oriented outward by the vertex normals (or by the winding when
 * no normals were given). When the vertices are collinear the mean normal is used.
 */
import type { PlaneKind } from '../surfaceKind.js';
import type { LocalPrimitive } from './evaluate.js';
import { eigenVector, symmetricEigen } from './linalg.js';
import { normalScatter } from './normalScatter.js';
import { triangleSums, type Patch } from './patch.js';
import { dot, unit, type V3 } from './vec.js';

/** Local plane n·p = d. */
export interface PlaneFit {
  n: V3;
  d: number;
}

/** Orientation reference: sum of given normals, else the winding normal. */
export function outwardReference(patch: Patch): V3 {
  // the given normals' sum, in vertex order, is the scatter's (memoised: the plane rule-out
  // has usually built it; given normals are never zero, so none is skipped there)
  const scatter = normalScatter(patch, true);
  const s: V3 = [scatter.sum[0]!, scatter.sum[1]!, scatter.sum[2]!];
  if (scatter.used > 0 && Math.hypot(s[0], s[1], s[2]) > 1e-9 * patch.count) return s;
  const w = triangleSums(patch).winding;
  return [w[0], w[1], w[2]];
}

export function fitPlane(patch: Patch): PlaneFit | null {
  const { count, p } = patch;
  if (count < 3) return null;
  let sx = 0, sy = 0, sz = 0;
  for (let i = 0; i < count; i++) {
    sx += p[i * 3]!; sy += p[i * 3 + 1]!; sz += p[i * 3 + 2]!;
  }
  const mean: V3 = [sx / count, sy / count, sz / count];
  let xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0;
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]! - mean[0], y = p[i * 3 + 1]! - mean[1], z = p[i * 3 + 2]! - mean[2];
    xx += x * x; xy += x * y; xz += x * z;
    yy += y * y; yz += y * z; zz += z * z;
  }
  const cov = [xx, xy, xz, xy, yy, yz, xz, yz, zz];
  const e = symmetricEigen(cov, 3);
  const ref = outwardReference(patch);
  let n: V3 | null;
  if (e.values[1]! > 1e-12 * e.values[2]!) {
    n = unit(eigenVector(e, 0, 3) as V3);
  } else {
    n = unit(ref); // collinear vertices: the normals are all we have
  }
  if (!n) return null;
  if (dot(n, ref) < 0) n = [-n[0], -n[1], -n[2]];
  return { n, d: dot(n, mean) };
}

// Primitives are class instances, not objects of closures: closures made per patch lose
// their optimised code at every full GC and start cold again.
class PlanePrimitive implements LocalPrimitive {
  constructor(readonly a: number, readonly b: number, readonly c: number, readonly d: number) {}
  distance(x: number, y: number, z: number): number {
    return Math.abs(this.a * x + this.b * y + this.c * z - this.d);
  }
  maxDistance(p: Float64Array, count: number): number {
    return planeMaxDistance(this.a, this.b, this.c, this.d, p, count);
  }
  minNormalCos(_p: Float64Array, n: Float64Array, count: number): number {
    return planeMinNormalCos(this.a, this.b, this.c, n, count);
  }
  normal(_x: number, _y: number, _z: number, out: Float64Array): boolean {
    out[0] = this.a; out[1] = this.b; out[2] = this.c;
    return true;
  }
}

/** Kept alive: its map must outlive full GCs, or code that checks it deoptimises each pass. */
export const KEEP_PLANE_SHAPE = new PlanePrimitive(0, 0, 1, 0);

export function planePrimitive(f: PlaneFit): LocalPrimitive {
  return new PlanePrimitive(f.n[0], f.n[1], f.n[2], f.d);
}

export function planeKind(f: PlaneFit, patch: Patch, residual: number): PlaneKind {
  // n·(x − o)/s = d  ⇔  n·x = s·d + n·o
  return { type: 'plane', normal: [f.n[0], f.n[1], f.n[2]], offset: patch.scale * f.d + dot(f.n, patch.origin), residual: residual * patch.scale };
}

function planeMaxDistance(a: number, b: number, c: number, d: number, p: Float64Array, count: number): number {
  let worst = 0;
  for (let i = 0; i < count; i++) {
    const e = Math.abs(a * p[i * 3]! + b * p[i * 3 + 1]! + c * p[i * 3 + 2]! - d);
    if (!(e <= worst)) worst = Number.isFinite(e) ? Math.max(worst, e) : Infinity;
  }
  return worst;
}

function planeMinNormalCos(a: number, b: number, c: number, n: Float64Array, count: number): number {
  let worst = 1;
  for (let i = 0; i < count; i++) {
    const k = Math.abs(n[i * 3]! * a + n[i * 3 + 1]! * b + n[i * 3 + 2]! * c);
    if (k < worst) worst = k;
  }
  return worst;
}
