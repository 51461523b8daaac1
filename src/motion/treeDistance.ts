/**
 * Minimum-distance descent over two surfaces' triangle trees at once (branch and bound):
 * node pairs are opened nearest box first and dropped as soon as their boxes are farther
 * apart than the best triangle distance so far, so a bound found early (a seed, the
 * previous surface pair) keeps most of both trees closed. B's boxes are moved into A's
 * frame as they are visited (centre and extent form: a rotated box stays conservative).
 */
import type { Rigid } from '../math/rigid.js';
import { triangleDistance, trianglesWithin } from '../math/triangleDistance.js';
import type { BoxTree, Part, Surface } from '../model/types.js';
import { COUNT_MASK, LEAF_FLAG } from '../spatial/boxTree.js';
import type { QueryStats } from '../traverse/stats.js';
import { loadTransformedTriangle, loadTriangle } from '../traverse/triangles.js';

/** The best triangle pair so far; `found` false while nothing is within `best` (the reach). */
export interface DistanceBest {
  best: number;
  /** Rounding slack of boxes moved between frames (mm): a box gap must exceed best + margin to prune. */
  margin: number;
  found: boolean;
  triangleA: number;
  triangleB: number;
}

/** Working memory of one query (grown on demand, never shared between queries in flight). */
export interface DescentScratch {
  pairs: Uint32Array;
  gaps: Float64Array;
  /** |R| of bToA, for moving box extents. */
  absR: Float64Array;
  boxB: Float64Array;
  triA: Float64Array;
  triB: Float64Array;
}

export function descentScratch(): DescentScratch {
  return { pairs: new Uint32Array(512), gaps: new Float64Array(256), absR: new Float64Array(9), boxB: new Float64Array(6), triA: new Float64Array(9), triB: new Float64Array(9) };
}

/** Stores |R| of the rotation part of `bToA` in the scratch (once per part pair). */
export function prepareDescent(bToA: Rigid, scratch: DescentScratch): void {
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) scratch.absR[3 * r + c] = Math.abs(bToA[4 * r + c]!);
}

/** Box o (6 floats) of `boxes`, moved by bToA, into out. */
function moveBox(boxes: Float32Array, o: number, bToA: Rigid, absR: Float64Array, out: Float64Array): void {
  const cx = 0.5 * (boxes[o]! + boxes[o + 3]!), cy = 0.5 * (boxes[o + 1]! + boxes[o + 4]!), cz = 0.5 * (boxes[o + 2]! + boxes[o + 5]!);
  const ex = 0.5 * (boxes[o + 3]! - boxes[o]!), ey = 0.5 * (boxes[o + 4]! - boxes[o + 1]!), ez = 0.5 * (boxes[o + 5]! - boxes[o + 2]!);
  for (let r = 0; r < 3; r++) {
    const c = bToA[4 * r]! * cx + bToA[4 * r + 1]! * cy + bToA[4 * r + 2]! * cz + bToA[4 * r + 3]!;
    // The extent carries a relative 1e-12 pad: the centre form rounds differently from the corners.
    const e = (absR[3 * r]! * ex + absR[3 * r + 1]! * ey + absR[3 * r + 2]! * ez) * (1 + 1e-12) + 1e-12 * Math.abs(c);
    out[r] = c - e;
    out[r + 3] = c + e;
  }
}

/** Euclidean gap between box o of `boxes` (A's frame) and `q`. */
function gapTo(boxes: Float32Array, o: number, q: Float64Array): number {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const g = Math.max(boxes[o + k]! - q[k + 3]!, q[k]! - boxes[o + k + 3]!, 0);
    s += g * g;
  }
  return Math.sqrt(s);
}

const isLeaf = (tree: BoxTree, node: number): boolean => (tree.nodeCount[node]! & LEAF_FLAG) !== 0;
const countOf = (tree: BoxTree, node: number): number => tree.nodeCount[node]! & COUNT_MASK;
const diagonal2 = (boxes: Float32Array, o: number): number => (boxes[o + 3]! - boxes[o]!) ** 2 + (boxes[o + 4]! - boxes[o + 1]!) ** 2 + (boxes[o + 5]! - boxes[o + 2]!) ** 2;

/**
 * Lowers `state` to the smallest triangle distance between surface `sa` of part a and `sb`
 * of part b (B moved into A's frame by bToA), if it is below `state.best` (or equal while
 * nothing is found). Node pairs are pruned by their box gap against the current best.
 */
