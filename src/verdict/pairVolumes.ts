/**
 * Interference volumes for the interfering part pairs of a contacts report, kept apart from
 * the report itself: a map from "partA\u0000partB" to the pair's overlap volume and centroid.
 */
import { emptyAabb, intersectAabbs, transformAabb } from '../math/aabb.js';
import type { Assembly } from '../model/types.js';
import { resolvePoses, type ContactOptions } from './findContacts.js';
import { overlapVolume, type ManifoldModule, type OverlapVolume } from './interferenceVolume.js';

export const pairKey = (partA: string, partB: string): string => `${partA}\u0000${partB}`;

export interface PairVolumeOptions {
  manifold?: ManifoldModule | null;
  poses?: ContactOptions['poses'];
  samples?: number;
  /** Called with each estimate's reason when manifold-3d was tried and failed. */
  onWarning?: (message: string) => void;
}

export function pairVolumes(assembly: Assembly, pairs: readonly { partA: string; partB: string }[], options: PairVolumeOptions = {}): Map<string, OverlapVolume> {
  const poses = resolvePoses(assembly, options.poses);
  const index = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  const out = new Map<string, OverlapVolume>();
  for (const { partA, partB } of pairs) {
    const i = index.get(partA), j = index.get(partB);
    if (i === undefined || j === undefined) continue;
    const a = assembly.parts[i]!, b = assembly.parts[j]!;
    const box = emptyAabb();
    if (!intersectAabbs(transformAabb(a.bounds, poses[i]!), transformAabb(b.bounds, poses[j]!), box)) {
      out.set(pairKey(partA, partB), { volume: 0, centroid: null, volumeMethod: 'exact' });
      continue;
    }
    const v = overlapVolume(a, poses[i]!, b, poses[j]!, box, { manifold: options.manifold ?? null, ...(options.samples !== undefined ? { samples: options.samples } : {}) });
    if (v.warning) options.onWarning?.(v.warning);
    out.set(pairKey(partA, partB), v);
  }
  return out;
}
