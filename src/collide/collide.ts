import { SurfcdError } from '../errors.js';
import { aabbMagnitude, aabbsOverlap, growAabb, intersectAabbs, transformAabb, type Aabb } from '../math/aabb.js';
import { OBB_TESTS } from '../math/obbTests.js';
import { invertRigid, relativeRigid, toRigid, type Pose, type Rigid } from '../math/rigid.js';
import { crossingDepth, trianglesCross } from '../math/triangleCross.js';
import type { BoxTree, Part } from '../model/types.js';
import { indexPart } from '../spatial/indexPart.js';
import { contactGeometry } from './contactGeometry.js';
import { collideNarrow, SCD_METHOD } from './narrowPhases.js';
import { emptyStats } from '../traverse/stats.js';
import { transformMargin, triangleBox } from '../traverse/triangles.js';
import { triangleRecordsOf } from '../traverse/triangleRecords.js';
import { descendPairs, groupByB, pushPair } from '../traverse/pairDescent.js';
import { surfaceObbTreeOf } from '../spatial/surfaceObbTree.js';
import { assertPart, assertPose } from '../model/validate.js';
import { queryBoxTree } from '../traverse/treeQuery.js';
import { axisPermutation, boxOverlaps, gatherCandidates, gatherSurfaceCandidates, queryLeaves, type Candidates } from '../traverse/leafQuery.js';
import { COUNT_MASK } from '../spatial/boxTree.js';
import { claimScratch, QueryScratch, releaseScratch } from './queryScratch.js';
import { atLeast } from '../math/growable.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';
import { flatSurface, measureFlatMoved, slabApart, slabsOf, surfaceSlab, type SurfaceSlab } from './surfaceSlab.js';
import { crossFree } from './crossFree.js';

import { resolveCollideOptions, type CollideOptions, type CollisionResult, type ResolvedOptions, type SurfacePair } from './collideOptions.js';

export { COLLIDE_MODES, resolveCollideOptions } from './collideOptions.js';
export { QueryScratch } from './queryScratch.js';
export type { CollideMode, CollideOptions, CollisionResult, ResolvedOptions, SurfacePair, SurfaceRelation } from './collideOptions.js';

/** Under an axis-permuting pose, B surfaces of at least this many triangles take the pair descent (smaller ones keep tight leaf boxes, where the leaf-batched search wins). */
const DESCENT_MIN_TRIANGLES = 256;

/** Pair states per A surface, for the B surface being processed. */
const UNSEEN = 0, HIT = 1, CROSSING = 2;

/** Stands for a B surface's triangle tree where the pair descent took the surface (no leaves). */
const EMPTY_TREE: BoxTree = { nodeBoxes: new Float32Array(0), nodeFirst: new Uint32Array(0), nodeCount: new Uint32Array(0), itemBoxes: new Float32Array(0), itemIds: new Uint32Array(0) };

/**
 * S-CD (ARCHITECTURE.md, "The S-CD query", steps 1–7): which surfaces of part A (at poseA) touch or intersect
 * which surfaces of part B (at poseB).
 */
export function collide(a: Part, poseA: Pose, b: Part, poseB: Pose, options?: CollideOptions & { scratch?: QueryScratch }): CollisionResult {
  assertPart(a, 'collide', 'a'); assertPose(poseA, 'collide', 'poseA'); assertPart(b, 'collide', 'b'); assertPose(poseB, 'collide', 'poseB');
  const opts = resolveCollideOptions(options);
  const scratch = claimScratch(options?.scratch);
  let completed = false;
  try {
    const rigidA = readPose(poseA, 'poseA', a, scratch.rigidA);
    const rigidB = readPose(poseB, 'poseB', b, scratch.rigidB);
    let result = query(a, rigidA, b, rigidB, opts, scratch);
    if (options?.geometry) {
      // Every triangle pair of the reported surface pairs, compared in A's frame.
      const triangles = result.trianglePairs ?? query(a, rigidA, b, rigidB, { ...opts, mode: 'all-triangles', classify: false }, scratch).trianglePairs!;
      result = { ...result, contactGeometry: contactGeometry(a, rigidA, b, relativeRigid(rigidA, rigidB), result.surfacePairs, triangles) };
    }
    completed = true;
    return result;
  } finally {
    releaseScratch(scratch, options?.scratch, completed);
  }
}

/** toRigid into scratch; the part's path goes into the message only when there is one to write. */
function readPose(pose: Pose, which: string, part: Part, out: Rigid): Rigid {
  try {
    return toRigid(pose, which, out);
  } catch (error) {
    if (error instanceof SurfcdError) throw new SurfcdError(error.code, `${which} of part "${part?.path}"${error.message.slice(which.length)}`);
    throw error;
  }
}

