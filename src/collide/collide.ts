import { SurfcdError } from '../errors.js';
import { aabbMagnitude, aabbsOverlap, growAabb, intersectAabbs, transformAabb } from '../math/aabb.js';
import { OBB_TESTS } from '../math/obbTests.js';
import { invertRigid, relativeRigid, toRigid, type Pose, type Rigid } from '../math/rigid.js';
import type { BoxTree, Part } from '../model/types.js';
import { indexPart } from '../spatial/indexPart.js';
import { contactGeometry } from './contactGeometry.js';
import { collideNarrow, SCD_METHOD } from './narrowPhases.js';
import { emptyStats } from '../traverse/stats.js';
import { transformMargin, triangleBox } from '../traverse/triangles.js';
import { assertPart, assertPose } from '../model/validate.js';
import { queryBoxTree } from '../traverse/treeQuery.js';
import { axisPermutation, boxOverlaps, queryLeaves } from '../traverse/leafQuery.js';
import { COUNT_MASK } from '../spatial/boxTree.js';
import { claimScratch, QueryScratch, releaseScratch } from './queryScratch.js';
import { atLeast } from '../math/growable.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';
import { QueryRun } from './queryRun.js';
import { descendSurface } from './strategies/pairDescent.js';
import { gatherLeaf, searchLeafCandidates } from './strategies/leafBatch.js';
import { searchEachSurface } from './strategies/perSurface.js';

import { resolveCollideOptions, type CollideOptions, type CollisionResult, type ResolvedOptions } from './collideOptions.js';

export { COLLIDE_MODES, resolveCollideOptions } from './collideOptions.js';
export { QueryScratch } from './queryScratch.js';
export type { CollideMode, CollideOptions, CollisionResult, ResolvedOptions, SurfacePair, SurfaceRelation } from './collideOptions.js';

/** Under an axis-permuting pose, B surfaces of at least this many triangles take the pair descent (smaller ones keep tight leaf boxes, where the leaf-batched search wins). */
const DESCENT_MIN_TRIANGLES = 256;


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
  const { coverOfA, coverOfB, oaabbA, oaabbB } = scratch;
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

  scratch.fit(a.surfaces.length, b.surfaces.length);
  const run = new QueryRun(a, b, bToA, opts, stats, scratch, reach, aabbMagnitude(a.bounds));
  const batched = axisPermutation(bToA);
  // Every triangle pair: B surfaces go through the pair descent under a rotated pose, and
  // under an axis-permuting one when large (there the leaf-batched search wins on small
  // surfaces: their boxes stay tight).
  const descend = opts.mode === 'all-triangles' && !opts.classify;
  const descendMin = batched ? DESCENT_MIN_TRIANGLES : 0;

  // 4. B's surfaces, then their triangles, inside OAABB_B; each B surface by one strategy.
  const surfacesB = scratch.surfacesB;
  const surfaceCountB = queryBoxTree(b.surfaceTree, oaabbB, surfacesB, stats);
  for (let si = 0; si < surfaceCountB && !run.done; si++) {
    const surfaceB = b.surfaces[surfacesB[si]!]!;
    // Shells: A surfaces provably out of reach of this one are never searched; when that is
    // all of them, its triangle tree is not opened (nor built).
    const shells = scratch.shells.begin(a, surfaceB, bToA, reach, stats) ? scratch.shells : null;
    if (shells !== null && shells.rejectsAll(oaabbA)) continue;
    run.beginSurface(surfaceB, shells);
    if (descend && surfaceB.triangleCount >= descendMin) descendSurface(run, margin);
    else searchLeaves(run, triangleTreeOf(surfaceB)!, batched);
    run.endSurface();
  }
  scratch.shells.end();
  if (run.slabCuts > 0) stats.slabCuts = run.slabCuts;
  if (run.crossFreePairs > 0) stats.crossFreePairs = run.crossFreePairs;
  const pairs = run.pairs.sort((p, q) => p.a - q.a || p.b - q.b);
  return {
    intersecting: pairs.length > 0,
    surfacePairs: pairs,
    ...(run.triPairs ? { trianglePairs: run.triPairs.ids.slice(0, 2 * run.triPairs.count) } : {}),
    stats,
  };
}

/**
 * B's side of steps 4–5 for the current B surface: the leaves of its triangle tree inside
 * OAABB_B, each triangle moved into A's frame, its box clipped by OAABB_A; then A's side by
 * the pose's strategy (leafBatch.ts when the pose permutes the axes, else perSurface.ts).
 */
function searchLeaves(run: QueryRun, treeB: BoxTree, batched: boolean): void {
  const { b, bToA, stats, scratch, pairTest } = run;
  const { oaabbA, oaabbB, triBox, clipped, candidates } = scratch;
  const surfaceB = run.surfaceB!;
  const leavesB = scratch.leavesB = atLeast(scratch.leavesB, treeB.nodeFirst.length);
  const leafCount = queryLeaves(treeB, oaabbB, leavesB, stats, candidates);
  for (let li = 0; li < leafCount && !run.done; li++) {
    const leaf = leavesB[li]!;
    if (batched && !gatherLeaf(run, treeB, leaf)) continue;
    const firstSlot = treeB.nodeFirst[leaf]!, endSlot = firstSlot + (treeB.nodeCount[leaf]! & COUNT_MASK);
    for (let slot = firstSlot; slot < endSlot && !run.done; slot++) {
      stats.aabbTests++;
      if (!boxOverlaps(treeB.itemBoxes, slot, oaabbB)) continue;
      const tb = surfaceB.firstTriangle + treeB.itemIds[slot]!;
      // 5. Move the triangle into A's frame; its own box, clipped by OAABB_A, picks A's candidates.
      pairTest.loadB(b, tb, bToA);
      triangleBox(pairTest.triB, run.reach, triBox);
      stats.aabbUpdates++;
      if (!intersectAabbs(triBox, oaabbA, clipped)) continue;
      // 6–7. Exact test, or distance ≤ tolerance (pairTest.ts), and the modes (queryRun.ts).
      if (batched) searchLeafCandidates(run, tb);
      else searchEachSurface(run, tb);
    }
  }
}
