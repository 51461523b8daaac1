/**
 * `--volumes` of contacts and report: the interfering part pairs' overlap volumes, with
 * manifold-3d started only here (a cold `contacts` run never loads it), and what fell back
 * to an estimate said on stderr.
 */
import type { OverlapVolume } from '../collide/interferenceVolume.js';
import type { Pose } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';

export async function interferenceVolumes(assembly: Assembly, pairs: readonly { partA: string; partB: string }[], poses?: Record<string, Pose>): Promise<Map<string, OverlapVolume>> {
  const [{ startManifold }, { pairVolumes }] = await Promise.all([import('../collide/manifoldStart.js'), import('../collide/pairVolumes.js')]);
  const manifold = await startManifold();
  return pairVolumes(assembly, pairs, { manifold, ...(poses ? { poses } : {}), onWarning: (m) => process.stderr.write(`surfcd: warning: ${m}\n`) });
}
