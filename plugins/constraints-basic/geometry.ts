/** Vector helpers and text formatting for the basic rules (plain tuples). */
import type { Vec3 } from '../../src/constraints/types.js';

export type { Vec3 };

export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const neg = (a: Vec3): Vec3 => [-a[0], -a[1], -a[2]];

export function unit(a: Vec3): Vec3 {
  const l = norm(a);
  return l > 0 ? [a[0] / l, a[1] / l, a[2] / l] : [0, 0, 0];
}

/** Sign made canonical: the first component with |c| > 1e-4 is positive (fitted axes carry ~1e-7 of noise). */
export function canonical(a: Vec3): Vec3 {
  for (let i = 0; i < 3; i++) {
    const c = a[i]!;
    if (Math.abs(c) > 1e-4) return c > 0 ? [a[0], a[1], a[2]] : neg(a);
  }
  return [a[0], a[1], a[2]];
}

/** Two unit vectors perpendicular to unit `a` and to each other. */
export function perpendiculars(a: Vec3): [Vec3, Vec3] {
  const helper: Vec3 = Math.abs(a[0]) < 0.6 ? [1, 0, 0] : Math.abs(a[1]) < 0.6 ? [0, 1, 0] : [0, 0, 1];
  const u = unit(cross(helper, a));
  return [u, cross(a, u)];
}

export const projectOnLine = (q: Vec3, p: Vec3, d: Vec3): Vec3 => add(p, scale(d, dot(sub(q, p), d)));
export const distanceToLine = (q: Vec3, p: Vec3, d: Vec3): number => norm(sub(q, projectOnLine(q, p, d)));

/** Two lines (p, unit d) are the same line within `tol` mm and `angle` radians. */
export function sameLine(p1: Vec3, d1: Vec3, p2: Vec3, d2: Vec3, tol: number, angle: number): boolean {
  return Math.abs(dot(d1, d2)) >= Math.cos(angle) && distanceToLine(p2, p1, d1) <= tol && distanceToLine(p1, p2, d2) <= tol;
}

/** Overlap [lo, hi] of two intervals (hi < lo when they are disjoint). */
export const overlap = (x: [number, number], y: [number, number]): [number, number] => [Math.max(x[0], y[0]), Math.min(x[1], y[1])];

/** Rounds for the report: 1e-9 mm resolution, no -0. */
export const round = (x: number): number => {
  const r = Math.round(x * 1e9) / 1e9;
  return r === 0 ? 0 : r;
};
export const roundV = (v: Vec3): Vec3 => [round(v[0]), round(v[1]), round(v[2])];

/** A number for people: up to 3 decimals, trailing zeros dropped. */
export function num(x: number): string {
  const s = x.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}
export const vec = (v: Vec3): string => `(${v.map(num).join(', ')})`;
export const mm = (x: number): string => x.toFixed(2);

/** Reads a Vec3 param back (constraints carry plain JSON). */
export function v3(value: unknown): Vec3 {
  if (Array.isArray(value) && value.length === 3 && value.every((n) => typeof n === 'number')) return [value[0], value[1], value[2]];
  throw new Error(`expected a 3-vector, got ${JSON.stringify(value)}`);
}
export function n(value: unknown): number {
  if (typeof value === 'number') return value;
  throw new Error(`expected a number, got ${JSON.stringify(value)}`);
}
