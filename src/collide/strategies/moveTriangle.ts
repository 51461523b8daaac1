// Step 5 on B's side, shared by the two per-triangle strategies (leafBatch.ts, perSurface.ts):
// triangle `slot` of B's tree, if its box meets OAABB_B, moved into A's frame, its box grown
// by the reach and clipped by OAABB_A into scratch.clipped. Everything it reads comes in as
// an argument, from the strategy's locals: it runs once per B triangle.
import { intersectAabbs, type Aabb } from '../../math/aabb.js';
import type { Rigid } from '../../math/rigid.js';
import type { BoxTree, Part } from '../../model/types.js';
import { boxOverlaps } from '../../traverse/leafQuery.js';
import type { TrianglePairTest } from '../../traverse/pairTest.js';
import type { QueryStats } from '../../traverse/stats.js';
import { triangleBox } from '../../traverse/triangles.js';
import type { QueryScratch } from '../queryScratch.js';

/** B's triangle at `slot` of `treeB` (B's surface starting at `firstTriangle`), loaded into pairTest and clipped; its part-global index, or -1 when its box misses. */
export function moveTriangleB(pairTest: TrianglePairTest, b: Part, bToA: Rigid, reach: number, treeB: BoxTree, firstTriangle: number, slot: number, oaabbB: Aabb, scratch: QueryScratch, stats: QueryStats): number {
  stats.aabbTests++;
  if (!boxOverlaps(treeB.itemBoxes, slot, oaabbB)) return -1;
  const tb = firstTriangle + treeB.itemIds[slot]!;
  pairTest.loadB(b, tb, bToA);
  triangleBox(pairTest.triB, reach, scratch.triBox);
  stats.aabbUpdates++;
  return intersectAabbs(scratch.triBox, scratch.oaabbA, scratch.clipped) ? tb : -1;
}
