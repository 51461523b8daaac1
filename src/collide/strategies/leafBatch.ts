// Strategy for B triangles under a pose that permutes the axes (at rest, or turned by right
// angles): a leaf's box stays tight in A's frame, so A's candidates are gathered once per B
// leaf (traverse/leafQuery.ts) and each triangle of the leaf picks those its own box overlaps.
import { growAabb, intersectAabbs, transformAabb, type Aabb } from '../../math/aabb.js';
import { atLeast } from '../../math/growable.js';
import type { BoxTree } from '../../model/types.js';
import { gatherCandidates, type Candidates } from '../../traverse/leafQuery.js';
import type { QueryRun } from '../queryRun.js';
import type { QueryScratch } from '../queryScratch.js';
import { slabApart, surfaceSlab } from '../surfaceSlab.js';
import { UNSEEN } from '../queryRun.js';

/** Gathers A's candidates for leaf `leaf` of B's triangle tree; false when there are none. */
export function gatherLeaf(run: QueryRun, treeB: BoxTree, leaf: number): boolean {
  const { scratch, stats } = run;
  const { leafBox, leafBoxA, leafClip, oaabbA, candidates } = scratch;
  for (let k = 0; k < 6; k++) leafBox[k] = treeB.nodeBoxes[6 * leaf + k]!;
  transformAabb(leafBox, run.bToA, leafBoxA);
  growAabb(leafBoxA, 2 * run.reach); // ⊇ every triangle box below, rounding included
  stats.aabbUpdates++;
  if (!intersectAabbs(leafBoxA, oaabbA, leafClip)) return false;
  gatherCandidates(run.a, leafClip, candidates, stats, run.skip, run.shells);
  return candidates.count > 0;
}

/** B's loaded triangle tb (its box clipped by OAABB_A in scratch.clipped) against the leaf's candidates. */
export function searchLeafCandidates(run: QueryRun, tb: number): void {
  const { a, stats, scratch, skip, slabsA, pairTest, recordsA, magnitudeA } = run;
  const tolerance = run.opts.tolerance;
  const candidates = scratch.candidates;
  let cutSurface = -1, cutApart = false;
  let c = 0;
  const picks = pickOverlapping(candidates, scratch.clipped, scratch);
  for (let f = 0; f < picks; f++) {
    c = scratch.picked[f]!;
    const sa = candidates.surface[c]!;
    if (skip !== null && skip[sa]! !== UNSEEN) continue;
    if (slabsA !== null) {
      // Candidates come surface by surface: one slab check per run.
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
    if (!pairTest.meets(a, recordsA, ta, sa, tolerance, magnitudeA)) continue;
    run.hit(sa, ta, tb);
    if (run.done) break;
  }
  stats.aabbTests += run.done ? c + 1 : candidates.count; // boxes compared
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
