// Strategy for a B triangle under a pose that does not permute the axes: its box in A's frame
// is not tight, so A's surfaces are searched one at a time, each only when the triangle's box
// reaches it, and a first hit or a known pair stops the search early.
import { queryBoxTree } from '../../traverse/treeQuery.js';
import { gatherSurfaceCandidates } from '../../traverse/leafQuery.js';
import type { QueryRun } from '../queryRun.js';
import { slabApart, surfaceSlab } from '../surfaceSlab.js';
import { UNSEEN } from '../queryRun.js';

/** B's loaded triangle tb (its box clipped by OAABB_A in scratch.clipped) against A's surfaces. */
export function searchEachSurface(run: QueryRun, tb: number): void {
  const { a, stats, scratch, skip, shells, slabsA, pairTest, recordsA, magnitudeA } = run;
  const tolerance = run.opts.tolerance;
  const { clipped, surfacesA, candidates } = scratch;
  const groups = queryBoxTree(a.surfaceTree!, clipped, surfacesA, stats);
  for (let g = 0; g < groups && !run.done; g++) {
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
      const sc = candidates.surface[c]!;
      if (skip !== null && skip[sc]! !== UNSEEN) continue;
      const ta = candidates.triangle[c]!;
      stats.triangleTests++;
      if (!pairTest.meets(a, recordsA, ta, sc, tolerance, magnitudeA)) continue;
      run.hit(sc, ta, tb);
      if (run.done) break;
    }
  }
}
