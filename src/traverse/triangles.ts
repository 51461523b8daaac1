import type { Aabb } from '../math/aabb.js';
import { aabbMagnitude } from '../math/aabb.js';
import type { Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';

/** Copies triangle t of a part (its local frame) into out[0..8]. */
export function loadTriangle(part: Part, t: number, out: Float64Array): void {
  const { positions, indices } = part;
  for (let k = 0; k < 3; k++) {
    const v = 3 * indices[3 * t + k]!;
    out[3 * k] = positions[v]!;
    out[3 * k + 1] = positions[v + 1]!;
    out[3 * k + 2] = positions[v + 2]!;
  }
}

/**
 * Copies triangle t of a part moved by m into out[0..8]. The query and the brute-force
 * oracle both use this, so they test bit-identical triangles.
 */
export function loadTransformedTriangle(part: Part, t: number, m: Rigid, out: Float64Array): void {
  const { positions, indices } = part;
  for (let k = 0; k < 3; k++) {
    const v = 3 * indices[3 * t + k]!;
    const x = positions[v]!, y = positions[v + 1]!, z = positions[v + 2]!;
    out[3 * k] = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    out[3 * k + 1] = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
    out[3 * k + 2] = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
  }
}

/** out = tight box of the 9 coordinates in tri, grown by margin. */
export function triangleBox(tri: Float64Array, margin: number, out: Aabb): void {
  for (let k = 0; k < 3; k++) {
    const a = tri[k]!, b = tri[3 + k]!, c = tri[6 + k]!;
    out[k] = (a < b ? (a < c ? a : c) : b < c ? b : c) - margin;
    out[3 + k] = (a > b ? (a > c ? a : c) : b > c ? b : c) + margin;
  }
}

/**
 * Margin added to every box that went through a transform. Rounding in a rigid
 * transform is a few ulps of the largest coordinate involved; 1e-12 of the scene's
 * scale is far above that and far below any tessellation feature.
 */
export function transformMargin(a: Part, b: Part, rel: Rigid): number {
  const scale = Math.max(aabbMagnitude(a.bounds), aabbMagnitude(b.bounds), Math.abs(rel[3]!), Math.abs(rel[7]!), Math.abs(rel[11]!), 1e-300);
  return 1e-12 * scale;
}

/**
 * Cheap rejection before the exact triangle test: triangles farther apart than
 * `tolerance` across either one's plane cannot meet. `plane` holds the normal of the other
 * triangle (from `trianglePlane`), so it is computed once per triangle, not per pair. The
 * margin is about 10⁶ × the exact test's own zero band (1e-9 relative to the coordinates
 * and edge lengths), so a pair this rejects is one the exact test would reject too; pairs
 * closer than that (touching, coplanar, degenerate) always go to the exact test.
 */
export function trianglePlane(t: Float64Array, out: Float64Array): void {
  const ax = t[3]! - t[0]!, ay = t[4]! - t[1]!, az = t[5]! - t[2]!;
  const bx = t[6]! - t[0]!, by = t[7]! - t[1]!, bz = t[8]! - t[2]!;
  const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
  out[0] = nx;
  out[1] = ny;
  out[2] = nz;
  out[3] = Math.abs(nx) + Math.abs(ny) + Math.abs(nz);
  out[4] = Math.abs(ax) + Math.abs(ay) + Math.abs(az) + Math.abs(bx) + Math.abs(by) + Math.abs(bz);
  // |n|, rounded up (Math.hypot is slow and this runs per candidate pair); hypot where squares would under/overflow.
  const n2 = nx * nx + ny * ny + nz * nz;
  out[5] = n2 > 1e-290 && n2 < 1e290 ? Math.sqrt(n2) * (1 + 1e-15) : Math.hypot(nx, ny, nz);
  let m = 0;
  for (let i = 0; i < 9; i++) m = Math.max(m, Math.abs(t[i]!));
  out[6] = m;
}

const SEPARATION_MARGIN = 1e-9;

/** True when all of `t`'s vertices lie farther than `tolerance` on one side of `o`'s plane (see trianglePlane). */
export function separatedByPlane(o: Float64Array, plane: Float64Array, t: Float64Array, tolerance: number): boolean {
  const nx = plane[0]!, ny = plane[1]!, nz = plane[2]!;
  let m = plane[6]!;
  for (let i = 0; i < 9; i++) {
    const a = Math.abs(t[i]!);
    if (a > m) m = a;
  }
  const edges = plane[4]!;
  const base = SEPARATION_MARGIN * m * plane[3]! + tolerance * plane[5]!;
  const perW = SEPARATION_MARGIN * edges * (m + edges);
  let above = 0, below = 0;
  for (let k = 0; k < 9; k += 3) {
    const wx = t[k]! - o[0]!, wy = t[k + 1]! - o[1]!, wz = t[k + 2]! - o[2]!;
    const s = wx * nx + wy * ny + wz * nz;
    const margin = base + perW * (Math.abs(wx) + Math.abs(wy) + Math.abs(wz));
    if (s > margin) above++;
    else if (s < -margin) below++;
    else return false;
  }
  return above === 3 || below === 3;
}

/**
 * separatedByPlane for triangle t of `part`, read in place instead of copied first (most
 * candidate pairs end here). `magnitude` ≥ every |coordinate| of the part stands in for the
 * triangle's own largest coordinate: that only widens the margin, so it stays conservative.
 */
export function partTriangleSeparated(o: Float64Array, plane: Float64Array, part: Part, t: number, tolerance: number, magnitude: number): boolean {
  const { positions, indices } = part;
  const nx = plane[0]!, ny = plane[1]!, nz = plane[2]!;
  const m = plane[6]! > magnitude ? plane[6]! : magnitude;
  const edges = plane[4]!;
  const base = SEPARATION_MARGIN * m * plane[3]! + tolerance * plane[5]!;
  const perW = SEPARATION_MARGIN * edges * (m + edges);
  const ox = o[0]!, oy = o[1]!, oz = o[2]!;
  let above = 0, below = 0;
  for (let k = 0; k < 3; k++) {
    const v = 3 * indices[3 * t + k]!;
    const wx = positions[v]! - ox, wy = positions[v + 1]! - oy, wz = positions[v + 2]! - oz;
    const s = wx * nx + wy * ny + wz * nz;
    const margin = base + perW * (Math.abs(wx) + Math.abs(wy) + Math.abs(wz));
    if (s > margin) above++;
    else if (s < -margin) below++;
    else return false;
  }
  return above === 3 || below === 3;
}
