/**
 * Cheap centres and axes for surface shells (surfaceShell.ts): an algebraic sphere and a
 * normal-scatter cylinder axis with an algebraic circle. Their quality only decides how
 * thin a shell is, never whether it is right (the shell is measured on the triangles).
 */
import { symmetricEigen3 } from '../math/symmetricEigen.js';
import { circle2d } from './fit/cylinder.js';
import { solveSymmetric } from './fit/linalg.js';
import { perpBasis, type V3 } from './fit/vec.js';
import type { Surface } from './types.js';

/** A centre (sphere) or a point and unit axis (cylinder), in the part's frame. */
export type ShellFrame = { type: 'sphere'; center: V3 } | { type: 'cylinder'; point: V3; axis: V3 };

/** The surface's box centre: fits are solved relative to it, for conditioning. */
function boxCentre(surface: Surface): V3 {
  const b = surface.bounds;
  return [(b[0]! + b[3]!) / 2, (b[1]! + b[4]!) / 2, (b[2]! + b[5]!) / 2];
}

/** Kåsa sphere through the surface's vertices: minimise Σ (|p|² + D·p + G)². */
export function algebraicSphere(surface: Surface): ShellFrame | null {
  const { positions, indices } = surface.part;
  const o = boxCentre(surface);
  // The normal equations of rows (x, y, z, 1) against −|p|², summed in locals: each sum takes
  // the same products in the same order as a row-by-row outer product would, so the same bits.
  let xx = 0, xy = 0, xz = 0, x1 = 0, yy = 0, yz = 0, y1 = 0, zz = 0, z1 = 0, n = 0;
  let xw = 0, yw = 0, zw = 0, w1 = 0;
  const end = 3 * (surface.firstTriangle + surface.triangleCount);
  for (let i = 3 * surface.firstTriangle; i < end; i++) {
    const v = 3 * indices[i]!;
    const x = positions[v]! - o[0], y = positions[v + 1]! - o[1], z = positions[v + 2]! - o[2];
    const w = -(x * x + y * y + z * z);
    xw += x * w; yw += y * w; zw += z * w; w1 += w;
    xx += x * x; xy += x * y; xz += x * z; x1 += x;
    yy += y * y; yz += y * z; y1 += y;
    zz += z * z; z1 += z;
    n += 1;
  }
  const a = Float64Array.of(xx, xy, xz, x1, xy, yy, yz, y1, xz, yz, zz, z1, x1, y1, z1, n);
  const rhs = Float64Array.of(xw, yw, zw, w1);
  const s = solveSymmetric(a, rhs, 4, 1e-14);
  const center: V3 = [o[0] - s[0]! / 2, o[1] - s[1]! / 2, o[2] - s[2]! / 2];
  return center.every(Number.isFinite) ? { type: 'sphere', center } : null;
}

/**
 * Cylinder: the axis is the direction most orthogonal to the facet normals (smallest
 * eigenvector of Σ n nᵀ over face normals), the point an algebraic circle of the vertices
 * projected along it.
 */
export function normalScatterCylinder(surface: Surface): ShellFrame | null {
  const { positions, indices } = surface.part;
  const first = surface.firstTriangle, count = surface.triangleCount;
  const m = new Float64Array(9);
  normalScatter(positions, indices, first, count, m);
  m[3] = m[1]!; m[6] = m[2]!; m[7] = m[5]!;
  const { vectors } = symmetricEigen3(m);
  const axis: V3 = [vectors[6]!, vectors[7]!, vectors[8]!]; // smallest eigenvalue: last row
  const [u, w] = perpBasis(axis);
  const o = boxCentre(surface);
  const n = 3 * count;
  const xs = new Float64Array(n), ys = new Float64Array(n);
  projectAcross(positions, indices, 3 * first, n, o, u, w, xs, ys);
  const c = circle2d(xs, ys);
  if (!c) return null;
  const point: V3 = [o[0] + c.cx * u[0] + c.cy * w[0], o[1] + c.cx * u[1] + c.cy * w[1], o[2] + c.cx * u[2] + c.cy * w[2]];
  return point.every(Number.isFinite) && axis.every(Number.isFinite) ? { type: 'cylinder', point, axis } : null;
}

/**
 * Σ n nᵀ over the unit facet normals of triangles first … first + count − 1, upper triangle
 * into m (0 1 2, 4 5, 8). Its own function, like projectAcross: the hot loops are compiled
 * alone in a cold process, not with all of normalScatterCylinder.
 */
function normalScatter(positions: Float64Array, indices: Uint32Array, first: number, count: number, m: Float64Array): void {
  for (let t = first; t < first + count; t++) {
    const i = 3 * indices[3 * t]!, j = 3 * indices[3 * t + 1]!, k = 3 * indices[3 * t + 2]!;
    const ux = positions[j]! - positions[i]!, uy = positions[j + 1]! - positions[i + 1]!, uz = positions[j + 2]! - positions[i + 2]!;
    const vx = positions[k]! - positions[i]!, vy = positions[k + 1]! - positions[i + 1]!, vz = positions[k + 2]! - positions[i + 2]!;
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const l = Math.hypot(nx, ny, nz);
    if (!(l > 0)) continue;
    nx /= l; ny /= l; nz /= l;
    m[0] += nx * nx; m[1] += nx * ny; m[2] += nx * nz; m[4] += ny * ny; m[5] += ny * nz; m[8] += nz * nz;
  }
}

/** Coordinates along u and w of the vertices at indices[from … from + n − 1], relative to o, into xs and ys. */
function projectAcross(positions: Float64Array, indices: Uint32Array, from: number, n: number, o: V3, u: V3, w: V3, xs: Float64Array, ys: Float64Array): void {
  for (let q = 0; q < n; q++) {
    const v = 3 * indices[from + q]!;
    const x = positions[v]! - o[0], y = positions[v + 1]! - o[1], z = positions[v + 2]! - o[2];
    xs[q] = x * u[0] + y * u[1] + z * u[2];
    ys[q] = x * w[0] + y * w[1] + z * w[2];
  }
}
