/** World-frame views of surfaces for the rules: fitted kind, sense (convex / concave), extents. */
import type { Rigid } from '../math/rigid.js';
import { surfaceKindToWorld, type SurfaceKind, type Vec3 } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import type { Surface } from '../model/types.js';
import type { SurfaceSense, SurfaceView } from './types.js';
import { dot, projectOnLine, sub, unit } from './vec.js';

function isIdentity(m: Rigid): boolean {
  return m[0] === 1 && m[5] === 1 && m[10] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 0 && m[4] === 0 && m[6] === 0 && m[7] === 0 && m[8] === 0 && m[9] === 0 && m[11] === 0;
}

/** The direction from the primitive's "core" (axis, centre, tube circle) to x. */
function radialDirection(kind: SurfaceKind, x: Vec3): Vec3 | null {
  switch (kind.type) {
    case 'cylinder':
      return sub(x, projectOnLine(x, kind.point, kind.axis));
    case 'cone':
      return sub(x, projectOnLine(x, kind.apex, kind.axis));
    case 'sphere':
      return sub(x, kind.center);
    case 'torus': {
      const foot = projectOnLine(x, kind.center, kind.axis);
      const out = unit(sub(x, foot));
      const tube: Vec3 = [foot[0] + out[0] * kind.major, foot[1] + out[1] * kind.major, foot[2] + out[2] * kind.major];
      return sub(x, tube);
    }
    default:
      return null;
  }
}

/**
 * Builds the view of `surface` under `pose` (row-major 3×4). World vertices are computed
 * once, here; `range` then only takes dot products.
 */
export function surfaceView(surface: Surface, pose: Rigid, fitTolerance?: number): SurfaceView {
  const part = surface.part;
  const local = surfaceKindOf(surface, fitTolerance);
  const identity = isIdentity(pose);
  const kind = identity ? local : surfaceKindToWorld(local, pose);
  const p = part.positions, idx = part.indices;
  const count = surface.triangleCount;
  const world = new Float64Array(count * 9);
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const v = idx[(surface.firstTriangle + t) * 3 + k]! * 3;
      const x = p[v]!, y = p[v + 1]!, z = p[v + 2]!;
      const o = t * 9 + k * 3;
      if (identity) {
        world[o] = x; world[o + 1] = y; world[o + 2] = z;
      } else {
        world[o] = pose[0]! * x + pose[1]! * y + pose[2]! * z + pose[3]!;
        world[o + 1] = pose[4]! * x + pose[5]! * y + pose[6]! * z + pose[7]!;
        world[o + 2] = pose[8]! * x + pose[9]! * y + pose[10]! * z + pose[11]!;
      }
    }
  }
  let area = 0;
  const centroid: Vec3 = [0, 0, 0];
  let senseSum = 0;
  for (let t = 0; t < count; t++) {
    const o = t * 9;
    const e1: Vec3 = [world[o + 3]! - world[o]!, world[o + 4]! - world[o + 1]!, world[o + 5]! - world[o + 2]!];
    const e2: Vec3 = [world[o + 6]! - world[o]!, world[o + 7]! - world[o + 1]!, world[o + 8]! - world[o + 2]!];
    const n: Vec3 = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    const a2 = Math.hypot(n[0], n[1], n[2]);
    const c: Vec3 = [(world[o]! + world[o + 3]! + world[o + 6]!) / 3, (world[o + 1]! + world[o + 4]! + world[o + 7]!) / 3, (world[o + 2]! + world[o + 5]! + world[o + 8]!) / 3];
    area += a2 / 2;
    centroid[0] += (c[0] * a2) / 2;
    centroid[1] += (c[1] * a2) / 2;
    centroid[2] += (c[2] * a2) / 2;
    const r = radialDirection(kind, c);
    // n has length 2·area: the sum is area-weighted.
    if (r) senseSum += dot(n, unit(r));
  }
  if (area > 0) {
    centroid[0] /= area;
    centroid[1] /= area;
    centroid[2] /= area;
  } else if (count > 0) {
    centroid[0] = world[0]!;
    centroid[1] = world[1]!;
    centroid[2] = world[2]!;
  }
  let sense: SurfaceSense = null;
  if (kind.type === 'plane') sense = 'flat';
  else if (kind.type !== 'freeform' && area > 0) {
    const s = senseSum / (2 * area);
    sense = s > 0.2 ? 'convex' : s < -0.2 ? 'concave' : null;
  }
  const cache = new Map<string, [number, number]>();
  return {
    part,
    surface,
    index: surface.index,
    kind,
    sense,
    centroid,
    area,
    range(direction: Vec3): [number, number] {
      const key = direction.join(',');
      const hit = cache.get(key);
      if (hit) return [hit[0], hit[1]];
      let lo = Infinity, hi = -Infinity;
      for (let i = 0; i < world.length; i += 3) {
        const d = world[i]! * direction[0] + world[i + 1]! * direction[1] + world[i + 2]! * direction[2];
        if (d < lo) lo = d;
        if (d > hi) hi = d;
      }
      cache.set(key, [lo, hi]);
      return [lo, hi];
    },
  };
}
