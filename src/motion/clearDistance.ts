import { SurfcdError } from '../errors.js';
import { transformAabb } from '../math/aabb.js';
import type { Vec3 } from './inputs.js';
import type { Scene } from './sweep.js';

/**
 * "Clear": how far (mm) the `moving` parts must translate along the unit `direction` for
 * their joint box to leave the box of every other part in the scene (grown by the
 * tolerance), from where they are. Parts in `exclude` (already removed) do not count.
 * 0 when nothing is in the way. Boxes only: pass the distance to sweepParts to learn
 * whether the way out is actually free.
 */
export function clearDistance(scene: Scene, moving: readonly number[], direction: Vec3, options: { tolerance?: number; exclude?: ReadonlySet<number> } = {}): number {
  const tolerance = options.tolerance ?? 0;
  const length = Math.hypot(...direction);
  if (!(Math.abs(length - 1) < 1e-6)) throw new SurfcdError('INVALID_OPTION', `clearDistance: direction must be a unit vector, got [${direction.join(', ')}]`);
  const box = new Float64Array(6), other = new Float64Array(6);
  const own = new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (const i of moving) {
    transformAabb(scene.parts[i]!.bounds, scene.poses[i]!, box);
    for (let k = 0; k < 3; k++) {
      own[k] = Math.min(own[k]!, box[k]!);
      own[k + 3] = Math.max(own[k + 3]!, box[k + 3]!);
    }
  }
  const movingSet = new Set(moving);
  let exit = 0;
  scene.parts.forEach((part, o) => {
    if (movingSet.has(o) || options.exclude?.has(o) || part.indices.length === 0) return;
    transformAabb(part.bounds, scene.poses[o]!, other);
    // The s ≥ 0 for which own + s·direction overlaps other: one slab per axis.
    let lo = -Infinity, hi = Infinity;
    for (let k = 0; k < 3 && lo <= hi; k++) {
      const d = direction[k]!;
      const a = other[k]! - tolerance - own[k + 3]!, b = other[k + 3]! + tolerance - own[k]!;
      if (Math.abs(d) < 1e-12) {
        if (a > 0 || b < 0) hi = -Infinity;
        continue;
      }
      lo = Math.max(lo, Math.min(a / d, b / d));
      hi = Math.min(hi, Math.max(a / d, b / d));
    }
    if (lo <= hi && hi > exit) exit = hi;
  });
  return exit;
}
