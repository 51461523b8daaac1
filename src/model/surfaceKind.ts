/**
 * Fitted primitive of a CAD surface (B-rep face), see `src/model/fit/fitSurface.ts`.
 *
 * Conventions (all kinds are in the frame of the positions they were fitted to):
 * - every direction is a unit vector;
 * - `residual` is the largest distance of any vertex of the patch to the primitive
 *   (for `freeform`: to the closest primitive that was tried, 0 for an empty patch);
 * - plane: `normal · x = offset`, normal pointing outward (vertex normals / winding);
 * - cylinder: `point` is the projection of the patch centroid on the axis;
 * - cone: `axis` points from the apex into the cone, `halfAngle` in (0, π/2) radians;
 * - cylinder and torus axes have a canonical sign (first clearly non-zero component > 0).
 */
import type { Vec3 } from '../math/vec3.js';

export type { Vec3 };

export interface PlaneKind { type: 'plane'; normal: Vec3; offset: number; residual: number }
export interface CylinderKind { type: 'cylinder'; point: Vec3; axis: Vec3; radius: number; residual: number }
export interface ConeKind { type: 'cone'; apex: Vec3; axis: Vec3; halfAngle: number; residual: number }
export interface SphereKind { type: 'sphere'; center: Vec3; radius: number; residual: number }
export interface TorusKind { type: 'torus'; center: Vec3; axis: Vec3; major: number; minor: number; residual: number }
export interface FreeformKind { type: 'freeform'; residual: number }

export type SurfaceKind = PlaneKind | CylinderKind | ConeKind | SphereKind | TorusKind | FreeformKind;

export type SurfaceKindType = SurfaceKind['type'];

/** Components smaller than this do not decide the sign of a line's direction. */
const CANONICAL_EPS = 1e-8;

/**
 * Sign of a line direction made canonical: the first component with |c| > 1e-8 is
 * positive. Returns a new (unit) vector.
 */
export function canonicalAxis(a: Vec3): Vec3 {
  for (let i = 0; i < 3; i++) {
    const c = a[i]!;
    if (Math.abs(c) > CANONICAL_EPS) return c > 0 ? [a[0], a[1], a[2]] : [0 - a[0], 0 - a[1], 0 - a[2]];
  }
  return [a[0], a[1], a[2]];
}

/**
 * Moves a fitted kind through a rigid motion given as a row-major 3×4 matrix
 * [r00 r01 r02 tx, r10 r11 r12 ty, r20 r21 r22 tz]. Directions are rotated (and
 * renormalised), points transformed, plane offsets updated, residuals kept; cylinder
 * and torus axes are re-canonicalised, so the result equals what fitting the moved
 * mesh would give.
 */
export function surfaceKindToWorld(kind: SurfaceKind, rigid: ArrayLike<number>): SurfaceKind {
  const m = rigid;
  const dir = (v: Vec3): Vec3 => {
    const x = m[0]! * v[0] + m[1]! * v[1] + m[2]! * v[2];
    const y = m[4]! * v[0] + m[5]! * v[1] + m[6]! * v[2];
    const z = m[8]! * v[0] + m[9]! * v[1] + m[10]! * v[2];
    const l = Math.hypot(x, y, z);
    return l > 0 ? [x / l, y / l, z / l] : [x, y, z];
  };
  const pt = (v: Vec3): Vec3 => [
    m[0]! * v[0] + m[1]! * v[1] + m[2]! * v[2] + m[3]!,
    m[4]! * v[0] + m[5]! * v[1] + m[6]! * v[2] + m[7]!,
    m[8]! * v[0] + m[9]! * v[1] + m[10]! * v[2] + m[11]!,
  ];
  switch (kind.type) {
    case 'plane': {
      const normal = dir(kind.normal);
      const offset = kind.offset + normal[0] * m[3]! + normal[1] * m[7]! + normal[2] * m[11]!;
      return { type: 'plane', normal, offset, residual: kind.residual };
    }
    case 'cylinder':
      return { type: 'cylinder', point: pt(kind.point), axis: canonicalAxis(dir(kind.axis)), radius: kind.radius, residual: kind.residual };
    case 'cone':
      return { type: 'cone', apex: pt(kind.apex), axis: dir(kind.axis), halfAngle: kind.halfAngle, residual: kind.residual };
    case 'sphere':
      return { type: 'sphere', center: pt(kind.center), radius: kind.radius, residual: kind.residual };
    case 'torus':
      return { type: 'torus', center: pt(kind.center), axis: canonicalAxis(dir(kind.axis)), major: kind.major, minor: kind.minor, residual: kind.residual };
    case 'freeform':
      return { type: 'freeform', residual: kind.residual };
  }
}