/** collide on rigid poses and resolved options; `scratch` as in collide's options (default: one from the pool). */
export function collideRigid(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, opts: ResolvedOptions, given?: QueryScratch): CollisionResult {
  const scratch = claimScratch(given);
  let completed = false;
  try {
    const result = query(a, rigidA, b, rigidB, opts, scratch);
    completed = true;
    return result;
  } finally {
    releaseScratch(scratch, given, completed);
  }
}

/** The query on a scratch already claimed. */
function query(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, opts: ResolvedOptions, scratch: QueryScratch): CollisionResult {
  if (opts.method !== SCD_METHOD) return collideNarrow(opts.method, a, rigidA, b, rigidB, opts);
  const { coverOfA, coverOfB, oaabbA, oaabbB, triBox, clipped, leafBox, leafBoxA, leafClip, candidates, descentPairs, pairTest } = scratch;
  const pairTriA = pairTest.triA, pairTriB = pairTest.triB;
  indexPart(a);
  indexPart(b);
  const stats = emptyStats();
  const bToA = relativeRigid(rigidA, rigidB, scratch.bToA);
  const aToB = invertRigid(bToA, scratch.aToB);
  const margin = transformMargin(a, b, bToA);
  const reach = opts.tolerance + margin;
  const none: CollisionResult = { intersecting: false, surfacePairs: [], stats, ...(opts.mode === 'all-triangles' ? { trianglePairs: new Uint32Array(0) } : {}) };
  if (a.surfaceTree === null || b.surfaceTree === null || a.indices.length === 0 || b.indices.length === 0) return none;

  // 1. OBB pre-check under the relative pose.
  if (opts.obbPrecheck) {
    stats.obbTests++;
    if (!OBB_TESTS[opts.obbTest](a.obb, b.obb, bToA, reach)) return none;
  }
  // 2–3. Cover boxes and the overlap boxes (OAABB) in each part's frame.
  transformAabb(a.bounds, aToB, coverOfA);
  transformAabb(b.bounds, bToA, coverOfB);
  stats.aabbUpdates += 2;
  growAabb(coverOfA, reach);
  growAabb(coverOfB, reach);
  stats.aabbTests++;
  if (!aabbsOverlap(coverOfA, b.bounds)) return none;
  if (opts.oaabb) {
    if (!intersectAabbs(coverOfA, b.bounds, oaabbB) || !intersectAabbs(coverOfB, a.bounds, oaabbA)) return none;
  } else {
    // Same algorithm, no overlap box: descend with the whole part boxes.
    oaabbB.set(b.bounds);
    oaabbA.set(a.bounds);
  }

  const pairs: SurfacePair[] = [];
  // all-triangles: pairs go to a buffer kept across queries; the result gets one exact-size copy.
  const triPairs = opts.mode === 'all-triangles' ? scratch.triPairs : null;
  if (triPairs) triPairs.count = 0;
  const aSurfaces = a.surfaces;
  scratch.fit(aSurfaces.length, b.surfaces.length);
  const { pairState, settled, pairDepth, touchedA, surfacesA, surfacesB } = scratch;
  const stopAtFirst = opts.mode === 'first-surface';
  const skipKnownPairs = opts.mode !== 'all-triangles';
  const exact = opts.tolerance === 0;
  let done = false;
  const batched = axisPermutation(bToA);
  // Every triangle pair: B surfaces go through the pair descent (pairDescent.ts) under a
  // rotated pose, and under an axis-permuting one when large (there the leaf-batched search
  // wins on small surfaces: their boxes stay tight). Boxes grow by the tolerance and by their
  // triangles' shape in units of the transform margin (see pairDescent.ts).
  const descend = opts.mode === 'all-triangles' && !opts.classify;
  const descendMin = batched ? DESCENT_MIN_TRIANGLES : 0;
  const descentUnit = margin; // 1e-12 of the scene's scale, per unit of shape factor (pairDescent.ts)
  const magnitudeA = aabbMagnitude(a.bounds);
  // A's triangle normals and lengths, cached per part in A's frame (triangleRecords.ts).
  const recordsA = triangleRecordsOf(a);
  // Pairs not searched again: every known pair, or in classify mode those proven cross-free (crossFree.ts).
  const settle = skipKnownPairs && opts.classify;
  const skip = skipKnownPairs ? (settle ? settled : pairState) : null;
  const flatsA = settle ? slabsOf(a) : null;
  let crossFreePairs = 0;
  // Exact mode: B triangles strictly beyond a flat A surface's slab skip it whole (surfaceSlab.ts).
  const slabsA = exact ? slabsOf(a) : null;
  let slabCuts = 0;

  // 4. B's surfaces, then their triangles, inside OAABB_B.
  const surfaceCountB = queryBoxTree(b.surfaceTree, oaabbB, surfacesB, stats);
  for (let si = 0; si < surfaceCountB && !done; si++) {
    const surfaceB = b.surfaces[surfacesB[si]!]!;
    // Shells (issue 14): A surfaces provably out of reach of this one are never searched;
    // when that is all of them, its triangle tree is not opened (nor built).
    const shells = scratch.shells.begin(a, surfaceB, bToA, reach, stats) ? scratch.shells : null;
    if (shells !== null && shells.rejectsAll(oaabbA)) continue;
    let flatB: SurfaceSlab | null | undefined; // classify: B's surface measured flat in A's frame, when first needed
    let touchedCount = 0;
    const descendB = descend && surfaceB.triangleCount >= descendMin;
    if (descendB && triPairs) {
      // Every triangle pair, rotated pose or large surface: each A surface near this one walked
      // together with it, OBB tree against OBB tree (pairDescent.ts), not the per-triangle search.
      transformAabb(surfaceB.bounds, bToA, leafBoxA);
      growAabb(leafBoxA, reach);
      stats.aabbUpdates++;
      const surfaceCountA = intersectAabbs(leafBoxA, oaabbA, leafClip) ? queryBoxTree(a.surfaceTree, leafClip, surfacesA, stats) : 0;
      const treeB = surfaceObbTreeOf(surfaceB);
      for (let g = 0; g < surfaceCountA && treeB !== null; g++) {
        const sa = surfacesA[g]!, surfaceA = aSurfaces[sa]!, treeA = surfaceObbTreeOf(surfaceA);
        if (treeA === null || (shells !== null && shells.rejects(sa))) continue;
        descentPairs.count = 0;
        descendPairs(treeA, treeB, bToA, opts.tolerance, descentUnit, descentPairs, stats, scratch.descent);
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
          if (!pairTest.meets(a, recordsA, ta, sa, opts.tolerance, magnitudeA)) continue;
          if (pairState[sa] === UNSEEN) {
            touchedA[touchedCount++] = sa;
            pairState[sa] = HIT;
            pairs.push({ a: sa, b: surfaceB.index });
          }
          pushPair(triPairs, ta, tb);
        }
      }
    }
    // Leaf by leaf of B's tree: A's candidates are gathered once per leaf (leafQuery.ts) when
    // the leaf's box stays tight in A's frame, else once per triangle.
    // (Its triangle tree is not built when the descent took it.)
    const treeB = descendB ? EMPTY_TREE : triangleTreeOf(surfaceB)!;
    const leavesB = scratch.leavesB = atLeast(scratch.leavesB, treeB.nodeFirst.length);
    const leafCount = descendB ? 0 : queryLeaves(treeB, oaabbB, leavesB, stats, candidates);
    for (let li = 0; li < leafCount && !done; li++) {
      const leaf = leavesB[li]!;
      if (batched) {
        for (let k = 0; k < 6; k++) leafBox[k] = treeB.nodeBoxes[6 * leaf + k]!;
        transformAabb(leafBox, bToA, leafBoxA);
        growAabb(leafBoxA, 2 * reach); // ⊇ every triangle box below, rounding included
        stats.aabbUpdates++;
        if (!intersectAabbs(leafBoxA, oaabbA, leafClip)) continue;
        gatherCandidates(a, leafClip, candidates, stats, skip, shells);
        if (candidates.count === 0) continue;
      }
      const firstSlot = treeB.nodeFirst[leaf]!, endSlot = firstSlot + (treeB.nodeCount[leaf]! & COUNT_MASK);
      for (let slot = firstSlot; slot < endSlot && !done; slot++) {
        stats.aabbTests++;
        if (!boxOverlaps(treeB.itemBoxes, slot, oaabbB)) continue;
        const tb = surfaceB.firstTriangle + treeB.itemIds[slot]!;
        // 5. Move the triangle into A's frame; its own box, clipped by OAABB_A, picks A's candidates.
        pairTest.loadB(b, tb, bToA);
        triangleBox(pairTriB, reach, triBox);
        stats.aabbUpdates++;
        if (!intersectAabbs(triBox, oaabbA, clipped)) continue;
        let cutSurface = -1, cutApart = false;
        // Batched: one list for the leaf. Otherwise A's surfaces one at a time, each searched
        // only when reached (so a first hit or a known pair stops the descent early).
        const groups = batched ? 1 : queryBoxTree(a.surfaceTree, clipped, surfacesA, stats);
        for (let g = 0; g < groups && !done; g++) {
          if (!batched) {
            const sa = surfacesA[g]!;
            if (skip !== null && skip[sa]! !== UNSEEN) continue;
            if (shells !== null && shells.rejects(sa)) continue;
            if (slabsA !== null) {
              const slab = surfaceSlab(slabsA, aSurfaces[sa]!);
              if (slab !== null) {
                const preparedB = pairTest.prepared(magnitudeA);
                if (slabApart(slab, pairTriB, preparedB[6] !== 0 ? preparedB[7]! : -1)) {
                  slabCuts++;
                  continue;
                }
              }
            }
            gatherSurfaceCandidates(aSurfaces[sa]!, clipped, candidates, stats);
          }
          // Batched: the leaf's candidates whose boxes overlap the triangle's clipped box, in
          // order (~40 box tests per triangle, in a small function of their own: it is compiled
          // early, where this big loop would run them interpreted for much of a cold process).
          let c = 0;
          const picks = batched ? pickOverlapping(candidates, clipped, scratch) : candidates.count;
          for (let f = 0; f < picks; f++) {
            c = batched ? scratch.picked[f]! : f;
            const sa = candidates.surface[c]!;
            if (skip !== null && skip[sa]! !== 0) continue;
            if (batched && slabsA !== null) {
              // Candidates come surface by surface: one slab check per run.
              if (sa !== cutSurface) {
                cutSurface = sa;
                const slab = surfaceSlab(slabsA, aSurfaces[sa]!);
                if (slab !== null) {
                  const preparedB = pairTest.prepared(magnitudeA);
                  cutApart = slabApart(slab, pairTriB, preparedB[6] !== 0 ? preparedB[7]! : -1);
                } else cutApart = false;
                if (cutApart) slabCuts++;
              }
              if (cutApart) continue;
            }
            const ta = candidates.triangle[c]!;
            stats.triangleTests++;
            // 6. Exact test, or distance ≤ tolerance (pairTest.ts).
            if (!pairTest.meets(a, recordsA, ta, sa, opts.tolerance, magnitudeA)) continue;
            const before = pairState[sa]!;
            if (before === UNSEEN) {
              touchedA[touchedCount++] = sa;
              pairState[sa] = HIT;
              pairs.push({ a: sa, b: surfaceB.index });
            }
            if (triPairs) pushPair(triPairs, ta, tb);
            if (before === UNSEEN && flatsA !== null) {
              // A's surface flat with B's on one side of it, or B's (moved, measured once) with A's.
              const flat = flatSurface(flatsA, aSurfaces[sa]!);
              let free = flat !== null && crossFree(flat, b, surfaceB, bToA);
              if (!free) {
                if (flatB === undefined) flatB = measureFlatMoved(surfaceB, bToA);
                free = flatB !== null && crossFree(flatB, a, aSurfaces[sa]!, null);
              }
              if (free) {
                settled[sa] = 1; // touching, depth 0: no other pair of these two surfaces can cross
                crossFreePairs++;
              }
            }
            if (opts.classify && settled[sa] === 0 && trianglesCross(pairTriA, pairTriB)) {
              pairState[sa] = CROSSING;
              const depth = crossingDepth(pairTriA, pairTriB);
              if (depth > pairDepth[sa]!) pairDepth[sa] = depth;
            }
            // 7. Modes.
            if (stopAtFirst) {
              done = true;
              break;
            }
          }
          if (batched) stats.aabbTests += done ? c + 1 : candidates.count; // boxes compared
        }
      }
    }
    // Record relations, then reset the states this B surface used.
    for (let k = 0; k < touchedCount; k++) {
      const sa = touchedA[k]!;
      if (opts.classify) {
        const pair = findPair(pairs, sa, surfaceB.index);
        pair.relation = pairState[sa] === CROSSING ? 'intersecting' : 'touching';
        pair.depth = pairDepth[sa]!;
      }
      pairState[sa] = UNSEEN;
      pairDepth[sa] = 0;
      settled[sa] = 0;
    }
  }
  scratch.shells.end();
  if (slabCuts > 0) stats.slabCuts = slabCuts;
  if (crossFreePairs > 0) stats.crossFreePairs = crossFreePairs;
  pairs.sort((p, q) => p.a - q.a || p.b - q.b);
  return {
    intersecting: pairs.length > 0,
    surfacePairs: pairs,
    ...(triPairs ? { trianglePairs: triPairs.ids.slice(0, 2 * triPairs.count) } : {}),
    stats,
  };
}

/** Fills scratch.picked with the indices, in order, of the candidates whose boxes overlap `box`; returns how many. */
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

function findPair(pairs: SurfacePair[], a: number, b: number): SurfacePair {
  for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i]!.a === a && pairs[i]!.b === b) return pairs[i]!;
  throw new Error(`internal: surface pair ${a}/${b} not recorded`);
}

