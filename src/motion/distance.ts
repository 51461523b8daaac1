import { atLeast } from '../math/growable.js';
import { SurfcdError } from '../errors.js';
import { transformAabb, type Aabb } from '../math/aabb.js';
import { obbsOverlap } from '../math/obbOverlap.js';
import { relativeRigid, type Rigid } from '../math/rigid.js';
import { triangleDistance } from '../math/triangleDistance.js';
import type { Part, Surface } from '../model/types.js';
import { precheckObb } from '../model/precheckObb.js';
import { indexPart } from '../spatial/indexPart.js';
import { emptyStats, type QueryStats } from '../traverse/stats.js';
import { loadTransformedTriangle, loadTriangle, transformMargin } from '../traverse/triangles.js';
import { queryBoxTree } from '../traverse/treeQuery.js';
import { triangleClosestPoints } from './closestPoints.js';
import type { Vec3 } from './inputs.js';
import { transformPoint } from '../math/rigid.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';
import { motionScratch, type MotionScratch } from './motionScratch.js';
import { descendSurfacePair, descentScratch, prepareDescent, type DistanceBest } from './treeDistance.js';

export interface DistanceOptions {
  /** Only look this far (mm): farther pairs are pruned, and a result beyond it is null. Default Infinity. */
  maxDistance?: number;
  /** Surface pairs to leave out. */
  ignore?: (surfaceA: number, surfaceB: number) => boolean;
  /**
   * A triangle pair [triangleA, triangleB] likely to be close (e.g. the answer of the
   * previous query along a motion): measured first, it bounds the search from the start.
   */
  seed?: readonly [number, number];
}

export interface ClosestPair {
  /** Minimum distance (mm); 0 when the parts touch or intersect. */
  distance: number;
  surfaceA: number;
  surfaceB: number;
  triangleA: number;
  triangleB: number;
  /** Closest points, world frame. */
  pointA: Vec3;
  pointB: Vec3;
}

export interface DistanceResult {
  /** null when nothing is within maxDistance. */
  closest: ClosestPair | null;
  stats: QueryStats;
}

/**
 * Minimum distance between two posed parts' triangles, with the closest surface pair and
 * points. Branch and bound down both R-tree levels: B's surfaces are visited nearest box
 * first, and every box query is grown only by the best distance found so far, so far-away
 * surfaces and triangles are never opened. (The public `distance`, with poses and the
 * fitted-primitive option, is in partGap.ts.)
 */
export function distanceRigid(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, options: DistanceOptions = {}): DistanceResult {
  const scratch = motionScratch.claim();
  try {
    return distanceOn(scratch, a, rigidA, b, rigidB, options);
  } finally {
    motionScratch.release(scratch);
  }
}

