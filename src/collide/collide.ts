import { SurfcdError } from '../errors.js';
import { aabbMagnitude, aabbsOverlap, growAabb, intersectAabbs, transformAabb } from '../math/aabb.js';
import { OBB_TESTS } from '../math/obbTests.js';
import { invertRigid, relativeRigid, toRigid, type Pose, type Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import { precheckObb } from '../model/precheckObb.js';
import { indexPart } from '../spatial/indexPart.js';
import { contactGeometry } from './contactGeometry.js';
import { collideNarrow, SCD_METHOD } from './narrowPhases.js';
import { emptyStats, type QueryStats } from '../traverse/stats.js';
import { transformMargin } from '../traverse/triangles.js';
import { assertPart, assertPose } from '../model/validate.js';
import { queryBoxTree } from '../traverse/treeQuery.js';
import { axisPermutation } from '../traverse/leafQuery.js';
import { claimScratch, QueryScratch, releaseScratch } from './queryScratch.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';
import type { QueryRun } from './queryRun.js';
import { descendSurface } from './strategies/pairDescent.js';
import { searchLeafBatched } from './strategies/leafBatch.js';
import { searchPerSurface } from './strategies/perSurface.js';

import { resolveCollideOptions, type CollideOptions, type CollisionResult, type ResolvedOptions, type SurfacePair } from './collideOptions.js';

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
  if (a.surfaceTree === null || b.surfaceTree === null || a.indices.length === 0 || b.indices.length === 0) return noContact(opts, stats);

  // 1. OBB pre-check under the relative pose.
  if (opts.obbPrecheck) {
    stats.obbTests++;
    if (!OBB_TESTS[opts.obbTest](precheckObb(a), precheckObb(b), bToA, reach)) return noContact(opts, stats);
  }
  // 2–3. Cover boxes and the overlap boxes (OAABB) in each part's frame.
  transformAabb(a.bounds, aToB, coverOfA);
  transformAabb(b.bounds, bToA, coverOfB);
  stats.aabbUpdates += 2;
  growAabb(coverOfA, reach);
  growAabb(coverOfB, reach);
  stats.aabbTests++;
  if (!aabbsOverlap(coverOfA, b.bounds)) return noContact(opts, stats);
  if (opts.oaabb) {
    if (!intersectAabbs(coverOfA, b.bounds, oaabbB) || !intersectAabbs(coverOfB, a.bounds, oaabbA)) return noContact(opts, stats);
  } else {
    // Same algorithm, no overlap box: descend with the whole part boxes.
    oaabbB.set(b.bounds);
    oaabbA.set(a.bounds);
  }

  scratch.fit(a.surfaces.length, b.surfaces.length);
  const run = scratch.run;
  run.begin(a, b, bToA, opts, stats, reach, aabbMagnitude(a.bounds));
  searchSurfacesB(run, scratch, opts, margin);
  scratch.shells.end();
  if (run.slabCuts > 0) stats.slabCuts = run.slabCuts;
  if (run.crossFreePairs > 0) stats.crossFreePairs = run.crossFreePairs;
  const pairs = run.pairs.sort(bySurfaces);
  const triPairs = run.triPairs;
  run.end();
  return {
    intersecting: pairs.length > 0,
    surfacePairs: pairs,
    ...(triPairs ? { trianglePairs: triPairs.ids.slice(0, 2 * triPairs.count) } : {}),
    stats,
  };
}

/**
 * 4. B's surfaces inside OAABB_B, each handed to one traversal strategy (strategies/): the
 * pair descent for every triangle pair under a rotated pose (and for large surfaces under an
 * axis-permuting one), else the leaf-batched search when the pose permutes the axes (boxes
 * stay tight) and the per-surface search otherwise. Each strategy is its own function, so
 * each hot loop sees one kind of work and stays monomorphic.
 */
function searchSurfacesB(run: QueryRun, scratch: QueryScratch, opts: ResolvedOptions, margin: number): void {
  const a = run.a!, b = run.b!, stats = run.stats!, bToA = run.bToA;
  const batched = axisPermutation(bToA);
  const descend = opts.mode === 'all-triangles' && !opts.classify;
  const descendMin = batched ? DESCENT_MIN_TRIANGLES : 0;
  const surfacesB = scratch.surfacesB;
  const surfaceCountB = queryBoxTree(b.surfaceTree!, scratch.oaabbB, surfacesB, stats);
  for (let si = 0; si < surfaceCountB && !run.done; si++) {
    const surfaceB = b.surfaces[surfacesB[si]!]!;
    // Shells: A surfaces provably out of reach of this one are never searched; when that is
    // all of them, its triangle tree is not opened (nor built).
    const shells = scratch.shells.begin(a, surfaceB, bToA, run.reach, stats) ? scratch.shells : null;
    if (shells !== null && shells.rejectsAll(scratch.oaabbA)) continue;
    run.beginSurface(surfaceB, shells);
    // The descent leaves the surface's triangle tree unbuilt.
    if (descend && surfaceB.triangleCount >= descendMin) descendSurface(run, scratch, margin);
    else if (batched) searchLeafBatched(run, scratch, triangleTreeOf(surfaceB)!);
    else searchPerSurface(run, scratch, triangleTreeOf(surfaceB)!);
    run.endSurface();
  }
}

/** The answer of a query that found nothing (made only when returned: most queries of a scene end early). */
function noContact(opts: ResolvedOptions, stats: QueryStats): CollisionResult {
  return { intersecting: false, surfacePairs: [], stats, ...(opts.mode === 'all-triangles' ? { trianglePairs: new Uint32Array(0) } : {}) };
}

function bySurfaces(p: SurfacePair, q: SurfacePair): number {
  return p.a - q.a || p.b - q.b;
}
