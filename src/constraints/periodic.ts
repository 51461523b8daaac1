/**
 * Rotational symmetry of a part's faces: the teeth of a gear or a spline. Faces of equal
 * area whose centroids lie on one circle and map onto each other under a rotation by 2π/N
 * about its axis are one periodic set; N (the tooth count) is the largest such N over the
 * part's sets. Computed once per part, in the part's frame, from triangles only (no fitting).
 */
import type { Vec3 } from '../model/surfaceKind.js';
import type { Part } from '../model/types.js';
import type { SurfaceView } from './types.js';
import { symmetricEigen } from './freedom.js';
import { add, canonical, cross, dot, norm, perpendiculars, scale, sub, unit } from './vec.js';
import { derivedOf, type DerivedKind, type Encoded } from '../model/derived.js';

export interface RotationalSymmetry {
  /** N: the rotation by 2π/N about the axis maps the periodic faces onto themselves. */
  count: number;
  /** Axis (unit, canonical sign) and a point on it, in the part's frame. */
  axis: Vec3;
  center: Vec3;
  /** The set that defines the axis: its centroids' mean is `center` (in any frame). */
  group: number[];
  /** All faces of the part periodic about this axis (every set with the same axis), ascending. */
  surfaces: number[];
  /** Largest and smallest distance of those faces' vertices from the axis (tip and root radius). */
  outerRadius: number;
  innerRadius: number;
  /** Largest distance of any vertex of the part from the axis (a hub's outside, a shaft's teeth). */
  partRadius: number;
}

/** The part's rotational symmetry (null: none), kept with the part; plain data, so the cache keeps it too. */
const SYMMETRY: DerivedKind<{ symmetry: RotationalSymmetry | null }> = {
  name: 'rotational-symmetry',
  encode: ({ symmetry }) => (symmetry === null ? null : (JSON.parse(JSON.stringify(symmetry)) as Encoded)),
  decode: (data) => {
    const s = data as unknown as RotationalSymmetry | null;
    if (s !== null && !(typeof s === 'object' && Number.isInteger(s.count) && Array.isArray(s.axis) && Array.isArray(s.center) && Array.isArray(s.group) && Array.isArray(s.surfaces))) throw new Error('not a rotational symmetry');
    return { symmetry: s };
  },
};

/** Area and centroid of every face of the part (part frame). */
function faceMeasures(part: Part): { area: number; centroid: Vec3 }[] {
  const p = part.positions, idx = part.indices;
  return part.surfaces.map((s) => {
    let area = 0, x = 0, y = 0, z = 0;
    for (let t = s.firstTriangle; t < s.firstTriangle + s.triangleCount; t++) {
      const a = idx[t * 3]! * 3, b = idx[t * 3 + 1]! * 3, c = idx[t * 3 + 2]! * 3;
      const e1: Vec3 = [p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!];
      const e2: Vec3 = [p[c]! - p[a]!, p[c + 1]! - p[a + 1]!, p[c + 2]! - p[a + 2]!];
      const w = norm(cross(e1, e2)) / 2;
      area += w;
      x += (w * (p[a]! + p[b]! + p[c]!)) / 3;
      y += (w * (p[a + 1]! + p[b + 1]! + p[c + 1]!)) / 3;
      z += (w * (p[a + 2]! + p[b + 2]! + p[c + 2]!)) / 3;
    }
    return { area, centroid: area > 0 ? [x / area, y / area, z / area] : [0, 0, 0] };
  });
}

/** The largest N (dividing the set's size) under which the angles are invariant, or 0. */
function periodOf(angles: number[], tolerance: number): number {
  const m = angles.length;
  const has = (a: number): boolean => angles.some((b) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b))) <= tolerance);
  for (let count = m; count >= 2; count--) {
    if (m % count !== 0) continue;
    const step = (2 * Math.PI) / count;
    if (angles.every((a) => has(a + step))) return count;
  }
  return 0;
}

