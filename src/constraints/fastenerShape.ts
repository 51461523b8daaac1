/**
 * The turned-part shape of one part, read from its fitted faces: the axis its cylinders
 * share, the shafts and bores on it (radius, axial range), the flats parallel to it (outer:
 * a hex or square; inner: a socket) and where the part is wider than its shank (a head).
 * Fastener roles (`fasteners.ts`) are decided on this; nothing here knows about threads.
 */
import type { Vec3 } from '../model/surfaceKind.js';
import type { SurfaceView } from './types.js';
import { canonical, cross, dot, norm, perpendiculars, sub, unit } from './vec.js';

export interface AxisCylinder {
  surface: number;
  radius: number;
  /** [min, max] of the face along the axis. */
  range: [number, number];
  area: number;
}

export interface AxisFlat {
  surface: number;
  /** Outward normal (perpendicular to the axis). */
  normal: Vec3;
  /** Distance of the plane from the axis. */
  apothem: number;
  range: [number, number];
}

export interface AxisShape {
  /** A point of the axis and its unit direction (canonical sign). */
  point: Vec3;
  axis: Vec3;
  /** The part's extent along the axis. */
  span: [number, number];
  /** Largest distance of a vertex from the axis. */
  maxRadius: number;
  /** Convex (shaft) and concave (bore) cylinders on the axis. */
  shafts: AxisCylinder[];
  bores: AxisCylinder[];
  /** Planes parallel to the axis whose material is on the axis side (a hex's flats) or away from it (a socket's). */
  outerFlats: AxisFlat[];
  innerFlats: AxisFlat[];
  /** Spheres and tori on the axis (a domed head), cones on it (chamfers, countersinks). */
  domes: number[];
  cones: number[];
  /** Freeform faces (chamfer intersections, drive recesses): allowed, listed. */
  freeform: number[];
  /** Faces that are not of revolution about the axis nor flats of it: their share of the part's area. */
  offAxisArea: number;
  /** Cylinders not on the axis (another hole, another shaft): a fastener has none. */
  offAxisCylinders: number;
  /** Small concave cylinders off the axis (under 0.3 of the part's radius): the fillets of a drive recess. */
  recessCylinders: number;
  /** Max vertex radius over vertices whose axial coordinate lies in [lo, hi]. */
  radiusOver(lo: number, hi: number): number;
  /** Axial range of the vertices farther than `radius` from the axis, or null. */
  rangeBeyond(radius: number): [number, number] | null;
}

const onLine = (q: Vec3, p: Vec3, d: Vec3): number => norm(cross(sub(q, p), d));

/**
 * The part's main axis (the line shared by the largest area of its cylinders) and what lies
 * on it, or null for a part without cylinders. `points(fn)` visits every world vertex.
 */
