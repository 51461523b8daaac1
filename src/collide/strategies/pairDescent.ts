// Strategy for every triangle pair (all-triangles without classify) under a rotated pose, and
// at rest for large B surfaces: each A surface the B surface's moved box reaches is walked
// together with it, OBB tree against OBB tree (traverse/pairDescent.ts), instead of a search
// per B triangle. Under a rotation a B triangle's box in A's frame is as big as the triangle
// is long, so a per-triangle search meets far more A triangles than the descent does.
import { growAabb, intersectAabbs, transformAabb } from '../../math/aabb.js';
import { surfaceObbTreeOf } from '../../spatial/surfaceObbTree.js';
import { descendPairs, groupByB } from '../../traverse/pairDescent.js';
import { queryBoxTree } from '../../traverse/treeQuery.js';
import type { QueryRun } from '../queryRun.js';
import type { QueryScratch } from '../queryScratch.js';

/**
 * Every triangle pair of the run's current B surface with the A surfaces near it. Node boxes
 * grow by the tolerance and by their triangles' shape in units of `descentUnit` (the transform
 * margin; see traverse/pairDescent.ts).
 */
export function descendSurface(run: QueryRun, scratch: QueryScratch, descentUnit: number): void {
  const a = run.a!, b = run.b!, surfaceB = run.surfaceB!, stats = run.stats!;
  const { bToA, shells, pairTest, recordsA, magnitudeA, tolerance } = run;
  const { leafBoxA, leafClip, oaabbA, surfacesA, descentPairs } = scratch;
  transformAabb(surfaceB.bounds, bToA, leafBoxA);
  growAabb(leafBoxA, run.reach);
  stats.aabbUpdates++;
  const surfaceCountA = intersectAabbs(leafBoxA, oaabbA, leafClip) ? queryBoxTree(a.surfaceTree!, leafClip, surfacesA, stats) : 0;
  const treeB = surfaceObbTreeOf(surfaceB);
  for (let g = 0; g < surfaceCountA && treeB !== null; g++) {
    const sa = surfacesA[g]!, surfaceA = a.surfaces[sa]!, treeA = surfaceObbTreeOf(surfaceA);
    if (treeA === null || (shells !== null && shells.rejects(sa))) continue;
    descentPairs.count = 0;
    descendPairs(treeA, treeB, bToA, tolerance, descentUnit, descentPairs, stats, scratch.descent);
    groupByB(descentPairs, surfaceB.triangleCount, scratch.descent);
    const ids = descentPairs.ids;
    let loaded = -1;
    for (let c = 0; c < descentPairs.count; c++) {
      const ta = surfaceA.firstTriangle + ids[2 * c]!, tb = surfaceB.firstTriangle + ids[2 * c + 1]!;
      if (tb !== loaded) {
        pairTest.loadB(b, tb, bToA);
        stats.aabbUpdates++;
        loaded = tb;
      }
      stats.triangleTests++;
      if (pairTest.meets(a, recordsA, ta, sa, tolerance, magnitudeA)) run.hit(sa, ta, tb);
    }
  }
}
