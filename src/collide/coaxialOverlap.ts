/**
 * A part pair that overlaps because a round thing is drawn larger than its round hole: a
 * convex cylinder of one part coaxial inside a concave, smaller cylinder of the other,
 * with the radius difference equal to the pair's depth. A thread drawn at nominal
 * diameter in its tap-drill hole and a press-fit pin both look like this; the diameters
 * tell them apart (see src/review/classify.ts).
 */
import type { Rigid } from '../math/rigid.js';
import { distanceToLine, dot3 } from '../model/kindDistance.js';
import { surfaceKindToWorld, type CylinderKind } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import type { Part } from '../model/types.js';
import { radialSense } from './allowance.js';

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
