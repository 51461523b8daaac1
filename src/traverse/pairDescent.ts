// Simultaneous descent of two surfaces' OBB trees (tumbling all-triangles). Under a
// rotated pose S-CD's per-triangle search moves each B triangle into A's frame and takes its
// box there: a sliver of a tilted face gets a box as big as its length and meets hundreds of
// A triangles it is nowhere near (the fine plate tumble: ~1M triangle tests a step, ~1 % of
// them meeting). Here the two surfaces' OBB trees (spatial/surfaceObbTree.ts) are walked
// together, each node pair under the 15-axis test, as OBBTree does (Gottschalk 1996); the
// leaf pairs left are the candidate triangle pairs, which the exact test then decides.
//
// The margins. The 15 axes are not trianglesIntersect's own steps (its box test is along A's
// frame axes, its plane tests along the triangles' normals), so a pair dropped here must be
// one it calls disjoint by distance. Its zero band lets it call touching points about
// tolLen = 0.75 ulp of the coordinates apart, times the triangle's shape (planeSide's band
// over |n| is tolLen·(1 + |w|₁(la + lb)/|n|₁), |w| up to the triangle's size): so every node
// grows by the tolerance plus `unit` (collide.ts: 1e-12 of the scene's scale, ≥ 5,000 tolLen)
// times the largest shape factor (la + lb + lc)²/|n|₁ of its triangles, at least 1,000
// (surfaceObbTree.ts keeps it per node; a triangle without area makes its ancestors' boxes
// unbounded, never a pair lost). That is an argument, not a proof; the oracle tests (every
// mode and variant, random rotations, slivers touching and crossing, 2^-20 … 1e4) check the
// answer is brute force's.
import { doubled } from '../math/growable.js';
import { MOVED_OBB, moveObb, movedObbsOverlap } from '../math/obbOverlap.js';
import type { Rigid } from '../math/rigid.js';
import { OBB_LEAF, OBB_NODE, type SurfaceObbTree } from '../spatial/surfaceObbTree.js';
import type { QueryStats } from './stats.js';

/** Candidate pairs: triangle indices within their surfaces, a0, b0, a1, b1, … */
export interface PairList {
  count: number;
  ids: Uint32Array;
}

export function emptyPairList(): PairList {
  return { count: 0, ids: new Uint32Array(256) };
}


/** The smallest shape factor a node's growth is taken at: 1,000 × unit (1e-9 of the scale) even for well-shaped triangles. */
const MIN_SHAPE = 1000;

/** The working memory of descendPairs and groupByB, owned by one query (queryScratch.ts). */
export class DescentScratch {
  stack: Uint32Array = new Uint32Array(512);
  /** B's node boxes moved into A's frame (moveObb), each once per descent: `movedStamp[n] === stamp` when node n's is current. */
  moved: Float64Array = new Float64Array(MOVED_OBB * 256);
  movedStamp: Uint32Array = new Uint32Array(256);
  stamp = 0;
  /** groupByB's counting sort. */
  counts: Uint32Array = new Uint32Array(256);
  sorted: Uint32Array = new Uint32Array(512);
}

/**
 * Appends to `out` every pair of leaves (A's tree, B's tree) whose parents' boxes, each grown
 * by `tolerance` + `unit` × its shape factor (see the file's note), overlap once B's are
 * moved by `bToA`. Two leaves go to the list untested: one
 * triangle's box rejects about what the triangle test's first step (the other's plane) does,
 * at no lower cost. Node pairs tested count as stats.obbTests.
 */
