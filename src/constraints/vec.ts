/** Small 3-vector helpers on plain tuples (constraint code is not a hot loop). */
import type { Vec3 } from '../model/surfaceKind.js';

export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);

export function unit(a: Vec3): Vec3 {
  const l = norm(a);
  return l > 0 ? [a[0] / l, a[1] / l, a[2] / l] : [0, 0, 0];
}

/** Sign made canonical: the first component with |c| > 1e-4 is positive (fitted axes carry ~1e-7 of noise). */
export function canonical(a: Vec3): Vec3 {
  for (let i = 0; i < 3; i++) {
    const c = a[i]!;
    if (Math.abs(c) > 1e-4) return c > 0 ? [a[0], a[1], a[2]] : [-a[0], -a[1], -a[2]];
  }
  return [a[0], a[1], a[2]];
}

/** Two unit vectors perpendicular to unit `a` and to each other. */
export function perpendiculars(a: Vec3): [Vec3, Vec3] {
  const helper: Vec3 = Math.abs(a[0]) < 0.6 ? [1, 0, 0] : Math.abs(a[1]) < 0.6 ? [0, 1, 0] : [0, 0, 1];
  const u = unit(cross(helper, a));
  return [u, cross(a, u)];
}

/** The point of the line (p, unit d) closest to q. */
export const projectOnLine = (q: Vec3, p: Vec3, d: Vec3): Vec3 => add(p, scale(d, dot(sub(q, p), d)));

/** Distance of q from the line (p, unit d). */
export const distanceToLine = (q: Vec3, p: Vec3, d: Vec3): number => norm(sub(q, projectOnLine(q, p, d)));
