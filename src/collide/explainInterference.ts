/**
 * One sentence per interfering (or edge-only) part pair, naming the class when the
 * surface kinds make it recognizable, so a reviewer can hide whole classes:
 * - a convex cylinder of one part coaxial inside a concave, slightly smaller cylinder of
 *   the other, overlapping by their radius difference: a thread drawn at nominal
 *   diameter in its tap-drill hole;
 * - coincident copies of one part; a part buried in another;
 * - faces meeting only along an edge (contact, no volume).
 */
import type { Rigid } from '../math/rigid.js';
import { distanceToLine, dot3 } from '../model/kindDistance.js';
import { surfaceKindToWorld, type CylinderKind, type SurfaceKindType } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import type { Part, Surface } from '../model/types.js';
import { radialSense } from './allowance.js';
import type { PartPairVerdict } from './partPairVerdict.js';

export interface JudgedSurfacePair {
  surfaceA: number;
  surfaceB: number;
  kind: string;
  depth: number;
}

const mm = (x: number): string => `${x.toFixed(2)} mm`;

/** The sentence for a part pair, or undefined for a plain contact. */
export function explainPartPair(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, verdict: PartPairVerdict, pairs: JudgedSurfacePair[], allowance: number): string | undefined {
  const open = verdict.openMesh ? ' (a mesh is open, so the depth is the triangles\' estimate)' : '';
  switch (verdict.kind) {
    case 'duplicate':
      return `${a.path} and ${b.path} are the same part drawn twice${verdict.offset && verdict.offset > allowance ? `, ${mm(verdict.offset)} apart` : ' at the same place'}: they overlap by ${mm(verdict.depth)}`;
    case 'contained': {
      const [inner, outer] = verdict.inside === 'B' ? [b, a] : [a, b];
      return `${inner.path} lies entirely inside ${outer.path}, its deepest point ${mm(verdict.depth)} below the surface`;
    }
    case 'interference': {
      const thread = threadInHole(a, rigidA, b, rigidB, verdict.depth, allowance, pairs);
      if (thread) return `${thread.screw} overlaps ${thread.hole} by ${mm(verdict.depth)} over a cylindrical surface (Ø${(2 * thread.rOuter).toFixed(2)} in Ø${(2 * thread.rInner).toFixed(2)}): typical of a thread drawn at nominal diameter in a tap-drill hole${open}`;
      const deepest = pairs.filter((p) => p.kind === 'interference').sort((x, y) => y.depth - x.depth)[0];
      const where = deepest ? ` where ${article(kindOf(a.surfaces[deepest.surfaceA]!))} of ${a.path} meets ${article(kindOf(b.surfaces[deepest.surfaceB]!))} of ${b.path}` : '';
      return `${a.path} overlaps ${b.path} by ${mm(verdict.depth)}${where}${open}`;
    }
    default:
      if (pairs.some((p) => p.kind === 'edge')) return `${a.path} touches ${b.path} only along edges (no volume overlap)`;
      return undefined;
  }
}

function kindOf(s: Surface): SurfaceKindType {
  return surfaceKindOf(s).type;
}

const article = (type: SurfaceKindType): string => (type === 'freeform' ? 'a freeform surface' : `a ${type}`);

/**
 * A convex cylinder of one part and a concave, smaller, coaxial cylinder of the other,
 * whose radius difference is the depth (within the allowance, or 10 %).
 */
function threadInHole(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, depth: number, allowance: number, pairs: JudgedSurfacePair[]): { screw: string; hole: string; rOuter: number; rInner: number } | null {
  const touched = (part: Part, rigid: Rigid, side: 'A' | 'B'): { kind: CylinderKind; sense: number }[] => {
    const ids = new Set(pairs.map((p) => (side === 'A' ? p.surfaceA : p.surfaceB)));
    // also the part's other cylinders: a thread and its hole do not cross each other
    for (const s of part.surfaces) if (surfaceKindOf(s).type === 'cylinder') ids.add(s.index);
    const out: { kind: CylinderKind; sense: number }[] = [];
    for (const i of ids) {
      const s = part.surfaces[i]!;
      const k = surfaceKindOf(s);
      if (k.type !== 'cylinder') continue;
      out.push({ kind: surfaceKindToWorld(k, rigid) as CylinderKind, sense: radialSense(s) });
    }
    return out;
  };
  const cylA = touched(a, rigidA, 'A'), cylB = touched(b, rigidB, 'B');
  const margin = Math.max(allowance, 0.1 * depth);
  for (const [outerSet, innerSet, screw, hole] of [[cylA, cylB, a.path, b.path], [cylB, cylA, b.path, a.path]] as const) {
    for (const o of outerSet) {
      if (o.sense <= 0) continue;
      for (const i of innerSet) {
        if (i.sense >= 0 || !(o.kind.radius > i.kind.radius)) continue;
        if (Math.abs(dot3(o.kind.axis, i.kind.axis)) < 1 - 1e-4) continue;
        if (distanceToLine(i.kind.point, o.kind.point, o.kind.axis) > margin) continue;
        const diff = o.kind.radius - i.kind.radius;
        if (Math.abs(diff - depth) <= margin && diff < 0.25 * o.kind.radius) return { screw, hole, rOuter: o.kind.radius, rInner: i.kind.radius };
      }
    }
  }
  return null;
}
