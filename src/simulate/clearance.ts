/**
 * When a box moving along a direction meets another box: the nearest-first order of the
 * removal sweeps (the `"clear"` distance itself is `clearDistance` in src/motion).
 */
import type { Aabb } from '../math/aabb.js';
import type { Vec3 } from '../constraints/types.js';

/**
 * The interval of t ≥ 0 over which box `a` moved by t·d overlaps box `b` (inclusive), or
 * null when it never does.
 */
export function boxOverlapInterval(a: Aabb, b: Aabb, d: Vec3): [number, number] | null {
  let enter = 0, exit = Infinity;
  for (let k = 0; k < 3; k++) {
    const lo = b[k]! - a[k + 3]!, hi = b[k + 3]! - a[k]!; // a_k + t·d_k must meet [lo, hi] shifted
    const v = d[k]!;
    if (v === 0) {
      if (lo > 0 || hi < 0) return null;
      continue;
    }
    let t0 = lo / v, t1 = hi / v;
    if (t0 > t1) [t0, t1] = [t1, t0];
    if (t0 > enter) enter = t0;
    if (t1 < exit) exit = t1;
    if (enter > exit) return null;
  }
  return [enter, exit];
}
