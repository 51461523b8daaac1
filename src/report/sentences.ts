/** One plain sentence per report item, e.g. "bolt Ø10 cylinder (surface 3) sits in plate Ø10.5 hole (surface 6) with 0.25 mm radial clearance". */
import type { Constraint, SurfaceView } from '../constraints/types.js';
import type { ItemKind } from './reportModel.js';
import { mm, partLabel, surfaceNoun } from './surfaceWords.js';

interface PairFacts {
  partA: string;
  partB: string;
  relation: 'touching' | 'intersecting';
  why: string | null;
  depth: number;
  direction: [number, number, number] | null;
}

/** What a contact that crosses still is, in words (the verdict's reason). */
const WHY: Record<string, string> = {
  'within-allowance': ' (facets cross within the tessellation error)',
  coincident: ' (the same fitted surface)',
  edge: ' (along an edge)',
};

const phrase = (path: string, v: SurfaceView): string => `${partLabel(path)} ${surfaceNoun(v.kind, v.sense)} (surface ${v.index})`;

/** Which side is the hole of a fit: the constraint's `hole` param, else the concave surface. */
function holeIsA(c: Constraint | null, a: SurfaceView, b: SurfaceView): boolean {
  if (c && (c.params['hole'] === 'A' || c.params['hole'] === 'B')) return c.params['hole'] === 'A';
  return a.sense === 'concave' && b.sense !== 'concave';
}

export function contactSentence(kind: ItemKind, f: PairFacts, a: SurfaceView, b: SurfaceView, c: Constraint | null): string {
  const A = phrase(f.partA, a), B = phrase(f.partB, b);
  if (kind === 'interference') {
    const out = f.direction ? `; moving ${partLabel(f.partA)} ${mm(f.depth)} mm along (${f.direction.map(mm).join(', ')}) separates them` : '';
    return `${A} interferes with ${B} by ${mm(f.depth)} mm${c ? ` (they form a ${c.kind} constraint)` : ''}${out}`;
  }
  const crossing = f.why ? (WHY[f.why] ?? '') : '';
  switch (c?.kind) {
    case 'against':
      return `${A} lies flat against ${B}${crossing}`;
    case 'coaxial':
    case 'insert':
    case 'spherical':
    case 'conical': {
      if (!c || a.kind.type === 'plane' || b.kind.type === 'plane') break;
      const [inner, outer] = holeIsA(c, a, b) ? [B, A] : [A, B];
      const fit = c.params['fit'] === true || !(typeof c.params['clearance'] === 'number' && c.params['clearance'] > 0) ? 'with no clearance' : `with ${mm(c.params['clearance'] as number)} mm radial clearance`;
      return `${inner} ${c.kind === 'conical' ? 'seats' : 'fits'} in ${outer} ${fit}${crossing}`;
    }
    case 'tangent':
      return `${A} is tangent to ${B}${crossing}`;
    case undefined:
      break;
    default:
      return `${A} touches ${B} (${c!.kind})${crossing}`;
  }
  return `${A} touches ${B}${crossing}`;
}

export function clearanceSentence(c: Constraint, a: SurfaceView, b: SurfaceView, gap: number): string {
  const A = phrase(c.partA, a), B = phrase(c.partB, b);
  const [inner, outer] = holeIsA(c, a, b) ? [B, A] : [A, B];
  return `${inner} sits in ${outer} with ${mm(gap)} mm radial clearance`;
}