export function descendPairs(treeA: SurfaceObbTree, treeB: SurfaceObbTree, bToA: Rigid, tolerance: number, unit: number, out: PairList, stats: QueryStats, scratch: DescentScratch): void {
  const boxesA = treeA.boxes, boxesB = treeB.boxes, childA = treeA.child, childB = treeB.child, shapeA = treeA.shape, shapeB = treeB.shape;
  const nodesB = childB.length;
  if (scratch.movedStamp.length < nodesB) {
    scratch.movedStamp = new Uint32Array(Math.max(nodesB, 2 * scratch.movedStamp.length));
    scratch.moved = new Float64Array(MOVED_OBB * scratch.movedStamp.length);
    scratch.stamp = 0;
  }
  const movedStamp = scratch.movedStamp, moved = scratch.moved;
  if (++scratch.stamp === 0xffffffff) {
    movedStamp.fill(0);
    scratch.stamp = 1;
  }
  const stamp = scratch.stamp;
  let stack = scratch.stack;
  let tests = 0;
  let top = 0;
  stack[top++] = 0;
  stack[top++] = 0;
  while (top > 0) {
    const nb = stack[--top]!, na = stack[--top]!;
    const ca = childA[na]!, cb = childB[nb]!;
    const leafA = (ca & OBB_LEAF) !== 0, leafB = (cb & OBB_LEAF) !== 0;
    if (leafA && leafB) {
      pushPair(out, (ca & ~OBB_LEAF) >>> 0, (cb & ~OBB_LEAF) >>> 0);
      continue;
    }
    const oa = OBB_NODE * na, om = MOVED_OBB * nb;
    if (movedStamp[nb] !== stamp) {
      moveObb(boxesB, OBB_NODE * nb, bToA, moved, om);
      movedStamp[nb] = stamp;
    }
    tests++;
    const growA = tolerance + unit * (shapeA[na]! > MIN_SHAPE ? shapeA[na]! : MIN_SHAPE);
    const growB = tolerance + unit * (shapeB[nb]! > MIN_SHAPE ? shapeB[nb]! : MIN_SHAPE);
    if (!movedObbsOverlap(boxesA, oa, growA, moved, om, growB)) continue;
    if (top + 4 > stack.length) {
      stack = scratch.stack = doubled(stack);
    }
    // Split the bigger box; a leaf never. Second child pushed first, so the first is visited first.
    const sizeA = boxesA[oa + 12]! + boxesA[oa + 13]! + boxesA[oa + 14]!, sizeB = moved[om + 12]! + moved[om + 13]! + moved[om + 14]!;
    if (leafB || (!leafA && sizeA >= sizeB)) {
      stack[top++] = ca + 1; stack[top++] = nb;
      stack[top++] = ca; stack[top++] = nb;
    } else {
      stack[top++] = na; stack[top++] = cb + 1;
      stack[top++] = na; stack[top++] = cb;
    }
  }
  stats.obbTests += tests;
}

/** Appends the pair (a, b) to the list, growing it as needed. */
export function pushPair(list: PairList, a: number, b: number): void {
  if (2 * list.count + 2 > list.ids.length) {
    list.ids = doubled(list.ids);
  }
  list.ids[2 * list.count] = a;
  list.ids[2 * list.count + 1] = b;
  list.count++;
}

/**
 * Orders the list by B triangle (a stable counting sort; ids of B below `countB`), so each B
 * triangle is moved and prepared once, not once per run of it in the descent's order. Left as
 * it is when short against countB (the sort would cost more than it saves).
 */
export function groupByB(list: PairList, countB: number, scratch: DescentScratch): void {
  const n = list.count;
  if (n < 64 || 4 * n < countB) return;
  if (scratch.counts.length < countB + 1) scratch.counts = new Uint32Array(Math.max(countB + 1, 2 * scratch.counts.length));
  if (scratch.sorted.length < 2 * n) scratch.sorted = new Uint32Array(Math.max(2 * n, 2 * scratch.sorted.length));
  const counts = scratch.counts, sorted = scratch.sorted;
  const ids = list.ids;
  counts.fill(0, 0, countB + 1);
  for (let c = 0; c < n; c++) counts[ids[2 * c + 1]! + 1]!++;
  for (let b = 0; b < countB; b++) counts[b + 1]! += counts[b]!;
  for (let c = 0; c < n; c++) {
    const b = ids[2 * c + 1]!, at = counts[b]!++;
    sorted[2 * at] = ids[2 * c]!;
    sorted[2 * at + 1] = b;
  }
  list.ids = sorted;
  scratch.sorted = ids;
}
