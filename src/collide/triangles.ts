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