/** distanceRigid on `scratch`, which it holds for its whole run (`ignore` may start other queries). */
function distanceOn(scratch: MotionScratch, a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, options: DistanceOptions): DistanceResult {
  const maxDistance = options.maxDistance ?? Infinity;
  if (typeof maxDistance !== 'number' || !(maxDistance >= 0)) {
    throw new SurfcdError('INVALID_OPTION', `distance: maxDistance must be a number ≥ 0 (mm), got ${String(maxDistance)}`);
  }
  const ignore = options.ignore;
  const stats = emptyStats();
  indexPart(a);
  indexPart(b);
  if (!a.surfaceTree || !b.surfaceTree || a.indices.length === 0 || b.indices.length === 0) return { closest: null, stats };
  const { bToA, aToB, triA, triB, box, reach, coverA } = scratch;
  relativeRigid(rigidA, rigidB, bToA); // B-local → A-local
  relativeRigid(rigidB, rigidA, aToB);
  // Whole parts first: boxes grown by half the reach each overlap whenever any points are within it.
  if (maxDistance < Infinity) {
    stats.obbTests++;
    if (!obbsOverlap(precheckObb(a), precheckObb(b), bToA, maxDistance / 2)) return { closest: null, stats };
  }
  const margin = transformMargin(a, b, bToA);
  transformAabb(a.bounds, aToB, coverA);

  // B's surfaces, nearest box (in A's frame) first.
  const nb = b.surfaces.length;
  if (scratch.order.length < 2 * nb) scratch.order = new Float64Array(2 * nb);
  const order = scratch.order;
  let count = 0;
  for (const s of b.surfaces) {
    if (s.triangleCount === 0) continue;
    transformAabb(s.bounds, bToA, box);
    stats.aabbUpdates++;
    order[2 * count] = boxGap(box, a.bounds);
    order[2 * count + 1] = s.index;
    count++;
  }
  const sorted = Array.from({ length: count }, (_, i) => i).sort((x, y) => order[2 * x]! - order[2 * y]! || order[2 * x + 1]! - order[2 * y + 1]!);

  let best = maxDistance;
  let found = false;
  let bestSa = -1, bestSb = -1, bestTa = -1, bestTb = -1;
  const seed = options.seed;
  if (seed && seed[0] < a.indices.length / 3 && seed[1] < b.indices.length / 3) {
    const sa = a.triangleSurface[seed[0]]!, sb = b.triangleSurface[seed[1]]!;
    if (!ignore || !ignore(sa, sb)) {
      loadTriangle(a, seed[0], triA);
      loadTransformedTriangle(b, seed[1], bToA, triB);
      stats.triangleTests++;
      const d = triangleDistance(triA, triB);
      if (d <= best) {
        best = d;
        found = true;
        [bestSa, bestSb, bestTa, bestTb] = [sa, sb, seed[0], seed[1]];
      }
    }
  }
  const surfacesA = (scratch.surfacesA = atLeast(scratch.surfacesA, a.surfaces.length));
  if (!found && count > 0) {
    // No bound yet: one cheap guess (nearest triangle of the nearest B surface against the
    // nearest triangle of A) makes every later box query small.
    const guess = nearestGuess(a, b.surfaces[order[2 * sorted[0]! + 1]!]!, coverA, scratch, stats);
    if (guess) {
      loadTriangle(a, guess[0], triA);
      loadTransformedTriangle(b, guess[1], bToA, triB);
      stats.triangleTests++;
      const d = triangleDistance(triA, triB);
      if (d <= best) {
        best = d;
        found = true;
        [bestSa, bestSb, bestTa, bestTb] = [a.triangleSurface[guess[0]]!, b.triangleSurface[guess[1]]!, guess[0], guess[1]];
        if (ignore && ignore(bestSa, bestSb)) {
          best = maxDistance;
          found = false;
        }
      }
    }
  }
  // Surface pairs whose boxes are within reach, nearest first; each pair's triangle trees
  // are descended together, pruned by the best distance so far.
  const pairs: number[] = [];
  const descent = descentScratch();
  prepareDescent(bToA, descent);
  for (const k of sorted) {
    if (order[2 * k]! - margin > best) break;
    const surfaceB = b.surfaces[order[2 * k + 1]!]!;
    transformAabb(surfaceB.bounds, bToA, box);
    grown(box, best + margin, reach);
    const countA = queryBoxTree(a.surfaceTree, reach, surfacesA, stats);
    for (let sj = 0; sj < countA; sj++) {
      const sa = surfacesA[sj]!;
      if (ignore && ignore(sa, surfaceB.index)) continue;
      pairs.push(boxGap(a.surfaces[sa]!.bounds, box), sa, surfaceB.index);
    }
  }
  const pairOrder = Array.from({ length: pairs.length / 3 }, (_, i) => 3 * i).sort((x, y) => pairs[x]! - pairs[y]! || pairs[x + 1]! - pairs[y + 1]! || pairs[x + 2]! - pairs[y + 2]!);
  const state: DistanceBest = { best, margin, found, triangleA: bestTa, triangleB: bestTb };
  for (const p of pairOrder) {
    if (pairs[p]! - margin > state.best || (state.found && state.best === 0)) break;
    const surfaceA = a.surfaces[pairs[p + 1]!]!, surfaceB = b.surfaces[pairs[p + 2]!]!;
    descendSurfacePair(a, surfaceA, triangleTreeOf(surfaceA)!, b, surfaceB, triangleTreeOf(surfaceB)!, bToA, state, descent, stats);
  }
  best = state.best;
  found = state.found;
  if (found) {
    [bestTa, bestTb] = [state.triangleA, state.triangleB];
    [bestSa, bestSb] = [a.triangleSurface[bestTa]!, b.triangleSurface[bestTb]!];
  }
  if (!found) return { closest: null, stats };
  loadTriangle(a, bestTa, triA);
  loadTransformedTriangle(b, bestTb, bToA, triB);
  const pa = new Float64Array(3), pb = new Float64Array(3);
  triangleClosestPoints(triA, triB, pa, pb);
  return {
    closest: {
      distance: best,
      surfaceA: bestSa,
      surfaceB: bestSb,
      triangleA: bestTa,
      triangleB: bestTb,
      pointA: transformPoint(rigidA, pa),
      pointB: transformPoint(rigidA, pb),
    },
    stats,
  };
}