/** One periodic set: equal-area faces (`members`) on a circle about an axis, or null. */
function periodicSet(members: number[], centroids: Vec3[], scaleLength: number, minCount: number): { count: number; axis: Vec3; center: Vec3; radius: number } | null {
  const pts = members.map((i) => centroids[i]!);
  const center = scale(pts.reduce<Vec3>((s, q) => add(s, q), [0, 0, 0]), 1 / pts.length);
  const cov = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  for (const q of pts) {
    const d = sub(q, center);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) cov[i]![j]! += d[i]! * d[j]!;
  }
  const eig = symmetricEigen(cov);
  const axis = canonical(unit(eig.vectors[2] as Vec3));
  const [u, w] = perpendiculars(axis);
  const eps = 1e-6 * scaleLength;
  const radii = pts.map((q) => norm(sub(sub(q, center), scale(axis, dot(sub(q, center), axis)))));
  const radius = radii.reduce((s, r) => s + r, 0) / radii.length;
  if (!(radius > 1e3 * eps)) return null;
  if (radii.some((r) => Math.abs(r - radius) > 1e-3 * radius + eps)) return null;
  if (pts.some((q) => Math.abs(dot(sub(q, center), axis)) > 1e-3 * radius + eps)) return null;
  const angles = pts.map((q) => Math.atan2(dot(sub(q, center), w), dot(sub(q, center), u)));
  const count = periodOf(angles, 2e-3);
  return count >= minCount ? { count, axis, center, radius } : null;
}

/**
 * The part's rotational symmetry with the most teeth (N ≥ `minCount`), or null. Faces are
 * grouped by area (within 1 %); each group of at least `minCount` faces is tested.
 */
export function rotationalSymmetry(part: Part): RotationalSymmetry | null {
  return derivedOf(part).of(SYMMETRY, part, () => ({ symmetry: compute(part, 3) })).symmetry;
}

function compute(part: Part, minCount: number): RotationalSymmetry | null {
  const measures = faceMeasures(part);
  const b = part.bounds;
  const size = Math.hypot(b[3]! - b[0]!, b[4]! - b[1]!, b[5]! - b[2]!) || 1;
  const order = measures.map((_, i) => i).filter((i) => measures[i]!.area > 0).sort((x, y) => measures[x]!.area - measures[y]!.area || x - y);
  const groups: number[][] = [];
  for (const i of order) {
    const last = groups[groups.length - 1];
    if (last && measures[i]!.area <= measures[last[0]!]!.area * 1.01) last.push(i);
    else groups.push([i]);
  }
  const centroids = measures.map((m) => m.centroid);
  const sets = groups
    .filter((g) => g.length >= minCount)
    .map((g) => ({ g, set: periodicSet(g, centroids, size, minCount) }))
    .filter((x): x is { g: number[]; set: NonNullable<ReturnType<typeof periodicSet>> } => x.set !== null);
  if (sets.length === 0) return null;
  sets.sort((x, y) => y.set.count - x.set.count || y.g.length - x.g.length || x.g[0]! - y.g[0]!);
  const best = sets[0]!;
  const { axis, center, count } = best.set;
  const sameAxis = sets.filter((x) => Math.abs(dot(x.set.axis, axis)) >= 1 - 1e-6 && norm(cross(sub(x.set.center, center), axis)) <= 1e-4 * size && count % x.set.count === 0);
  const surfaces = [...new Set(sameAxis.flatMap((x) => x.g))].sort((x, y) => x - y);
  let outer = 0, inner = Infinity;
  const p = part.positions, idx = part.indices;
  for (const s of surfaces) {
    const f = part.surfaces[s]!;
    for (let t = f.firstTriangle * 3; t < (f.firstTriangle + f.triangleCount) * 3; t++) {
      const v = idx[t]! * 3;
      const d = sub([p[v]!, p[v + 1]!, p[v + 2]!], center);
      const r = norm(sub(d, scale(axis, dot(d, axis))));
      if (r > outer) outer = r;
      if (r < inner) inner = r;
    }
  }
  let partRadius = 0;
  for (let v = 0; v < p.length; v += 3) {
    const d = sub([p[v]!, p[v + 1]!, p[v + 2]!], center);
    partRadius = Math.max(partRadius, norm(sub(d, scale(axis, dot(d, axis)))));
  }
  return { count, axis, center, group: [...best.g].sort((x, y) => x - y), surfaces, outerRadius: outer, innerRadius: inner, partRadius };
}

/**
 * The symmetry's axis and centre in the world frame, from the world centroids of its
 * defining faces (`views`: the views of all the part's surfaces, by index).
 */
export function worldAxis(sym: RotationalSymmetry, views: readonly SurfaceView[]): { center: Vec3; axis: Vec3 } {
  const world = sym.group.map((i) => views[i]!.centroid);
  const center = scale(world.reduce<Vec3>((s, q) => add(s, q), [0, 0, 0]), 1 / world.length);
  // the centroids lie in a plane perpendicular to the axis: the largest cross product of two radii
  let best: Vec3 = [0, 0, 0];
  for (let j = 1; j < world.length; j++) {
    const x = cross(sub(world[0]!, center), sub(world[j]!, center));
    if (norm(x) > norm(best)) best = x;
  }
  return { center, axis: canonical(unit(best)) };
}
