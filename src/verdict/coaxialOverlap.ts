/**
 * A part pair that overlaps because a round thing is drawn larger than its round hole: a
 * convex cylinder of one part coaxial inside a concave, smaller cylinder of the other,
 * with the radius difference equal to the pair's depth. A thread drawn at nominal
 * diameter in its tap-drill hole and a press-fit pin both look like this; the diameters
 * tell them apart (see src/review/classify.ts).
 */
import { aabbsOverlap, growAabb, transformAabb } from '../math/aabb.js';
import type { Rigid } from '../math/rigid.js';
import { distanceToLine, dot3 } from '../model/kindDistance.js';
import { surfaceKindToWorld, type CylinderKind } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import type { Part, Surface } from '../model/types.js';
import { coincidenceTolerance, radialSense } from './allowance.js';

export interface CoaxialOverlap {
  /** The part with the convex cylinder (screw, pin, shaft), and the one with the hole. */
  outer: Part;
  inner: Part;
  rOuter: number;
  rInner: number;
  /** World axis of the convex cylinder. */
  axis: CylinderKind['axis'];
  point: CylinderKind['point'];
}

/**
 * The coaxial shaft-in-smaller-hole that explains `depth` (within the allowance, or 10 %),
 * with a radius difference under a quarter of the shaft's radius; null when none does.
 * `pairs` are the part pair's judged surface pairs; every cylinder of both parts is looked
 * at, because a thread and its hole need not cross each other's facets.
 */
export function coaxialOverlap(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, depth: number, allowance: number, pairs: readonly { surfaceA: number; surfaceB: number }[]): CoaxialOverlap | null {
  const cylinders = (part: Part, rigid: Rigid, side: 'A' | 'B'): { kind: CylinderKind; sense: number }[] => {
    const ids = new Set(pairs.map((p) => (side === 'A' ? p.surfaceA : p.surfaceB)));
    for (const s of part.surfaces) if (surfaceKindOf(s).type === 'cylinder') ids.add(s.index);
    const out: { kind: CylinderKind; sense: number }[] = [];
    for (const i of [...ids].sort((x, y) => x - y)) {
      const s = part.surfaces[i]!;
      const k = surfaceKindOf(s);
      if (k.type !== 'cylinder') continue;
      out.push({ kind: surfaceKindToWorld(k, rigid) as CylinderKind, sense: radialSense(s) });
    }
    return out;
  };
  const cylA = cylinders(a, rigidA, 'A'), cylB = cylinders(b, rigidB, 'B');
  const margin = Math.max(allowance, 0.1 * depth);
  for (const [outerSet, innerSet, outer, inner] of [[cylA, cylB, a, b], [cylB, cylA, b, a]] as const) {
    for (const o of outerSet) {
      if (o.sense <= 0) continue;
      for (const i of innerSet) {
        if (i.sense >= 0 || !(o.kind.radius > i.kind.radius)) continue;
        if (Math.abs(dot3(o.kind.axis, i.kind.axis)) < 1 - 1e-4) continue;
        if (distanceToLine(i.kind.point, o.kind.point, o.kind.axis) > margin) continue;
        const diff = o.kind.radius - i.kind.radius;
        if (Math.abs(diff - depth) <= margin && diff < 0.25 * o.kind.radius) {
          return { outer, inner, rOuter: o.kind.radius, rInner: i.kind.radius, axis: o.kind.axis, point: o.kind.point };
        }
      }
    }
  }
  return null;
}

/**
 * A shaft drawn larger than its coaxial hole, seen on the fitted cylinders alone: the two
 * faceted cylinders need not cross at all (the shaft's facets lie wholly in the other part's
 * material), so the surface pairs cannot show it. Returns the deepest such radial overlap
 * beyond the fits' coincidence tolerance, where the two cylinders share some length along
 * the axis; null when there is none. Shafts are looked for among the pair's surfaces, holes
 * among the other part's surfaces near each shaft (fitting only those).
 */
export function fittedShaftInHole(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, tolerance: number, pairs: readonly { surfaceA: number; surfaceB: number }[]): CoaxialOverlap & { depth: number } | null {
  let best: (CoaxialOverlap & { depth: number }) | null = null;
  for (const [outer, rigidOut, inner, rigidIn, side] of [[a, rigidA, b, rigidB, 'A'], [b, rigidB, a, rigidA, 'B']] as const) {
    // the shaft's cylinder crosses the faces it passes, so it is in the pairs; the hole need not be
    const shafts = new Set(pairs.map((p) => (side === 'A' ? p.surfaceA : p.surfaceB)));
    for (const index of [...shafts].sort((x, y) => x - y)) {
      const so = outer.surfaces[index]!;
      const ko = surfaceKindOf(so);
      if (ko.type !== 'cylinder' || radialSense(so) <= 0) continue;
      const o = surfaceKindToWorld(ko, rigidOut) as CylinderKind;
      const reach = growAabb(transformAabb(so.bounds, rigidOut), tolerance);
      for (const si of inner.surfaces) {
        if (!aabbsOverlap(reach, transformAabb(si.bounds, rigidIn))) continue;
        const ki = surfaceKindOf(si);
        if (ki.type !== 'cylinder' || radialSense(si) >= 0) continue;
        const i = surfaceKindToWorld(ki, rigidIn) as CylinderKind;
        const diff = o.radius - i.radius;
        const fit = coincidenceTolerance(so, rigidOut, si, rigidIn, tolerance);
        if (!(diff > fit) || diff >= 0.25 * o.radius || (best && diff <= best.depth)) continue;
        if (Math.abs(dot3(o.axis, i.axis)) < 1 - 1e-4 || distanceToLine(i.point, o.point, o.axis) > fit) continue;
        const [o0, o1] = axialRange(so, rigidOut, o), [i0, i1] = axialRange(si, rigidIn, o);
        if (Math.min(o1, i1) - Math.max(o0, i0) <= tolerance) continue;
        best = { outer, inner, rOuter: o.radius, rInner: i.radius, axis: o.axis, point: o.point, depth: diff };
      }
    }
  }
  return best;
}

/** The surface's extent along a world axis (its vertices projected on it). */
function axialRange(s: Surface, rigid: Rigid, along: CylinderKind): [number, number] {
  const { positions: p, indices } = s.part;
  const [ax, ay, az] = along.axis;
  let lo = Infinity, hi = -Infinity;
  for (let t = s.firstTriangle; t < s.firstTriangle + s.triangleCount; t++) {
    for (let k = 0; k < 3; k++) {
      const v = 3 * indices[3 * t + k]!;
      const x = p[v]!, y = p[v + 1]!, z = p[v + 2]!;
      const wx = rigid[0]! * x + rigid[1]! * y + rigid[2]! * z + rigid[3]!;
      const wy = rigid[4]! * x + rigid[5]! * y + rigid[6]! * z + rigid[7]!;
      const wz = rigid[8]! * x + rigid[9]! * y + rigid[10]! * z + rigid[11]!;
      const d = wx * ax + wy * ay + wz * az;
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
  }
  return [lo, hi];
}
