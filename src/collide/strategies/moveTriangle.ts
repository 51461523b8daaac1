// Step 5 on B's side, shared by the two per-triangle strategies (leafBatch.ts, perSurface.ts):
// triangle `slot` of B's tree, if its box meets OAABB_B, moved into A's frame, its box grown
// by the reach and clipped by OAABB_A into scratch.clipped.
import { intersectAabbs } from '../../math/aabb.js';
import type { BoxTree } from '../../model/types.js';
import { boxOverlaps } from '../../traverse/leafQuery.js';
import { triangleBox } from '../../traverse/triangles.js';
import type { QueryRun } from '../queryRun.js';
import type { QueryScratch } from '../queryScratch.js';

/** B's triangle at `slot` of `treeB`, loaded into run.pairTest and clipped; its part-global index, or -1 when its box misses. */
export function moveTriangleB(run: QueryRun, scratch: QueryScratch, treeB: BoxTree, slot: number): number {
  const stats = run.stats!;
  stats.aabbTests++;
  if (!boxOverlaps(treeB.itemBoxes, slot, scratch.oaabbB)) return -1;
  const tb = run.surfaceB!.firstTriangle + treeB.itemIds[slot]!;
  run.pairTest.loadB(run.b!, tb, run.bToA);
  triangleBox(run.pairTest.triB, run.reach, scratch.triBox);
  stats.aabbUpdates++;
  return intersectAabbs(scratch.triBox, scratch.oaabbA, scratch.clipped) ? tb : -1;
}
