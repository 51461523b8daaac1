/**
 * Directions a part's own contacts forbid, decided from the recognised constraints alone
 * (no sweep): moving into the face it rests on (`against`), or sideways out of a fitted
 * hole or shaft (`coaxial`/`insert` with no clearance). These are blocked at 0 mm.
 *
 * A part in a `threaded` joint is blocked along every direction: only a screw moves it.
 *
 * Contacts the constraints do not describe (freeform faces, spherical seats, clearance
 * fits) are left to the sweep, which finds the same blocks, only slower.
 */
import type { Constraint, Vec3 } from '../constraints/types.js';

/** |sin| of the angle below which a direction counts as sliding along a face or axis. */
export const SLIDE_TOLERANCE = 1e-6;

export interface LocalBlock {
  /** The constraint that forbids the direction. */
  constraint: Constraint;
  /** The part (not moving) whose face forbids it. */
  other: string;
  /** A sentence for reports. */
  reason: string;
}

const dot = (a: readonly number[], b: readonly number[]): number => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;

/**
 * The first constraint tying `moving` to a part outside it that forbids a move along the
 * unit vector `d`, or null when the constraints allow it (the sweep still decides).
 */
export function locallyBlocked(constraints: readonly Constraint[], moving: ReadonlySet<string>, d: Vec3): LocalBlock | null {
  for (const c of constraints) {
    const aMoves = moving.has(c.partA), bMoves = moving.has(c.partB);
    if (aMoves === bMoves) continue;
    const other = aMoves ? c.partB : c.partA;
    if (c.kind === 'threaded') {
      // A thread holds along its axis as much as across it: only a screw about the axis moves it.
      return { constraint: c, other, reason: `held by the ${threadName(c)} thread of ${other} (unscrew it first)` };
    }
    if (c.kind === 'against' && Array.isArray(c.params['normal'])) {
      // the normal points out of partA's material into partB
      const along = dot(d, c.params['normal'] as number[]);
      const into = bMoves ? -along : along;
      if (into > SLIDE_TOLERANCE) {
        return { constraint: c, other, reason: `into the face it rests on (against ${other}, surfaces ${faces(c, aMoves)})` };
      }
    } else if ((c.kind === 'coaxial' || c.kind === 'insert') && c.params['fit'] === true && Array.isArray(c.params['axis'])) {
      const a = c.params['axis'] as number[];
      const l = Math.hypot(a[0]!, a[1]!, a[2]!);
      const along = dot(d, a) / l;
      const sideways = Math.sqrt(Math.max(0, 1 - along * along));
      if (sideways > SLIDE_TOLERANCE) {
        return { constraint: c, other, reason: `sideways to the fitted axis it shares with ${other} (${c.kind}, surfaces ${faces(c, aMoves)})` };
      }
    }
  }
  return null;
}

function faces(c: Constraint, aMoves: boolean): string {
  const own = aMoves ? c.surfacesA : c.surfacesB;
  const theirs = aMoves ? c.surfacesB : c.surfacesA;
  return `${own.join(' ')} / ${theirs.join(' ')}`;
}

/** `M10`, or `Ø7.3 mm` when no thread table holds the size. */
export function threadName(c: Constraint): string {
  const designation = c.params['designation'];
  return typeof designation === 'string' ? designation : `Ø${Number(c.params['nominal'])} mm`;
}
