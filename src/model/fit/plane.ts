/**
 * Plane: the total-least-squares plane of the vertices (smallest-eigenvalue eigenvector
 * of their covariance), oriented outward by the vertex normals (or by the winding when
 * no normals were given). When the vertices are collinear the mean normal is used.
 */
import type { PlaneKind } from '../surfaceKind.js';
import type { LocalPrimitive } from './evaluate.js';
import { eigenVector, symmetricEigen } from './linalg.js';
import type { Patch } from './patch.js';
import { dot, unit, type V3 } from './vec.js';

/** Local plane n·p = d. */
export interface PlaneFit {
  n: V3;
  d: number;
}

/** Orientation reference: sum of given normals, else the winding normal. */
export function outwardReference(patch: Patch): V3 {
  const s: V3 = [0, 0, 0];
  let any = false;
  for (let i = 0; i < patch.count; i++) {
    if (!patch.given[i]) continue;
    any = true;
    for (let k = 0; k < 3; k++) s[k] = s[k]! + patch.n[i * 3 + k]!;
  }
  if (any && Math.hypot(s[0], s[1], s[2]) > 1e-9 * patch.count) return s;
  return [patch.winding[0], patch.winding[1], patch.winding[2]];
}

export function fitPlane(patch: Patch): PlaneFit | null {
  const { count, p } = patch;
  if (count < 3) return null;
  const mean: V3 = [0, 0, 0];
  for (let i = 0; i < count; i++) for (let k = 0; k < 3; k++) mean[k] = mean[k]! + p[i * 3 + k]! / count;
  const cov = new Float64Array(9);
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]! - mean[0], y = p[i * 3 + 1]! - mean[1], z = p[i * 3 + 2]! - mean[2];
    cov[0] += x * x; cov[1] += x * y; cov[2] += x * z;
    cov[4] += y * y; cov[5] += y * z; cov[8] += z * z;
  }
  cov[3] = cov[1]!; cov[6] = cov[2]!; cov[7] = cov[5]!;
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

export function planePrimitive(f: PlaneFit): LocalPrimitive {
  const [a, b, c] = f.n;
  return {
    distance: (x, y, z) => Math.abs(a * x + b * y + c * z - f.d),
    normal: (_x, _y, _z, out) => {
      out[0] = a; out[1] = b; out[2] = c;
      return true;
    },
  };
}

export function planeKind(f: PlaneFit, patch: Patch, residual: number): PlaneKind {
  // n·(x − o)/s = d  ⇔  n·x = s·d + n·o
  return { type: 'plane', normal: [f.n[0], f.n[1], f.n[2]], offset: patch.scale * f.d + dot(f.n, patch.origin), residual: residual * patch.scale };
}
