// Strategy for B triangles under a pose that permutes the axes (at rest, or turned by right
// angles): a leaf's box stays tight in A's frame, so A's candidates are gathered once per B
// leaf (traverse/leafQuery.ts) and each triangle of the leaf picks those its own box overlaps.
import { growAabb, intersectAabbs, transformAabb, type Aabb } from '../../math/aabb.js';
import { atLeast } from '../../math/growable.js';
import type { BoxTree } from '../../model/types.js';
import { COUNT_MASK } from '../../spatial/boxTree.js';
import { gatherCandidates, queryLeaves, type Candidates } from '../../traverse/leafQuery.js';
import { UNSEEN, type QueryRun } from '../queryRun.js';
import type { QueryScratch } from '../queryScratch.js';
import { slabApart, surfaceSlab } from '../surfaceSlab.js';
import { moveTriangleB } from './moveTriangle.js';

/** The run's current B surface (triangle tree `treeB`) against A, leaf by leaf of B's tree inside OAABB_B. */
export function searchLeafBatched(run: QueryRun, scratch: QueryScratch, treeB: BoxTree): void {
  const a = run.a!, b = run.b!, stats = run.stats!, firstTriangle = run.surfaceB!.firstTriangle;
  const { bToA, reach, skip, shells, slabsA, pairTest, recordsA, magnitudeA, tolerance } = run;
  const { leafBox, leafBoxA, leafClip, oaabbA, oaabbB, candidates } = scratch;
  const leavesB = scratch.leavesB = atLeast(scratch.leavesB, treeB.nodeFirst.length);
  const leafCount = queryLeaves(treeB, oaabbB, leavesB, stats);
  // A first hit ends the query (run.done, set by run.hit); a local, read by every loop below.
  let done = false;
  for (let li = 0; li < leafCount && !done; li++) {
    const leaf = leavesB[li]!;
    for (let k = 0; k < 6; k++) leafBox[k] = treeB.nodeBoxes[6 * leaf + k]!;
    transformAabb(leafBox, bToA, leafBoxA);
    growAabb(leafBoxA, 2 * reach); // ⊇ every triangle box below, rounding included
    stats.aabbUpdates++;
    if (!intersectAabbs(leafBoxA, oaabbA, leafClip)) continue;
    gatherCandidates(a, leafClip, candidates, stats, skip, shells);
    if (candidates.count === 0) continue;
    const firstSlot = treeB.nodeFirst[leaf]!, endSlot = firstSlot + (treeB.nodeCount[leaf]! & COUNT_MASK);
    for (let slot = firstSlot; slot < endSlot && !done; slot++) {
      const tb = moveTriangleB(pairTest, b, bToA, reach, treeB, firstTriangle, slot, oaabbB, scratch, stats);
      if (tb < 0) continue;
      // The leaf's candidates whose boxes overlap the triangle's clipped box, in order.
      let cutSurface = -1, cutApart = false;
      let c = 0;
      const picks = pickOverlapping(candidates, scratch.clipped, scratch);
      const picked = scratch.picked;
      for (let f = 0; f < picks; f++) {
        c = picked[f]!;
        const sa = candidates.surface[c]!;
        if (skip !== null && skip[sa]! !== UNSEEN) continue;
        if (slabsA !== null) {
          // Candidates come surface by surface: one slab check per run of them.
          if (sa !== cutSurface) {
            cutSurface = sa;
            const slab = surfaceSlab(slabsA, a.surfaces[sa]!);
            if (slab !== null) {
              const preparedB = pairTest.prepared(magnitudeA);
              cutApart = slabApart(slab, pairTest.triB, preparedB[6] !== 0 ? preparedB[7]! : -1);
            } else cutApart = false;
            if (cutApart) run.slabCuts++;
          }
          if (cutApart) continue;
        }
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
      stats.aabbTests += done ? c + 1 : candidates.count; // boxes compared
    }
  }
}

/**
 * Fills scratch.picked with the indices, in order, of the candidates whose boxes overlap `box`;
 * returns how many. (~40 box tests per triangle, in a small function of their own: it is
 * compiled early, where a big loop would run them interpreted for much of a cold process.)
 */
function pickOverlapping(candidates: Candidates, box: Aabb, scratch: QueryScratch): number {
  const out = scratch.picked = atLeast(scratch.picked, candidates.count);
  const boxes = candidates.box;
  const x0 = box[0]!, y0 = box[1]!, z0 = box[2]!, x1 = box[3]!, y1 = box[4]!, z1 = box[5]!;
  let n = 0;
  for (let c = 0, o = 0, end = candidates.count; c < end; c++, o += 6) {
    if (boxes[o]! <= x1 && boxes[o + 3]! >= x0 && boxes[o + 1]! <= y1 && boxes[o + 4]! >= y0 && boxes[o + 2]! <= z1 && boxes[o + 5]! >= z0) out[n++] = c;
  }
  return n;
}
