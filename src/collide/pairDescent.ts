// Simultaneous descent of two surfaces' OBB trees (issue 14, tumbling all-triangles). Under a
// rotated pose S-CD's per-triangle search moves each B triangle into A's frame and takes its
// box there: a sliver of a tilted face gets a box as big as its length and meets hundreds of
// A triangles it is nowhere near (the fine plate tumble: ~1M triangle tests a step, ~1 % of
// them meeting). Here the two surfaces' OBB trees (spatial/surfaceObbTree.ts) are walked
// together, each node pair under the 15-axis test, as OBBTree does (Gottschalk 1996); the
// leaf pairs left are the candidate triangle pairs, which the exact test then decides.
import { obbsOverlapAt } from '../math/obbOverlap.js';
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

let stack: Uint32Array = new Uint32Array(512);

/**
 * Appends to `out` every pair of leaves (A's tree, B's tree) whose boxes, each grown by
 * `margin`, overlap once B's are moved by `bToA`. Node pairs tested count as stats.obbTests.
 */
export function descendPairs(treeA: SurfaceObbTree, treeB: SurfaceObbTree, bToA: Rigid, margin: number, out: PairList, stats: QueryStats): void {
  const boxesA = treeA.boxes, boxesB = treeB.boxes, childA = treeA.child, childB = treeB.child;
  let tests = 0;
  let top = 0;
  stack[top++] = 0;
  stack[top++] = 0;
  while (top > 0) {
    const nb = stack[--top]!, na = stack[--top]!;
    const oa = OBB_NODE * na, ob = OBB_NODE * nb;
    tests++;
    if (!obbsOverlapAt(boxesA, oa, boxesB, ob, bToA, margin)) continue;
    const ca = childA[na]!, cb = childB[nb]!;
    const leafA = (ca & OBB_LEAF) !== 0, leafB = (cb & OBB_LEAF) !== 0;
    if (leafA && leafB) {
      pushPair(out, (ca & ~OBB_LEAF) >>> 0, (cb & ~OBB_LEAF) >>> 0);
      continue;
    }
    if (top + 4 > stack.length) {
      const grown = new Uint32Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    // Split the bigger box; a leaf never. Second child pushed first, so the first is visited first.
    const sizeA = boxesA[oa + 12]! + boxesA[oa + 13]! + boxesA[oa + 14]!, sizeB = boxesB[ob + 12]! + boxesB[ob + 13]! + boxesB[ob + 14]!;
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
    const grown = new Uint32Array(list.ids.length * 2);
    grown.set(list.ids);
    list.ids = grown;
  }
  list.ids[2 * list.count] = a;
  list.ids[2 * list.count + 1] = b;
  list.count++;
}
