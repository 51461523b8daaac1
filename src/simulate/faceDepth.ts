/**
 * How deep the faces of a contact have gone into the other part: triangle centroids of a
 * surface of one part tested against the other part's solid (point-in-solid, then distance
 * to its surface). Vertices alone miss the face-to-face case — two washers stacked on one
 * peg have every vertex on the other's boundary circles — so the removal sweep confirms
 * events with the faces' interiors as well as with `solidPenetration`.
 */
import { distanceToPart, pointInPart } from '../verdict/partSolid.js';
import { relativeRigid, type Rigid } from '../math/rigid.js';
import type { Surface } from '../model/types.js';

/** Centroids examined per surface at most (evenly thinned beyond). */
const MAX_CENTROIDS = 160;
const closest = new Float64Array(3);

/** Deepest centroid of `surface` (its part at `pose`) inside `other`'s part (at `otherPose`), mm; 0 if none. */
export function surfaceDepthInto(surface: Surface, pose: Rigid, other: Surface['part'], otherPose: Rigid): number {
  const part = surface.part;
  const toOther = relativeRigid(otherPose, pose); // part-local → other-local
  const { positions: P, indices: I } = part;
  const stride = Math.max(1, Math.ceil(surface.triangleCount / MAX_CENTROIDS));
  let deepest = 0;
  for (let k = 0; k < surface.triangleCount; k += stride) {
    const t = surface.firstTriangle + k;
    let x = 0, y = 0, z = 0;
    for (let v = 0; v < 3; v++) {
      const i = 3 * I[3 * t + v]!;
      x += P[i]!; y += P[i + 1]!; z += P[i + 2]!;
    }
    x /= 3; y /= 3; z /= 3;
    const m = toOther;
    const ox = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!, oy = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!, oz = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
    if (pointInPart(other, ox, oy, oz) !== 'inside') continue;
    const d = distanceToPart(other, ox, oy, oz, closest);
    if (Number.isFinite(d) && d > deepest) deepest = d;
  }
  return deepest;
}

/** The larger of: A's surface inside B, and B's surface inside A. */
export function contactFaceDepth(sa: Surface, poseA: Rigid, sb: Surface, poseB: Rigid): number {
  return Math.max(surfaceDepthInto(sa, poseA, sb.part, poseB), surfaceDepthInto(sb, poseB, sa.part, poseA));
}
