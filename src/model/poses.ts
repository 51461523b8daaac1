// Poses and parts by path: what every command and query that names parts by path needs.
import { SurfcdError } from '../errors.js';
import { identityRigid, toRigid, type Pose, type Rigid } from '../math/rigid.js';
import type { Assembly, Part } from './types.js';
import { assertPose } from './validate.js';

/** Poses by part path; parts not named stay where the file placed them. */
export type PosesByPath = Record<string, Pose> | Map<string, Pose>;

/** Poses per part index from poses by part path (unnamed parts stay where the file put them). */
export function resolvePoses(assembly: Assembly, given: PosesByPath | undefined): Rigid[] {
  const poses = assembly.parts.map(() => identityRigid());
  if (!given) return poses;
  const byPath = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  const entries = given instanceof Map ? [...given.entries()] : Object.entries(given);
  for (const [path, pose] of entries) {
    const i = byPath.get(path);
    if (i === undefined) throw unknownPart(assembly, path);
    assertPose(pose, 'poses', `pose of part "${path}"`);
    poses[i] = toRigid(pose, `pose of part "${path}"`);
  }
  return poses;
}

/** UNKNOWN_PART naming the closest paths, since paths are long and easy to mistype. */
export function unknownPart(assembly: Assembly, path: string): SurfcdError {
  const known = assembly.parts.map((p) => p.path);
  const close = known.filter((k) => k.includes(path) || path.includes(k.replace(/#\d+$/, ''))).slice(0, 5);
  const hint = close.length > 0 ? `did you mean ${close.map((c) => `"${c}"`).join(', ')}?` : `known parts: ${known.slice(0, 8).map((c) => `"${c}"`).join(', ')}${known.length > 8 ? ', …' : ''}`;
  return new SurfcdError('UNKNOWN_PART', `no part with path "${path}" in ${assembly.name}; ${hint}`);
}

export function findPart(assembly: Assembly, path: string): Part {
  const part = assembly.parts.find((p) => p.path === path);
  if (!part) throw unknownPart(assembly, path);
  return part;
}
