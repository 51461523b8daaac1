import { SurfcdError } from '../errors.js';
import { toRigid, type Pose, type Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import { assertPart, assertPose } from '../model/validate.js';

import type { Vec3 } from '../math/vec3.js';

export type { Vec3 };

/** Validates two poses, naming the query and the part in the message. */
export function readPoses(a: Part, poseA: Pose, b: Part, poseB: Pose, query: string): [Rigid, Rigid] {
  assertPart(a, query, 'part A'); assertPart(b, query, 'part B');
  assertPose(poseA, query, 'poseA'); assertPose(poseB, query, 'poseB'); // null is not "no motion"
  return [toRigid(poseA, `${query}: pose of part "${a.path}"`), toRigid(poseB, `${query}: pose of part "${b.path}"`)];
}

/** Three finite numbers, or INVALID_OPTION naming `what`. */
export function readVector(value: ArrayLike<number> | undefined, what: string): Vec3 {
  if (!value || typeof value.length !== 'number' || value.length !== 3) throw new SurfcdError('INVALID_OPTION', `${what}: expected [x, y, z]`);
  for (let i = 0; i < 3; i++) {
    if (typeof value[i] !== 'number' || !Number.isFinite(value[i])) throw new SurfcdError('INVALID_OPTION', `${what}[${i}] is ${String(value[i])}, expected a finite number`);
  }
  return [value[0]!, value[1]!, value[2]!];
}
