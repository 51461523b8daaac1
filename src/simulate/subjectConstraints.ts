/**
 * The constraints a removal question about a few subjects reads, recognised for those parts
 * only: which way one screw can come out does not depend on how the other 140 parts of a
 * gripper are mated, and recognising all of them is most of the time `surfcd removal --part`
 * would take.
 *
 * What `removalAnalysis` reads, and so what must be recognised:
 * - the subjects' own constraints (candidate directions, the moves their contacts forbid,
 *   the unscrew motion, what they are threaded to): every pair with a subject;
 * - for `heldBy`'s "clamped", the threaded joints of a fastener that passes through a
 *   subject and is threaded to another part: every pair of such a fastener too.
 * Constraints are recognised per part pair, so the ones found for these pairs are the ones a
 * whole-assembly recognition finds (the `select` of `recognizeConstraints`).
 */
import { recognizeConstraints } from '../constraints/recognize.js';
import { fastenerAnalysis } from '../constraints/fasteners.js';
import { DEFAULT_CLEARANCE } from '../constraints/recognize.js';
import { sizeReach } from '../constraints/drafts.js';
import type { ConstraintReport } from '../constraints/types.js';
import { aabbsOverlap, growAabb, transformAabb, type Aabb } from '../math/aabb.js';
import type { Pose, Rigid } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';

/**
 * Parts (indices) whose constraints removal needs for `subjects`: the subjects, and each
 * fastener within a fit's reach of a subject that is threaded into a part outside them.
 */
export function removalNeighbourhood(assembly: Assembly, poses: readonly Rigid[], subjects: readonly number[], tolerance: number): number[] {
  const own = new Set(subjects);
  const reach = (i: number): number => Math.max(tolerance, DEFAULT_CLEARANCE, sizeReach(assembly.parts[i]!));
  const grown = (i: number): Aabb => growAabb(transformAabb(assembly.parts[i]!.bounds, poses[i]!), reach(i));
  const subjectBoxes = subjects.map(grown);
  const shapes = fastenerAnalysis(assembly, poses, tolerance, Math.PI / 180);
  const out = new Set(subjects);
  for (let j = 0; j < assembly.parts.length; j++) {
    if (own.has(j)) continue;
    const box = grown(j);
    if (!subjectBoxes.some((b) => aabbsOverlap(b, box))) continue;
    if (shapes.jointsOf(j).some((joint) => !own.has(joint.mate))) out.add(j);
  }
  return [...out].sort((a, b) => a - b);
}

/** The constraints of every pair holding one of `parts` (see `removalNeighbourhood`), as `recognizeConstraints` finds them. */
export function constraintsAround(assembly: Assembly, parts: readonly number[], options: { tolerance: number; poses?: Record<string, Pose> | Map<string, Pose> }): ConstraintReport {
  const everyone = new Set(assembly.parts.map((p) => p.path));
  const chosen = new Set(parts.map((i) => assembly.parts[i]!.path));
  return recognizeConstraints(assembly, { tolerance: options.tolerance, ...(options.poses ? { poses: options.poses } : {}), select: { parts: chosen, against: everyone } });
}
