/** Plain words for surfaces and numbers in report sentences ("Ø10 cylinder", "Ø10.5 hole"). */
import type { SurfaceKind } from '../model/surfaceKind.js';
import type { SurfaceSense } from '../constraints/types.js';

/** Up to 3 decimals, trailing zeros dropped, never "-0". */
export function mm(x: number): string {
  const s = x.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** What a reviewer calls the surface: "flat face", "Ø10 cylinder", "Ø10.5 hole", "SØ20 ball". */
export function surfaceNoun(kind: SurfaceKind, sense: SurfaceSense): string {
  const hollow = sense === 'concave';
  switch (kind.type) {
    case 'plane':
      return 'flat face';
    case 'cylinder':
      return `Ø${mm(2 * kind.radius)} ${hollow ? 'hole' : 'cylinder'}`;
    case 'sphere':
      return `SØ${mm(2 * kind.radius)} ${hollow ? 'socket' : 'ball'}`;
    case 'cone':
      return `${mm((2 * kind.halfAngle * 180) / Math.PI)}° ${hollow ? 'conical seat' : 'cone'}`;
    case 'torus':
      return `R${mm(kind.minor)} ${hollow ? 'fillet' : 'torus'}`;
    case 'freeform':
      return 'freeform face';
  }
}

/** Short label of the last path segment, for sentences ("as1/plate" → "plate"). */
export function partLabel(path: string): string {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last === '' ? path : last;
}
