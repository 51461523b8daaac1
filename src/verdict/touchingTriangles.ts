// The contact region of one surface pair, as a report draws it: which triangles of each
// surface touch (or come within the tolerance of) some triangle of the other. That is one
// existence question per triangle, answered at its first hit, where an all-triangles query
// lists every pair (on a fine model a face lying on a face meets ~80 triangles per triangle).
// The test is collide's own on the same floats: A's triangle as it is, B's moved into A's
// frame, trianglesIntersect at tolerance 0 (what the prepared test answers), trianglesWithin
// above; boxes grow by twice the reach, as collide's do, so rounding cannot hide a pair.
import { invertRigid, relativeRigid, toRigid, type Pose, type Rigid } from '../math/rigid.js';
import { trianglesWithin } from '../math/triangleDistance.js';
import { trianglesIntersect } from '../math/triangleIntersect.js';
import type { BoxTree, Part } from '../model/types.js';
import { assertPart, assertPose } from '../model/validate.js';
import { indexPart } from '../spatial/indexPart.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';
import { SurfcdError } from '../errors.js';
import { emptyStats, type QueryStats } from '../traverse/stats.js';
import { loadTransformedTriangle, loadTriangle, transformMargin, triangleBox } from '../traverse/triangles.js';
import { queryBoxTree } from '../traverse/treeQuery.js';

export interface TouchingTriangles {
  /** Part-global triangle indices of surface A that meet surface B, ascending (at most `cap`). */
  a: number[];
  /** The same for surface B. */
  b: number[];
}

const triA = new Float64Array(9);
const triB = new Float64Array(9);
const moved = new Float64Array(9);
const box = new Float64Array(6);

/**
 * The triangles of surface `sa` of A (at poseA) and of surface `sb` of B (at poseB) that
 * collide's all-triangles query at `tolerance` pairs with some triangle of the other surface;
 * each list keeps the `cap` lowest indices.
 */
export function touchingTriangles(a: Part, poseA: Pose, sa: number, b: Part, poseB: Pose, sb: number, tolerance: number, cap = Infinity): TouchingTriangles {
  assertPart(a, 'touchingTriangles', 'a'); assertPose(poseA, 'touchingTriangles', 'poseA'); assertPart(b, 'touchingTriangles', 'b'); assertPose(poseB, 'touchingTriangles', 'poseB');
  const surfaceA = a.surfaces[sa], surfaceB = b.surfaces[sb];
  if (surfaceA === undefined || surfaceB === undefined) {
    throw new SurfcdError('INVALID_OPTION', `touchingTriangles: no surface ${surfaceA === undefined ? `${sa} in part "${a.path}"` : `${sb} in part "${b.path}"`}`);
  }
  if (!(tolerance >= 0) || !Number.isFinite(tolerance)) throw new SurfcdError('INVALID_OPTION', `touchingTriangles: tolerance must be a finite number ≥ 0 (mm), got ${String(tolerance)}`);
  indexPart(a);
  indexPart(b);
  const treeA = triangleTreeOf(surfaceA), treeB = triangleTreeOf(surfaceB);
  if (treeA === null || treeB === null) return { a: [], b: [] };
  const bToA = relativeRigid(toRigid(poseA), toRigid(poseB));
  const aToB = invertRigid(bToA);
  const grow = 2 * (tolerance + transformMargin(a, b, bToA));
  // Above tolerance 0 an intersecting pair is within it (trianglesWithin answers those by
  // trianglesIntersect itself), so every candidate gets the cheap test before any distance.
  const meets = tolerance === 0 ? null : (): boolean => trianglesWithin(triA, triB, tolerance);
  const stats = emptyStats();
  // Candidate lists, one per tree, made per call (a call covers a whole surface pair).
  const hitsInB = new Uint32Array(treeB.itemIds.length), hitsInA = new Uint32Array(treeA.itemIds.length);

  const onA: number[] = [];
  for (let t = surfaceA.firstTriangle, end = t + surfaceA.triangleCount; t < end && onA.length < cap; t++) {
    loadTriangle(a, t, triA);
    loadTransformedTriangle(a, t, aToB, moved);
    const n = candidates(treeB, grow, stats, hitsInB);
    if (n > 0 && anyHit(hitsInB, n, b, surfaceB.firstTriangle, bToA, true, meets)) onA.push(t);
  }
  const onB: number[] = [];
  for (let t = surfaceB.firstTriangle, end = t + surfaceB.triangleCount; t < end && onB.length < cap; t++) {
    loadTransformedTriangle(b, t, bToA, triB);
    moved.set(triB);
    const n = candidates(treeA, grow, stats, hitsInA);
    if (n > 0 && anyHit(hitsInA, n, a, surfaceA.firstTriangle, bToA, false, meets)) onB.push(t);
  }
  return { a: onA, b: onB };
}

/** Items of `tree` (in its part's frame) whose boxes overlap `moved`'s box grown by `grow`, into `hits`; how many. */
function candidates(tree: BoxTree, grow: number, stats: QueryStats, hits: Uint32Array): number {
  triangleBox(moved, grow, box);
  return queryBoxTree(tree, box, hits, stats);
}

/**
 * Whether one of the first `n` hits (surface offsets from `first` in `other`) meets the
 * loaded triangle: intersects it, or (`within` given) passes that test.
 */
function anyHit(hits: Uint32Array, n: number, other: Part, first: number, bToA: Rigid, otherIsB: boolean, within: (() => boolean) | null): boolean {
  for (let pass = 0; pass < (within === null ? 1 : 2); pass++) {
    for (let k = 0; k < n; k++) {
      if (otherIsB) loadTransformedTriangle(other, first + hits[k]!, bToA, triB);
      else loadTriangle(other, first + hits[k]!, triA);
      if (pass === 0 ? trianglesIntersect(triA, triB) : within!()) return true;
    }
  }
  return false;
}
