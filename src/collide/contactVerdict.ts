import type { Rigid } from '../math/rigid.js';
import { surfaceKindToWorld, type SurfaceKind, type Vec3 } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import type { Surface } from '../model/types.js';

export type ContactVerdict = 'contact' | 'interference';

/**
 * How far a surface's facets stray from the surface they approximate: the largest
 * distance of a triangle edge's midpoint to the fitted primitive (the chordal sag).
 * Freeform surfaces fall back to the part's linear deflection. Cached per surface.
 */
const sagCache = new WeakMap<Surface, number>();
export function chordalSag(surface: Surface): number {
  const cached = sagCache.get(surface);
  if (cached !== undefined) return cached;
  const kind = surfaceKindOf(surface);
  const part = surface.part;
  let sag = 0;
  if (kind.type === 'freeform') {
    sag = part.deflection ?? 0;
  } else if (kind.type !== 'plane') {
    const { positions, indices } = part;
    const mid: Vec3 = [0, 0, 0];
    for (let t = surface.firstTriangle, end = t + surface.triangleCount; t < end; t++) {
      for (let k = 0; k < 3; k++) {
        const i = 3 * indices[3 * t + k]!, j = 3 * indices[3 * t + ((k + 1) % 3)]!;
        mid[0] = (positions[i]! + positions[j]!) / 2;
        mid[1] = (positions[i + 1]! + positions[j + 1]!) / 2;
        mid[2] = (positions[i + 2]! + positions[j + 2]!) / 2;
        const d = distanceToKind(kind, mid);
        if (d > sag) sag = d;
      }
    }
  }
  sag += kind.residual;
  sagCache.set(surface, sag);
  return sag;
}

/**
 * Decides whether two crossing surfaces really overlap in volume. At rest, equal-radius
 * coaxial cylinders interpenetrate by the chordal error of their tessellations; that is
 * contact, not interference. Contact when: the triangles only touch; or the crossing is
 * no deeper than the coarser tessellation's sag (plus the tolerance); or both fitted
 * surfaces are the same primitive (coincide within that allowance).
 */
export function contactVerdict(
  relation: 'touching' | 'intersecting',
  depth: number,
  surfaceA: Surface,
  poseA: Rigid,
  surfaceB: Surface,
  poseB: Rigid,
  tolerance: number,
): ContactVerdict {
  if (relation === 'touching') return 'contact';
  const allowance = tolerance + Math.max(chordalSag(surfaceA), chordalSag(surfaceB));
  if (depth <= allowance) return 'contact';
  const kindA = surfaceKindToWorld(surfaceKindOf(surfaceA), poseA);
  const kindB = surfaceKindToWorld(surfaceKindOf(surfaceB), poseB);
  return kindsCoincide(kindA, kindB, allowance) ? 'contact' : 'interference';
}

/** Are two primitives (same frame) the same surface, within `allowance` (mm)? */
export function kindsCoincide(a: SurfaceKind, b: SurfaceKind, allowance: number): boolean {
  const PARALLEL = 1 - 1e-4; // ~0.8°
  if (a.type === 'plane' && b.type === 'plane') {
    const dot = dot3(a.normal, b.normal);
    if (Math.abs(dot) < PARALLEL) return false;
    return Math.abs(a.offset - Math.sign(dot) * b.offset) <= allowance;
  }
  if (a.type === 'cylinder' && b.type === 'cylinder') {
    if (Math.abs(dot3(a.axis, b.axis)) < PARALLEL) return false;
    return Math.abs(a.radius - b.radius) <= allowance && distanceToLine(b.point, a.point, a.axis) <= allowance;
  }
  if (a.type === 'sphere' && b.type === 'sphere') {
    return Math.abs(a.radius - b.radius) <= allowance && dist3(a.center, b.center) <= allowance;
  }
  if (a.type === 'cone' && b.type === 'cone') {
    if (Math.abs(dot3(a.axis, b.axis)) < PARALLEL) return false;
    return Math.abs(a.halfAngle - b.halfAngle) <= 1e-2 && dist3(a.apex, b.apex) <= allowance / Math.max(Math.sin(a.halfAngle), 1e-3);
  }
  if (a.type === 'torus' && b.type === 'torus') {
    if (Math.abs(dot3(a.axis, b.axis)) < PARALLEL) return false;
    return Math.abs(a.major - b.major) <= allowance && Math.abs(a.minor - b.minor) <= allowance && dist3(a.center, b.center) <= allowance;
  }
  return false;
}

/** Unsigned distance of point x to the primitive's surface. */
export function distanceToKind(kind: SurfaceKind, x: Vec3): number {
  switch (kind.type) {
    case 'plane':
      return Math.abs(dot3(kind.normal, x) - kind.offset);
    case 'cylinder':
      return Math.abs(distanceToLine(x, kind.point, kind.axis) - kind.radius);
    case 'sphere':
      return Math.abs(dist3(x, kind.center) - kind.radius);
    case 'cone': {
      const v: Vec3 = [x[0] - kind.apex[0], x[1] - kind.apex[1], x[2] - kind.apex[2]];
      const h = dot3(v, kind.axis);
      const rho = Math.sqrt(Math.max(0, dot3(v, v) - h * h));
      return Math.abs(rho * Math.cos(kind.halfAngle) - h * Math.sin(kind.halfAngle));
    }
    case 'torus': {
      const v: Vec3 = [x[0] - kind.center[0], x[1] - kind.center[1], x[2] - kind.center[2]];
      const h = dot3(v, kind.axis);
      const rho = Math.sqrt(Math.max(0, dot3(v, v) - h * h));
      return Math.abs(Math.hypot(rho - kind.major, h) - kind.minor);
    }
    default:
      return 0;
  }
}

const dot3 = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const dist3 = (a: Vec3, b: Vec3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
function distanceToLine(x: Vec3, point: Vec3, axis: Vec3): number {
  const v: Vec3 = [x[0] - point[0], x[1] - point[1], x[2] - point[2]];
  const h = dot3(v, axis);
  return Math.sqrt(Math.max(0, dot3(v, v) - h * h));
}
