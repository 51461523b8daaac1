// Strategy for B triangles under a pose that does not permute the axes: a triangle's box in
// A's frame is not tight, so A's surfaces are searched one at a time, each only when the
// triangle's box reaches it, and a first hit or a known pair stops the search early.
import { atLeast } from '../../math/growable.js';
import type { BoxTree } from '../../model/types.js';
import { COUNT_MASK } from '../../spatial/boxTree.js';
import { gatherSurfaceCandidates, queryLeaves } from '../../traverse/leafQuery.js';
import { queryBoxTree } from '../../traverse/treeQuery.js';
import { UNSEEN, type QueryRun } from '../queryRun.js';
import type { QueryScratch } from '../queryScratch.js';
import { slabApart, surfaceSlab } from '../surfaceSlab.js';
import { moveTriangleB } from './moveTriangle.js';

/** The run's current B surface (triangle tree `treeB`) against A, triangle by triangle of B's tree inside OAABB_B. */
export function searchPerSurface(run: QueryRun, scratch: QueryScratch, treeB: BoxTree): void {
  const a = run.a!, b = run.b!, stats = run.stats!, firstTriangle = run.surfaceB!.firstTriangle;
  const { bToA, reach, skip, shells, slabsA, pairTest, recordsA, magnitudeA, tolerance } = run;
  const { oaabbB, clipped, candidates } = scratch;
  const leavesB = scratch.leavesB = atLeast(scratch.leavesB, treeB.nodeFirst.length);
  const surfacesA = scratch.surfacesA;
  const leafCount = queryLeaves(treeB, oaabbB, leavesB, stats);
  // A first hit ends the query (run.done, set by run.hit); a local, read by every loop below.
  let done = false;
  for (let li = 0; li < leafCount && !done; li++) {
    const leaf = leavesB[li]!;
    const firstSlot = treeB.nodeFirst[leaf]!, endSlot = firstSlot + (treeB.nodeCount[leaf]! & COUNT_MASK);
    for (let slot = firstSlot; slot < endSlot && !done; slot++) {
      const tb = moveTriangleB(pairTest, b, bToA, reach, treeB, firstTriangle, slot, oaabbB, scratch, stats);
      if (tb < 0) continue;
      const groups = queryBoxTree(a.surfaceTree!, clipped, surfacesA, stats);
      for (let g = 0; g < groups && !done; g++) {
        const sa = surfacesA[g]!;
        if (skip !== null && skip[sa]! !== UNSEEN) continue;
        if (shells !== null && shells.rejects(sa)) continue;
        if (slabsA !== null) {
          const slab = surfaceSlab(slabsA, a.surfaces[sa]!);
          if (slab !== null) {
            const preparedB = pairTest.prepared(magnitudeA);
            if (slabApart(slab, pairTest.triB, preparedB[6] !== 0 ? preparedB[7]! : -1)) {
              run.slabCuts++;
              continue;
            }
          }
        }
        gatherSurfaceCandidates(a.surfaces[sa]!, clipped, candidates, stats);
        for (let c = 0; c < candidates.count; c++) {
          // A hit makes the surface pair known: in modes that skip known pairs, the rest of its candidates go.
          if (skip !== null && skip[sa]! !== UNSEEN) continue;
          const ta = candidates.triangle[c]!;
          stats.triangleTests++;
          // 6. Exact test, or distance ≤ tolerance (pairTest.ts); 7. the modes (queryRun.ts).
          if (!pairTest.meets(a, recordsA, ta, sa, tolerance, magnitudeA)) continue;
          run.hit(sa, ta, tb);
          if (run.done) {
            done = true;
            break;
          }
        }
      }
    }
  }
}