export function descendSurfacePair(a: Part, sa: Surface, treeA: BoxTree, b: Part, sb: Surface, treeB: BoxTree, bToA: Rigid, state: DistanceBest, scratch: DescentScratch, stats: QueryStats): void {
  const { absR, boxB } = scratch;
  let top = 0;
  const push = (nodeA: number, nodeB: number, gap: number): void => {
    if (2 * top + 2 > scratch.pairs.length) {
      const p = new Uint32Array(scratch.pairs.length * 2); p.set(scratch.pairs); scratch.pairs = p;
      const g = new Float64Array(scratch.gaps.length * 2); g.set(scratch.gaps); scratch.gaps = g;
    }
    scratch.pairs[2 * top] = nodeA; scratch.pairs[2 * top + 1] = nodeB; scratch.gaps[top] = gap; top++;
  };
  moveBox(treeB.nodeBoxes, 0, bToA, absR, boxB);
  stats.aabbUpdates++; stats.aabbTests++;
  const rootGap = gapTo(treeA.nodeBoxes, 0, boxB);
  if (rootGap - state.margin > state.best) return;
  push(0, 0, rootGap);
  // Nothing is closer than touching: the first 0 ends the search.
  while (top > 0 && !(state.found && state.best === 0)) {
    top--;
    const nodeA = scratch.pairs[2 * top]!, nodeB = scratch.pairs[2 * top + 1]!;
    if (scratch.gaps[top]! - state.margin > state.best) continue;
    const leafA = isLeaf(treeA, nodeA), leafB = isLeaf(treeB, nodeB);
    if (leafA && leafB) {
      leafPairs(a, sa, treeA, nodeA, b, sb, treeB, nodeB, bToA, state, scratch, stats);
      continue;
    }
    // Open the bigger node (or the one that is not a leaf); children nearest last, so popped first.
    const openA = leafB || (!leafA && diagonal2(treeA.nodeBoxes, 6 * nodeA) >= diagonal2(treeB.nodeBoxes, 6 * nodeB));
    const start = top;
    if (openA) {
      moveBox(treeB.nodeBoxes, 6 * nodeB, bToA, absR, boxB);
      stats.aabbUpdates++;
      for (let c = treeA.nodeFirst[nodeA]!, end = c + countOf(treeA, nodeA); c < end; c++) {
        stats.aabbTests++;
        const g = gapTo(treeA.nodeBoxes, 6 * c, boxB);
        if (g - state.margin <= state.best) push(c, nodeB, g);
      }
    } else {
      for (let c = treeB.nodeFirst[nodeB]!, end = c + countOf(treeB, nodeB); c < end; c++) {
        moveBox(treeB.nodeBoxes, 6 * c, bToA, absR, boxB);
        stats.aabbUpdates++; stats.aabbTests++;
        const g = gapTo(treeA.nodeBoxes, 6 * nodeA, boxB);
        if (g - state.margin <= state.best) push(nodeA, c, g);
      }
    }
    sortFarthestFirst(scratch, start, top);
  }
}

/** Insertion sort of the stack slice [from, to) by gap, descending (at most 9 entries). */
function sortFarthestFirst(s: DescentScratch, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const g = s.gaps[i]!, pa = s.pairs[2 * i]!, pb = s.pairs[2 * i + 1]!;
    let j = i - 1;
    while (j >= from && s.gaps[j]! < g) {
      s.gaps[j + 1] = s.gaps[j]!; s.pairs[2 * j + 2] = s.pairs[2 * j]!; s.pairs[2 * j + 3] = s.pairs[2 * j + 1]!;
      j--;
    }
    s.gaps[j + 1] = g; s.pairs[2 * j + 2] = pa; s.pairs[2 * j + 3] = pb;
  }
}

function leafPairs(a: Part, sa: Surface, treeA: BoxTree, nodeA: number, b: Part, sb: Surface, treeB: BoxTree, nodeB: number, bToA: Rigid, state: DistanceBest, scratch: DescentScratch, stats: QueryStats): void {
  const { absR, boxB, triA, triB } = scratch;
  const firstA = treeA.nodeFirst[nodeA]!, endA = firstA + countOf(treeA, nodeA);
  for (let j = treeB.nodeFirst[nodeB]!, endB = j + countOf(treeB, nodeB); j < endB; j++) {
    moveBox(treeB.itemBoxes, 6 * j, bToA, absR, boxB);
    stats.aabbUpdates++;
    let loaded = false;
    const tb = sb.firstTriangle + treeB.itemIds[j]!;
    for (let i = firstA; i < endA; i++) {
      if (state.found && state.best === 0) return;
      stats.aabbTests++;
      if (gapTo(treeA.itemBoxes, 6 * i, boxB) - state.margin > state.best) continue;
      if (!loaded) { loadTransformedTriangle(b, tb, bToA, triB); loaded = true; }
      const ta = sa.firstTriangle + treeA.itemIds[i]!;
      loadTriangle(a, ta, triA);
      stats.triangleTests++;
      // The cheap certified-gap test rejects most candidates before the 15 feature pairs.
      if (state.best < Infinity && !trianglesWithin(triA, triB, state.best)) continue;
      const d = triangleDistance(triA, triB);
      if (d < state.best || (!state.found && d <= state.best)) {
        state.best = d;
        state.found = true;
        state.triangleA = ta;
        state.triangleB = tb;
      }
    }
  }
}
