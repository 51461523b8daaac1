/** Vector helpers and text formatting for the basic rules (plain tuples). */
import { distanceToLine, dot, type Vec3 } from '../../src/plugin.js';

export type { Vec3 };

// The vector basics are the core's (from surfcd/plugin); this file adds what only the rules need.
export { dot, cross, add, sub, scale, norm, unit, canonical, perpendiculars, projectOnLine, distanceToLine } from '../../src/plugin.js';
export const neg = (a: Vec3): Vec3 => [-a[0], -a[1], -a[2]];

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
