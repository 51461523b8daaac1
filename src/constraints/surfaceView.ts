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
 * Builds the view of `surface` under `pose` (row-major 3×4). Lazy: world vertices, area and
 * centroid are computed on first use, and the surface is fitted (`surfaceKindOf`) only when a
 * rule reads `kind` or `sense` — rules that reject a pair on cheaper grounds fit nothing.
 */
export function surfaceView(surface: Surface, pose: Rigid, fitTolerance?: number): SurfaceView {
  const part = surface.part;
  const identity = isIdentity(pose);
  let world: Float64Array | null = null;
  let measures: { area: number; centroid: Vec3 } | null = null;
  let kind: SurfaceKind | null = null;
  let sense: SurfaceSense | undefined;
  const worldVertices = (): Float64Array => {
    if (world) return world;
    const p = part.positions, idx = part.indices;
    const count = surface.triangleCount;
    world = new Float64Array(count * 9);
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
    return world;
  };
  /** Triangle t's doubled-area normal and centroid. */
  const triangle = (w: Float64Array, o: number): { n: Vec3; c: Vec3 } => {
    const e1: Vec3 = [w[o + 3]! - w[o]!, w[o + 4]! - w[o + 1]!, w[o + 5]! - w[o + 2]!];
    const e2: Vec3 = [w[o + 6]! - w[o]!, w[o + 7]! - w[o + 1]!, w[o + 8]! - w[o + 2]!];
    return {
      n: [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]],
      c: [(w[o]! + w[o + 3]! + w[o + 6]!) / 3, (w[o + 1]! + w[o + 4]! + w[o + 7]!) / 3, (w[o + 2]! + w[o + 5]! + w[o + 8]!) / 3],
    };
  };
  const measure = (): { area: number; centroid: Vec3 } => {
    if (measures) return measures;
    const w = worldVertices();
    let area = 0;
    const centroid: Vec3 = [0, 0, 0];
    for (let o = 0; o < w.length; o += 9) {
      const { n, c } = triangle(w, o);
      const a = Math.hypot(n[0], n[1], n[2]) / 2;
      area += a;
      centroid[0] += c[0] * a;
      centroid[1] += c[1] * a;
      centroid[2] += c[2] * a;
    }
    if (area > 0) {
      centroid[0] /= area;
      centroid[1] /= area;
      centroid[2] /= area;
    } else if (w.length > 0) {
      centroid[0] = w[0]!;
      centroid[1] = w[1]!;
      centroid[2] = w[2]!;
    }
    return (measures = { area, centroid });
  };
  const kindOf = (): SurfaceKind => {
    if (kind) return kind;
    const local = surfaceKindOf(surface, fitTolerance);
    return (kind = identity ? local : surfaceKindToWorld(local, pose));
  };
  const senseOf = (): SurfaceSense => {
    if (sense !== undefined) return sense;
    const k = kindOf();
    if (k.type === 'plane') return (sense = 'flat');
    const { area } = measure();
    if (k.type === 'freeform' || !(area > 0)) return (sense = null);
    const w = worldVertices();
    let senseSum = 0;
    for (let o = 0; o < w.length; o += 9) {
      const { n, c } = triangle(w, o);
      const r = radialDirection(k, c);
      // n has length 2·area: the sum is area-weighted.
      if (r) senseSum += dot(n, unit(r));
    }
    const s = senseSum / (2 * area);
    return (sense = s > 0.2 ? 'convex' : s < -0.2 ? 'concave' : null);
  };
  const cache = new Map<string, [number, number]>();
  return {
    part,
    surface,
    index: surface.index,
    get kind() {
      return kindOf();
    },
    get sense() {
      return senseOf();
    },
    get centroid() {
      return measure().centroid;
    },
    get area() {
      return measure().area;
    },
    range(direction: Vec3): [number, number] {
      const key = direction.join(',');
      const hit = cache.get(key);
      if (hit) return [hit[0], hit[1]];
      const w = worldVertices();
      let lo = Infinity, hi = -Infinity;
      for (let i = 0; i < w.length; i += 3) {
        const d = w[i]! * direction[0] + w[i + 1]! * direction[1] + w[i + 2]! * direction[2];
        if (d < lo) lo = d;
        if (d > hi) hi = d;
      }
      cache.set(key, [lo, hi]);
      return [lo, hi];
    },
  };
}
