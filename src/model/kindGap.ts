/**
 * The gap between two fitted primitives facing each other, measured on the primitives (the
 * CAD distance) rather than on their facets (the chordal one). Only the pairs whose gap has
 * a closed form are handled: parallel planes, parallel (coaxial or side-by-side) cylinders,
 * a cylinder lying along a plane, sphere–plane and sphere–sphere. Every other pair gives null
 * and the caller keeps the triangles' distance.
 */
import { dot3 } from './kindDistance.js';
import type { SurfaceKind, Vec3 } from './surfaceKind.js';

export interface KindGap {
  /** Gap between the two primitives (mm), ≥ 0. */
  distance: number;
  /** The closest points, on primitive A and on primitive B. */
  pointA: Vec3;
  pointB: Vec3;
}

/**
 * Directions closer than this (1 − cos) count as parallel. Fitted axes of a turned shaft
 * and its bore agree to about 1e-7 rad; a real tilt of 1e-4 rad (0.1 mm per metre) does not pass.
 */
const PARALLEL = 5e-9;

/**
 * The gap between world-frame kinds `a` and `b`, near the closest points `nearA`, `nearB`
 * the triangles gave (they pick the side of a cylinder and the height along an axis), or
 * null when the pair has no closed form here or the primitives overlap.
 */
export function kindGap(a: SurfaceKind, b: SurfaceKind, nearA: Vec3, nearB: Vec3): KindGap | null {
  if (b.type === 'plane' && a.type !== 'plane') return swap(kindGap(b, a, nearB, nearA));
  if (b.type === 'cylinder' && a.type === 'sphere') return null;
  if (a.type === 'plane') {
    if (b.type === 'plane') return planePlane(a.normal, a.offset, b.normal, b.offset, nearB);
    if (b.type === 'sphere') return planeBall(a.normal, a.offset, b.center, b.radius);
    if (b.type === 'cylinder') {
      if (Math.abs(dot3(a.normal, b.axis)) > Math.sqrt(2 * PARALLEL)) return null;
      return planeBall(a.normal, a.offset, onAxis(b.point, b.axis, nearB), b.radius);
    }
    return null;
  }
  if (a.type === 'cylinder' && b.type === 'cylinder') return cylinders(a.point, a.axis, a.radius, b.point, b.axis, b.radius, nearA);
  if (a.type === 'sphere' && b.type === 'sphere') return centres(a.center, a.radius, b.center, b.radius);
  return null;
}

function swap(g: KindGap | null): KindGap | null {
  return g ? { distance: g.distance, pointA: g.pointB, pointB: g.pointA } : null;
}

/** Two planes with opposed normals (faces looking at each other). */
function planePlane(na: Vec3, oa: number, nb: Vec3, ob: number, nearB: Vec3): KindGap | null {
  if (1 + dot3(na, nb) > PARALLEL) return null;
  const hb = dot3(nb, nearB) - ob;
  const pointB: Vec3 = [nearB[0] - hb * nb[0], nearB[1] - hb * nb[1], nearB[2] - hb * nb[2]];
  const h = dot3(na, pointB) - oa; // B's plane on A's outward side when the faces look at each other
  if (!(h >= 0)) return null;
  return { distance: h, pointA: [pointB[0] - h * na[0], pointB[1] - h * na[1], pointB[2] - h * na[2]], pointB };
}

/** A plane and a round body (a ball, or a cylinder's cross-section through `centre`) on its outward side. */
function planeBall(n: Vec3, offset: number, centre: Vec3, radius: number): KindGap | null {
  const h = dot3(n, centre) - offset;
  if (!(h - radius >= 0)) return null;
  const d = h - radius;
  return {
    distance: d,
    pointA: [centre[0] - h * n[0], centre[1] - h * n[1], centre[2] - h * n[2]],
    pointB: [centre[0] - radius * n[0], centre[1] - radius * n[1], centre[2] - radius * n[2]],
  };
}

/** Two parallel cylinders: one inside the other (shaft in a bore, gap R − r − e) or side by side (e − r − R). */
function cylinders(pa: Vec3, axisA: Vec3, ra: number, pb: Vec3, axisB: Vec3, rb: number, nearA: Vec3): KindGap | null {
  if (1 - Math.abs(dot3(axisA, axisB)) > PARALLEL) return null;
  const ca = onAxis(pa, axisA, nearA);
  const cb = onAxis(pb, axisA, ca); // B's axis at the same height along A's
  const off = sub(cb, ca);
  const e = Math.hypot(off[0], off[1], off[2]);
  if (e + Math.min(ra, rb) <= Math.max(ra, rb)) {
    // Nested: the narrowest place is on the side the inner axis is pushed towards.
    const u = e > 1e-12 * Math.max(1, ra, rb) ? scale(off, 1 / e) : radial(nearA, ca, axisA);
    if (!u) return null;
    const sign = ra >= rb ? 1 : -1; // + when B is the inner one
    return { distance: Math.abs(ra - rb) - e, pointA: add(ca, scale(u, sign * ra)), pointB: add(cb, scale(u, sign * rb)) };
  }
  if (e - ra - rb < 0) return null; // they cross
  const u = scale(off, 1 / e);
  return { distance: e - ra - rb, pointA: add(ca, scale(u, ra)), pointB: add(cb, scale(u, -rb)) };
}

function centres(ca: Vec3, ra: number, cb: Vec3, rb: number): KindGap | null {
  const off = sub(cb, ca);
  const e = Math.hypot(off[0], off[1], off[2]);
  if (e - ra - rb < 0 || !(e > 0)) return null;
  const u = scale(off, 1 / e);
  return { distance: e - ra - rb, pointA: add(ca, scale(u, ra)), pointB: add(cb, scale(u, -rb)) };
}

/** The point of the line (p, axis) nearest x. */
function onAxis(p: Vec3, axis: Vec3, x: Vec3): Vec3 {
  const t = dot3(sub(x, p), axis);
  return [p[0] + t * axis[0], p[1] + t * axis[1], p[2] + t * axis[2]];
}

/** Unit direction from the axis point c to x, perpendicular to the axis; null on the axis. */
function radial(x: Vec3, c: Vec3, axis: Vec3): Vec3 | null {
  const v = sub(x, c);
  const h = dot3(v, axis);
  const r: Vec3 = [v[0] - h * axis[0], v[1] - h * axis[1], v[2] - h * axis[2]];
  const l = Math.hypot(r[0], r[1], r[2]);
  return l > 0 ? scale(r, 1 / l) : null;
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