export function axisShape(views: readonly SurfaceView[], points: (visit: (x: number, y: number, z: number) => void) => void, tolerance: number, angle: number): AxisShape | null {
  const cylinders = views.filter((v) => v.kind.type === 'cylinder' && (v.sense === 'convex' || v.sense === 'concave'));
  if (cylinders.length === 0) return null;
  // group the cylinders by line; the line with the largest area wins (ties: first face)
  const groups: { point: Vec3; axis: Vec3; area: number }[] = [];
  for (const v of cylinders) {
    const k = v.kind as Extract<SurfaceView['kind'], { type: 'cylinder' }>;
    const tol = tolerance + k.residual;
    const g = groups.find((x) => Math.abs(dot(x.axis, k.axis)) >= Math.cos(angle) && onLine(k.point, x.point, x.axis) <= tol);
    if (g) g.area += v.area;
    else groups.push({ point: k.point, axis: canonical(unit(k.axis)), area: v.area });
  }
  const best = groups.reduce((a, b) => (b.area > a.area ? b : a));
  const { point, axis } = best;
  const [u, w] = perpendiculars(axis);
  const radial = (q: Vec3): { t: number; r: number; out: Vec3 } => {
    const d = sub(q, point);
    const t = dot(q, axis); // absolute, like SurfaceView.range
    const ru = dot(d, u), rw = dot(d, w);
    const r = Math.hypot(ru, rw);
    return { t, r, out: r > 0 ? [(ru * u[0] + rw * w[0]) / r, (ru * u[1] + rw * w[1]) / r, (ru * u[2] + rw * w[2]) / r] : [0, 0, 0] };
  };
  const shape: AxisShape = {
    point, axis, span: [Infinity, -Infinity], maxRadius: 0,
    shafts: [], bores: [], outerFlats: [], innerFlats: [], domes: [], cones: [], freeform: [], offAxisArea: 0, offAxisCylinders: 0, recessCylinders: 0,
    radiusOver: () => 0, rangeBeyond: () => null,
  };
  let totalArea = 0, offArea = 0;
  const offCylinders: { radius: number; concave: boolean }[] = [];
  const parallel = (d: Vec3): boolean => Math.abs(dot(d, axis)) >= Math.cos(angle);
  for (const v of views) {
    const k = v.kind;
    totalArea += v.area;
    const tol = tolerance + k.residual;
    const range = v.range(axis);
    switch (k.type) {
      case 'cylinder': {
        if (parallel(k.axis) && onLine(k.point, point, axis) <= tol && (v.sense === 'convex' || v.sense === 'concave')) {
          (v.sense === 'convex' ? shape.shafts : shape.bores).push({ surface: v.index, radius: k.radius, range, area: v.area });
        } else {
          offArea += v.area;
          offCylinders.push({ radius: k.radius, concave: v.sense === 'concave' });
        }
        break;
      }
      case 'cone':
        if (parallel(k.axis) && onLine(k.apex, point, axis) <= tol) shape.cones.push(v.index);
        else offArea += v.area;
        break;
      case 'torus':
        if (parallel(k.axis) && onLine(k.center, point, axis) <= tol) shape.domes.push(v.index);
        else offArea += v.area;
        break;
      case 'sphere':
        if (onLine(k.center, point, axis) <= tol) shape.domes.push(v.index);
        else offArea += v.area;
        break;
      case 'plane': {
        if (parallel(k.normal)) break; // an end face or a shoulder
        if (Math.abs(dot(k.normal, axis)) > Math.sin(angle)) {
          offArea += v.area;
          break;
        }
        // signed distance of the axis from the plane: negative = the axis is on the material side
        const side = dot(k.normal, point) - k.offset;
        const flat: AxisFlat = { surface: v.index, normal: k.normal, apothem: Math.abs(side), range };
        (side < 0 ? shape.outerFlats : shape.innerFlats).push(flat);
        break;
      }
      default:
        shape.freeform.push(v.index);
    }
  }
  shape.offAxisArea = totalArea > 0 ? offArea / totalArea : 0;
  // vertices: span, largest radius, and a radius profile (sorted by t) for the head queries
  const ts: number[] = [], rs: number[] = [];
  points((x, y, z) => {
    const { t, r } = radial([x, y, z]);
    ts.push(t);
    rs.push(r);
  });
  const order = ts.map((_, i) => i).sort((a, b) => ts[a]! - ts[b]!);
  const sortedT = order.map((i) => ts[i]!), sortedR = order.map((i) => rs[i]!);
  if (sortedT.length > 0) shape.span = [sortedT[0]!, sortedT[sortedT.length - 1]!];
  shape.maxRadius = sortedR.reduce((m, r) => Math.max(m, r), 0);
  for (const c of offCylinders) {
    if (c.concave && c.radius < 0.3 * shape.maxRadius) shape.recessCylinders++;
    else shape.offAxisCylinders++;
  }
  shape.radiusOver = (lo, hi) => {
    let m = 0;
    for (let i = 0; i < sortedT.length; i++) if (sortedT[i]! >= lo && sortedT[i]! <= hi && sortedR[i]! > m) m = sortedR[i]!;
    return m;
  };
  shape.rangeBeyond = (radius) => {
    let lo = Infinity, hi = -Infinity;
    for (let i = 0; i < sortedT.length; i++) {
      if (sortedR[i]! <= radius) continue;
      if (sortedT[i]! < lo) lo = sortedT[i]!;
      if (sortedT[i]! > hi) hi = sortedT[i]!;
    }
    return lo <= hi ? [lo, hi] : null;
  };
  return shape;
}

/** Distinct flat directions (within `angle`) with their apothems, for polygon outlines. */
export function flatDirections(flats: readonly AxisFlat[], angle: number): { normal: Vec3; apothem: number }[] {
  const out: { normal: Vec3; apothem: number }[] = [];
  for (const f of flats) {
    const known = out.find((o) => dot(o.normal, f.normal) >= Math.cos(angle));
    if (known) known.apothem = Math.max(known.apothem, f.apothem);
    else out.push({ normal: f.normal, apothem: f.apothem });
  }
  return out;
}

/** `hex`, `square`, `rectangular` (or null) from the outer flats' directions and apothems. */
export function polygonOutline(flats: readonly AxisFlat[], axis: Vec3, angle: number, tolerance: number): { name: 'hex' | 'square' | 'rectangular'; across: number[] } | null {
  const dirs = flatDirections(flats, angle);
  if (dirs.length !== 6 && dirs.length !== 4) return null;
  const [u, w] = perpendiculars(axis);
  const angles = dirs.map((d) => Math.atan2(dot(d.normal, w), dot(d.normal, u))).sort((a, b) => a - b);
  const k = dirs.length;
  for (let i = 0; i < k; i++) {
    const step = i + 1 < k ? angles[i + 1]! - angles[i]! : angles[0]! + 2 * Math.PI - angles[i]!;
    if (Math.abs(step - (2 * Math.PI) / k) > 2 * angle) return null;
  }
  // across flats: the two apothems of each pair of opposite flats
  const pairs: number[] = [];
  for (const d of dirs) {
    const opposite = dirs.find((e) => dot(e.normal, d.normal) <= -Math.cos(angle));
    if (!opposite) return null;
    const across = d.apothem + opposite.apothem;
    if (!pairs.some((p) => Math.abs(p - across) <= 2 * tolerance)) pairs.push(across);
  }
  pairs.sort((a, b) => a - b);
  if (k === 6) return pairs.length === 1 ? { name: 'hex', across: pairs } : null;
  return { name: pairs.length === 1 ? 'square' : 'rectangular', across: pairs };
}
