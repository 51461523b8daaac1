/** Tiny 3-vector helpers for the fits (plain tuples; fits are not hot loops). */
import type { Vec3 } from '../../math/vec3.js';

/** The fitter's short name for Vec3 (local, dimensionless coordinates). */
export type V3 = Vec3;

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;

export const cross = (a: ArrayLike<number>, b: ArrayLike<number>): V3 => [
  a[1]! * b[2]! - a[2]! * b[1]!,
  a[2]! * b[0]! - a[0]! * b[2]!,
  a[0]! * b[1]! - a[1]! * b[0]!,
];

export const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: V3, s: number): V3 => [a[0] * s, a[1] * s, a[2] * s];
export const len = (a: V3): number => Math.hypot(a[0], a[1], a[2]);

/** Unit vector, or null for a zero / non-finite vector. */
export function unit(a: V3): V3 | null {
  const l = Math.hypot(a[0], a[1], a[2]);
  if (!(l > 1e-300) || !Number.isFinite(l)) return null;
  return [a[0] / l, a[1] / l, a[2] / l];
}

/** Two unit vectors u, v with (u, v, a) a right-handed orthonormal frame; `a` must be unit. */
export function perpBasis(a: V3): [V3, V3] {
  const helper: V3 = Math.abs(a[0]) < 0.6 ? [1, 0, 0] : Math.abs(a[1]) < 0.6 ? [0, 1, 0] : [0, 0, 1];
  const u = unit(cross(helper, a)) ?? [1, 0, 0];
  const v = cross(a, u);
  return [u, v];
}

export const isFiniteV = (a: V3): boolean => Number.isFinite(a[0]) && Number.isFinite(a[1]) && Number.isFinite(a[2]);

/** Vertex i of a flat xyz array as a tuple. */
export const at = (arr: ArrayLike<number>, i: number): V3 => [arr[i * 3]!, arr[i * 3 + 1]!, arr[i * 3 + 2]!];

/** √(x²+y²+z²) without Math.hypot's overflow care (slow in V8); fits work on O(1) numbers. */
export const hyp3 = (x: number, y: number, z: number): number => Math.sqrt(x * x + y * y + z * z);
export const hyp2 = (x: number, y: number): number => Math.sqrt(x * x + y * y);