/** Distance between two boxes (0 when they overlap). */
function boxGap(p: Aabb, q: Aabb): number {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const g = Math.max(p[k]! - q[k + 3]!, q[k]! - p[k + 3]!, 0);
    s += g * g;
  }
  return Math.sqrt(s);
}

function grown(b: Aabb, m: number, out: Aabb): void {
  for (let k = 0; k < 3; k++) {
    out[k] = b[k]! - m;
    out[k + 3] = b[k + 3]! + m;
  }
}

function triangleBox(tri: Float64Array, m: number, out: Aabb): void {
  for (let k = 0; k < 3; k++) {
    const x = tri[k]!, y = tri[3 + k]!, z = tri[6 + k]!;
    out[k] = (x < y ? (x < z ? x : z) : y < z ? y : z) - m;
    out[k + 3] = (x > y ? (x > z ? x : z) : y > z ? y : z) + m;
  }
}

/** The triangle of B's surface whose box is nearest A's cover box, and A's triangle nearest to it (box distances; B's triangle on the scratch's bToA, triB and box). */
function nearestGuess(a: Part, surfaceB: Surface, coverOfA: Aabb, scratch: MotionScratch, stats: QueryStats): [number, number] | null {
  const { bToA, triB, box } = scratch;
  const tree = triangleTreeOf(surfaceB);
  if (!tree || !a.surfaceTree) return null;
  let bestB = -1, gapB = Infinity;
  for (let i = 0; i < tree.itemIds.length; i++) {
    const g = boxGap32(tree.itemBoxes, i, coverOfA);
    if (g < gapB) { gapB = g; bestB = surfaceB.firstTriangle + tree.itemIds[i]!; }
  }
  if (bestB < 0) return null;
  loadTransformedTriangle(surfaceB.part, bestB, bToA, triB);
  triangleBox(triB, 0, box);
  stats.aabbUpdates++;
  let bestA = -1, gapA = Infinity;
  for (const s of a.surfaces) {
    if (s.triangleCount === 0 || boxGap(s.bounds, box) > gapA) continue;
    const t = triangleTreeOf(s)!;
    for (let i = 0; i < t.itemIds.length; i++) {
      const g = boxGap32(t.itemBoxes, i, box);
      if (g < gapA) { gapA = g; bestA = s.firstTriangle + t.itemIds[i]!; }
    }
  }
  return bestA < 0 ? null : [bestA, bestB];
}

function boxGap32(boxes: Float32Array, i: number, q: Aabb): number {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const g = Math.max(boxes[6 * i + k]! - q[k + 3]!, q[k]! - boxes[6 * i + k + 3]!, 0);
    s += g * g;
  }
  return Math.sqrt(s);
}
