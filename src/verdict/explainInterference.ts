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
import type { SurfaceKindType } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import { displayPath } from '../model/paths.js';
import type { Part, Surface } from '../model/types.js';
import { coaxialOverlap } from './coaxialOverlap.js';
import type { PartPairVerdict } from './partPairVerdict.js';

export interface JudgedSurfacePair {
  surfaceA: number;
  surfaceB: number;
  kind: string;
  depth: number;
}

const mm = (x: number): string => `${x.toFixed(2)} mm`;

/** The sentence for a part pair, or undefined for a plain contact. */
export function explainPartPair(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, verdict: PartPairVerdict, pairs: JudgedSurfacePair[], allowance: number, root = ''): string | undefined {
  const name = (part: Part): string => displayPath(part.path, root);
  const open = verdict.openMesh ? ' (a mesh is open: inside and outside come from its generalized winding number)' : '';
  switch (verdict.kind) {
    case 'duplicate':
      return `${name(a)} and ${name(b)} are the same part drawn twice${verdict.offset && verdict.offset > allowance ? `, ${mm(verdict.offset)} apart` : ' at the same place'}: they overlap by ${mm(verdict.depth)}${open}`;
    case 'contained': {
      const [inner, outer] = verdict.inside === 'B' ? [b, a] : [a, b];
      return `${name(inner)} lies entirely inside ${name(outer)}, its deepest point ${mm(verdict.depth)} below the surface${open}`;
    }
    case 'interference': {
      const fit = coaxialOverlap(a, rigidA, b, rigidB, verdict.depth, allowance, pairs);
      const thread = fit && { screw: name(fit.outer), hole: name(fit.inner), rOuter: fit.rOuter, rInner: fit.rInner };
      if (thread) return `${thread.screw} overlaps ${thread.hole} by ${mm(verdict.depth)} over a cylindrical surface (Ø${(2 * thread.rOuter).toFixed(2)} in Ø${(2 * thread.rInner).toFixed(2)}): typical of a thread drawn at nominal diameter in a tap-drill hole${open}`;
      const deepest = pairs.filter((p) => p.kind === 'interference').sort((x, y) => y.depth - x.depth)[0];
      const where = deepest ? ` where ${article(kindOf(a.surfaces[deepest.surfaceA]!))} of ${name(a)} meets ${article(kindOf(b.surfaces[deepest.surfaceB]!))} of ${name(b)}` : '';
      return `${name(a)} overlaps ${name(b)} by ${mm(verdict.depth)}${where}${open}`;
    }
    default:
      if (pairs.some((p) => p.kind === 'edge')) return `${name(a)} touches ${name(b)} only along edges (no volume overlap)`;
      return undefined;
  }
}

function kindOf(s: Surface): SurfaceKindType {
  return surfaceKindOf(s).type;
}

const article = (type: SurfaceKindType): string => (type === 'freeform' ? 'a freeform surface' : `a ${type}`);
