import { atLeast } from '../math/growable.js';
import { SurfcdError } from '../errors.js';
import { transformAabb, type Aabb } from '../math/aabb.js';
import { invertRigid, relativeRigid, rotateVector, transformPoint, type Pose, type Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import { indexPart } from '../spatial/indexPart.js';
import { emptyStats, type QueryStats } from '../traverse/stats.js';
import { loadTransformedTriangle, loadTriangle, transformMargin } from '../traverse/triangles.js';
import { queryBoxTree } from '../traverse/treeQuery.js';
import { readPoses, readVector, type Vec3 } from './inputs.js';
import { motionScratch, type MotionScratch } from './motionScratch.js';
import { translationToi, type ToiFeature } from './triangleToi.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';

export interface TimeOfImpactOptions {
  /**
   * `exact` (default): the first time the closed triangles touch, from either side (0 when
   * they already touch). `approach`: only contacts moving into a face's outward side
   * (winding = outward), so starting contacts that separate or slide are not hits.
   */
  mode?: 'exact' | 'approach';
  /** approach mode: a vertex up to this far (mm) behind a face still counts as touching it. Default 0. */
  skin?: number;
  /**
   * approach mode: count a contact only if it would go deeper than this (mm) while its
   * features still face each other, before `until`. Default 0.
   */
  minDepth?: number;
  /** Only hits with fraction > this count (to resume after an event). Default: −1 (all). */
  after?: number;
  /** Stop looking beyond this fraction of the move. Default 1. */
  until?: number;
  /** approach mode: the end of the whole move, for the minDepth test (searching a window of it). Default `until`. */
  horizon?: number;
  /** Surface pairs to leave out (e.g. an accepted sliding contact). */
  ignore?: (surfaceA: number, surfaceB: number) => boolean;
}

export interface ImpactHit {
  /** Fraction of the move at the first contact, in [0, 1]. */
  fraction: number;
  /** Distance travelled by A at the contact (mm). */
  distance: number;
  surfaceA: number;
  surfaceB: number;
  /** Part-global triangle indices. */
  triangleA: number;
  triangleB: number;
  feature: ToiFeature;
  /** Contact point, world frame, with A at the contact pose. */
  point: Vec3;
  /** Unit contact normal, world frame, pointing from B toward A (A cannot move against it). */
  normal: Vec3;
}

export interface ImpactResult {
  hit: ImpactHit | null;
  stats: QueryStats;
}

/**
 * When does part A (at poseA), translated by `translation` (world frame, mm, the whole
 * move), first touch part B (at poseB)? Exact (vertex–face and edge–edge contacts solved
 * in closed form), and pruned by swept boxes down both R-tree levels: A's surfaces and
 * triangles are tested only where their box swept along the move overlaps B's, so the
 * cost follows the triangles near the path. The search shortens the sweep to the best
 * hit found so far.
 */
export function timeOfImpact(a: Part, poseA: Pose, b: Part, poseB: Pose, translation: ArrayLike<number>, options: TimeOfImpactOptions = {}): ImpactResult {
  const [rigidA, rigidB] = readPoses(a, poseA, b, poseB, 'timeOfImpact');
  const move = readVector(translation, 'timeOfImpact: translation');
  return timeOfImpactRigid(a, rigidA, b, rigidB, move, options);
}

export function timeOfImpactRigid(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, move: Vec3, options: TimeOfImpactOptions = {}): ImpactResult {
  const scratch = motionScratch.claim();
  try {
    return impactOn(scratch, a, rigidA, b, rigidB, move, options);
  } finally {
    motionScratch.release(scratch);
  }
}

/** timeOfImpactRigid on `scratch`, which it holds for its whole run (`ignore` may start other queries). */
function impactOn(scratch: MotionScratch, a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, move: Vec3, options: TimeOfImpactOptions): ImpactResult {
  const approach = (options.mode ?? 'exact') === 'approach';
  if (options.mode !== undefined && options.mode !== 'exact' && options.mode !== 'approach') {
    throw new SurfcdError('INVALID_OPTION', `timeOfImpact: mode "${String(options.mode)}" is not one of exact, approach`);
  }
  const skin = options.skin ?? 0;
  if (!(skin >= 0) || !Number.isFinite(skin)) throw new SurfcdError('INVALID_OPTION', `timeOfImpact: skin must be a finite number ≥ 0 (mm), got ${String(skin)}`);
  const after = options.after ?? -1;
  const until = Math.min(options.until ?? 1, 1);
  const ignore = options.ignore;
  const stats = emptyStats();
  indexPart(a);
  indexPart(b);
  if (!a.surfaceTree || !b.surfaceTree || a.indices.length === 0 || b.indices.length === 0 || !(until >= 0)) return { hit: null, stats };

  const { aToB, bToA, dA, dB, triA, triB, box, sweptAInB, sweptBInA, toi } = scratch;
  relativeRigid(rigidB, rigidA, aToB); // A-local → B-local
  invertRigid(aToB, bToA);
  // The move in each part's frame: B sees A move by R_Bᵀ·m; A sees B move by −R_Aᵀ·m.
  for (let r = 0; r < 3; r++) {
    dB[r] = rigidB[r]! * move[0] + rigidB[4 + r]! * move[1] + rigidB[8 + r]! * move[2];
    dA[r] = rigidA[r]! * move[0] + rigidA[4 + r]! * move[1] + rigidA[8 + r]! * move[2];
  }
  const margin = skin + transformMargin(a, b, aToB) + 1e-12 * Math.hypot(move[0], move[1], move[2]);
  const minDepth = options.minDepth ?? 0;
  if (!(minDepth >= 0) || !Number.isFinite(minDepth)) throw new SurfcdError('INVALID_OPTION', `timeOfImpact: minDepth must be a finite number ≥ 0 (mm), got ${String(minDepth)}`);
  const mode = { approach, skin, minDepth, horizon: Math.max(until, Math.min(options.horizon ?? until, 1)), after };
  // Nothing before `after` counts: the boxes are swept over [from, limit] only.
  const from = Math.max(0, after);
  if (from > until) return { hit: null, stats };

  let best = Infinity;
  let bestSa = -1, bestSb = -1, bestTa = -1, bestTb = -1, bestFeature = 0;
  const point = new Float64Array(3), normal = new Float64Array(3);
  let limit = until;

  // Level 1: which surfaces of each part can the other's swept box reach at all?
  transformAabb(a.bounds, aToB, box);
  sweep(box, dB, from, limit, margin, sweptAInB);
  transformAabb(b.bounds, bToA, box);
  sweep(box, dA, -from, -limit, margin, sweptBInA);
  stats.aabbUpdates += 2;
  const surfacesA = (scratch.surfacesA = atLeast(scratch.surfacesA, a.surfaces.length));
  const surfacesB = (scratch.surfacesB = atLeast(scratch.surfacesB, b.surfaces.length));
  const countA = queryBoxTree(a.surfaceTree, sweptBInA, surfacesA, stats);
  if (countA === 0 || queryBoxTree(b.surfaceTree, sweptAInB, surfacesB, stats) === 0) return { hit: null, stats };

  for (let si = 0; si < countA; si++) {
    const surfaceA = a.surfaces[surfacesA[si]!]!;
    // Skip the surface when every surface of B its swept box reaches is left out (a
    // shank whose only neighbours are the fits it slides in): no triangle-level work.
    if (ignore) {
      transformAabb(surfaceA.bounds, aToB, box);
      sweep(box, dB, from, limit, margin, box);
      stats.aabbUpdates++;
      const reached = queryBoxTree(b.surfaceTree, box, surfacesB, stats);
      let open = false;
      for (let j = 0; j < reached && !open; j++) open = !ignore(surfaceA.index, surfacesB[j]!);
      if (!open) continue;
    }
    const trianglesA = (scratch.trianglesA = atLeast(scratch.trianglesA, surfaceA.triangleCount));
    const triangleCountA = queryBoxTree(triangleTreeOf(surfaceA)!, sweptBInA, trianglesA, stats);
    for (let ti = 0; ti < triangleCountA; ti++) {
      const ta = surfaceA.firstTriangle + trianglesA[ti]!;
      loadTransformedTriangle(a, ta, aToB, triA);
      // Level 2: this triangle's box swept over what is left of the move, down B's trees.
      triangleBox(triA, box);
      sweep(box, dB, from, limit, margin, box);
      stats.aabbUpdates++;
      const countB = queryBoxTree(b.surfaceTree, box, surfacesB, stats);
      for (let sj = 0; sj < countB; sj++) {
        const sb = surfacesB[sj]!;
        if (ignore && ignore(surfaceA.index, sb)) continue;
        const surfaceB = b.surfaces[sb]!;
        const trianglesB = (scratch.trianglesB = atLeast(scratch.trianglesB, surfaceB.triangleCount));
        const triangleCountB = queryBoxTree(triangleTreeOf(surfaceB)!, box, trianglesB, stats);
        for (let tj = 0; tj < triangleCountB; tj++) {
          const tb = surfaceB.firstTriangle + trianglesB[tj]!;
          loadTriangle(b, tb, triB);
          stats.triangleTests++;
          const t = translationToi(triA, triB, dB, limit, mode, toi);
          if (!(t <= limit) || t <= after) continue;
          if (t < best || (t === best && (surfaceA.index < bestSa || (surfaceA.index === bestSa && (sb < bestSb || (sb === bestSb && (ta < bestTa || (ta === bestTa && tb < bestTb)))))))) {
            best = t;
            bestSa = surfaceA.index; bestSb = sb; bestTa = ta; bestTb = tb;
            bestFeature = toi.feature;
            point.set(toi.point);
            normal.set(toi.normal);
            limit = t;
          }
        }
      }
    }
  }
  if (best === Infinity) return { hit: null, stats };
  // Back to the world: B's frame is B's pose.
  const worldPoint = transformPoint(rigidB, point);
  const worldNormal = rotateVector(rigidB, normal);
  return {
    hit: {
      fraction: best,
      distance: best * Math.hypot(move[0], move[1], move[2]),
      surfaceA: bestSa,
      surfaceB: bestSb,
      triangleA: bestTa,
      triangleB: bestTb,
      feature: (['vertex-face', 'face-vertex', 'edge-edge', 'coplanar', 'overlap'] as const)[bestFeature]!,
      point: worldPoint,
      normal: worldNormal,
    },
    stats,
  };
}

/** out = (box + f0·d) ∪ (box + f1·d), grown by margin. `out` may alias box. */
function sweep(b: Aabb, d: Float64Array, f0: number, f1: number, margin: number, out: Aabb): void {
  for (let k = 0; k < 3; k++) {
    const s0 = f0 * d[k]!, s1 = f1 * d[k]!;
    const lo = b[k]!, hi = b[k + 3]!;
    out[k] = lo + (s0 < s1 ? s0 : s1) - margin;
    out[k + 3] = hi + (s0 > s1 ? s0 : s1) + margin;
  }
}

function triangleBox(tri: Float64Array, out: Aabb): void {
  for (let k = 0; k < 3; k++) {
    const x = tri[k]!, y = tri[3 + k]!, z = tri[6 + k]!;
    out[k] = x < y ? (x < z ? x : z) : y < z ? y : z;
    out[k + 3] = x > y ? (x > z ? x : z) : y > z ? y : z;
  }
}
