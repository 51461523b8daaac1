/**
 * The yes/no form of `solidPenetration(a, b).depth > depth`, for callers that only need
 * to know whether two posed solids interpenetrate deeper than a threshold (a removal sweep
 * confirming a block). The same samples (forEachSolidSample), the same inside test; each
 * inside sample's nearest-surface search is bounded by the threshold (far boxes pruned at
 * once), and the first sample deeper than it ends the check.
 */
import { invertRigid, relativeRigid, type Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import { distanceToPart, partIsClosed, pointInPart } from './partSolid.js';
import { forEachSolidSample } from './penetration.js';

const closest = new Float64Array(3);

/** True when a sample of either solid lies inside the other deeper than `depth` (mm); null when a mesh is open. */
export function solidDeeperThan(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, depth: number, maxSamples = 1200): boolean | null {
  if (!partIsClosed(a) || !partIsClosed(b)) return null;
  // distanceToPart(…, limit) returns sqrt(limit²) when nothing is closer than the limit.
  const limit = Math.sqrt(depth * depth);
  const bToA = relativeRigid(rigidA, rigidB);
  const aToB = invertRigid(bToA);
  let deeper = false;
  const check = (into: Part, m: Rigid, x: number, y: number, z: number): void => {
    if (deeper) return;
    const px = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    const py = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
    const pz = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
    if (pointInPart(into, px, py, pz) !== 'inside') return;
    if (distanceToPart(into, px, py, pz, closest, limit) >= limit) deeper = true;
  };
  forEachSolidSample(a, maxSamples, (x, y, z) => check(b, aToB, x, y, z));
  if (!deeper) forEachSolidSample(b, maxSamples, (x, y, z) => check(a, bToA, x, y, z));
  return deeper;
}
