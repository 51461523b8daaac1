import type { Rigid } from './rigid.js';

/**
 * An axis-aligned box as a Float64Array(6): [minX, minY, minZ, maxX, maxY, maxZ].
 * An empty box has min > max. All overlap tests are inclusive: touching boxes overlap,
 * because touching surfaces are the normal case in assemblies.
 */
export type Aabb = Float64Array;

const EMPTY = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);

/** A fresh empty box (a native copy: building one from an array literal allocates ~10× more). */
export function emptyAabb(): Aabb {
  return EMPTY.slice();
}

export function isEmptyAabb(b: Aabb): boolean {
  return !(b[0]! <= b[3]! && b[1]! <= b[4]! && b[2]! <= b[5]!);
}

export function expandAabbByPoint(b: Aabb, x: number, y: number, z: number): void {
  if (x < b[0]!) b[0] = x;
  if (y < b[1]!) b[1] = y;
  if (z < b[2]!) b[2] = z;
  if (x > b[3]!) b[3] = x;
  if (y > b[4]!) b[4] = y;
  if (z > b[5]!) b[5] = z;
}

export function unionAabb(a: Aabb, b: Aabb, out: Aabb = emptyAabb()): Aabb {
  for (let i = 0; i < 3; i++) {
    out[i] = Math.min(a[i]!, b[i]!);
    out[i + 3] = Math.max(a[i + 3]!, b[i + 3]!);
  }
  return out;
}

/** Inclusive overlap: boxes sharing only a face, edge or corner overlap. */
export function aabbsOverlap(a: Aabb, b: Aabb): boolean {
  return (
    a[0]! <= b[3]! && b[0]! <= a[3]! &&
    a[1]! <= b[4]! && b[1]! <= a[4]! &&
    a[2]! <= b[5]! && b[2]! <= a[5]!
  );
}

/** out = a ∩ b; returns false (and leaves out unspecified) when they do not overlap. */
export function intersectAabbs(a: Aabb, b: Aabb, out: Aabb): boolean {
  for (let i = 0; i < 3; i++) {
    const lo = a[i]! > b[i]! ? a[i]! : b[i]!;
    const hi = a[i + 3]! < b[i + 3]! ? a[i + 3]! : b[i + 3]!;
    if (lo > hi) return false;
    out[i] = lo;
    out[i + 3] = hi;
  }
  return true;
}

export function growAabb(b: Aabb, margin: number, out: Aabb = b): Aabb {
  out[0] = b[0]! - margin; out[1] = b[1]! - margin; out[2] = b[2]! - margin;
  out[3] = b[3]! + margin; out[4] = b[4]! + margin; out[5] = b[5]! + margin;
  return out;
}

/**
 * The cover AABB of a box after a rigid transform (Arvo's method): the tightest
 * axis-aligned box containing the transformed box.
 */
export function transformAabb(b: Aabb, m: Rigid, out: Aabb = emptyAabb()): Aabb {
  if (isEmptyAabb(b)) {
    // ±Infinity bounds would turn into NaN (0·∞) or an all-space box; empty stays empty.
    out.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
    return out;
  }
  for (let r = 0; r < 3; r++) {
    let lo = m[r * 4 + 3]!;
    let hi = lo;
    for (let c = 0; c < 3; c++) {
      const k = m[r * 4 + c]!;
      const e = k * b[c]!;
      const f = k * b[c + 3]!;
      if (e < f) { lo += e; hi += f; } else { lo += f; hi += e; }
    }
    out[r] = lo;
    out[r + 3] = hi;
  }
  return out;
}

/** Largest absolute coordinate of the box: the scale that rounding errors are relative to. */
export function aabbMagnitude(b: Aabb): number {
  let m = 0;
  for (let i = 0; i < 6; i++) {
    const v = Math.abs(b[i]!);
    if (v > m && Number.isFinite(v)) m = v;
  }
  return m;
}

export function aabbToObject(b: Aabb): { min: [number, number, number]; max: [number, number, number] } {
  return { min: [b[0]!, b[1]!, b[2]!], max: [b[3]!, b[4]!, b[5]!] };
}
