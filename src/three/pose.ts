import { SurfcdError } from '../errors.js';
import { invertMatrix4, multiplyMatrix4 } from '../math/matrix4.js';
import { toRigid } from '../math/rigid.js';

/** Structural subset of a three.js Object3D. */
export interface Object3DLike {
  name?: string;
  matrixWorld: { elements: ArrayLike<number> };
  updateWorldMatrix?: (updateParents: boolean, updateChildren: boolean) => void;
}

/**
 * The pose to pass to `collide` for a three.js object: its `matrixWorld` (brought up to date
 * first), column-major. With `relativeTo`, the pose in that object's frame instead:
 * inverse(relativeTo.matrixWorld) × object.matrixWorld — use the scene node that carries a
 * unit scale (e.g. a model root scaled mm → m), so the poses of the parts below it are rigid.
 * Throws INVALID_POSE naming the object when the result is not rigid.
 */
export function poseOf(object: Object3DLike, relativeTo?: Object3DLike | null): Float64Array {
  const label = (o: Object3DLike | null | undefined): string => (o && typeof o.name === 'string' && o.name !== '' ? `"${o.name}"` : '(unnamed)');
  const world = (o: Object3DLike, what: string): ArrayLike<number> => {
    if (!o || typeof o !== 'object' || !o.matrixWorld || !o.matrixWorld.elements || o.matrixWorld.elements.length !== 16) {
      throw new SurfcdError('INVALID_POSE', `poseOf: ${what} is not an Object3D (expected matrixWorld.elements with 16 numbers)`);
    }
    if (typeof o.updateWorldMatrix === 'function') o.updateWorldMatrix(true, false);
    return o.matrixWorld.elements;
  };
  let pose: Float64Array = Float64Array.from(world(object, 'the object'));
  if (relativeTo) {
    const inverse = invertMatrix4(world(relativeTo, 'relativeTo'));
    if (!inverse) throw new SurfcdError('INVALID_POSE', `poseOf: the matrixWorld of ${label(relativeTo)} (relativeTo) is singular`);
    pose = multiplyMatrix4(inverse, pose);
  }
  toRigid(pose, `poseOf(${label(object)})${relativeTo ? ` relative to ${label(relativeTo)}` : ''}`);
  return pose;
}
