/** Unsigned distance of a point to a fitted primitive's surface (same frame as the kind). */
import type { SurfaceKind, Vec3 } from './surfaceKind.js';

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

export const dot3 = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const dist3 = (a: Vec3, b: Vec3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
export function distanceToLine(x: Vec3, point: Vec3, axis: Vec3): number {
  const v: Vec3 = [x[0] - point[0], x[1] - point[1], x[2] - point[2]];
  const h = dot3(v, axis);
  return Math.sqrt(Math.max(0, dot3(v, v) - h * h));
}
