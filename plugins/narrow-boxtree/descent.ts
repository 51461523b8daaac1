/**
 * The one simultaneous descent of two restricted boxtrees, for both layouts (`build.ts`: a
 * 16-bit cut as a fraction of the parent's extent; `paperBuild.ts`: the paper's float cut),
 * with the box overlap tests Zachmann's §3.2 proposes, all as separating-axis tests over a
 * fixed set of candidate axes in A's frame:
 *
 * - `axis`: A's three axes (§3.2.1, "axis alignment": B's box enclosed by an axis-aligned box
 *   in A's frame);
 * - `lite`: A's and B's axes (§3.2.4, "SAT lite", the paper's best performer);
 * - `sat`: those six plus the nine edge cross products (§3.2.3, exact: no false positives).
 *
 * A stack entry holds both nodes' boxes (each in its own frame) and, per candidate axis, the
 * projection intervals of both boxes. A child's box is its parent's with one side moved by d
 * along one of its own axes, so on an axis s only one end of its interval moves, by d·(b·s)
 * (the products b·s are computed once per query): the paper's incremental update. Children are
 * derived and tested when their parent pair is expanded (§3.3), and the larger box descends.
 * The layout is a flag of the query, tested where a child's box is derived, so the hot loop
 * calls the same functions for every tree.
 * Counters: aabbTests = node pairs compared, aabbUpdates = children derived.
 */
import { emptyStats, LeafPairs, noCollision, relativeRigid, ScratchPool, transformMargin, type CollisionResult, type IndexedPart, type ResolvedOptions, type Rigid } from '../../src/plugin.js';
import { childBox, LEAF, UPPER, type Boxtree } from './build.js';
import { ABOVE, paperChildBox, type PaperBoxtree } from './paperBuild.js';

export type BoxTest = 'axis' | 'lite' | 'sat';

/** Which tree layout a query walks: `build.ts`'s quantized cuts or the paper's float cuts. */
export type BoxtreeLayout = 'quantized' | 'paper';

/** The scratch one query needs; a query started while another runs takes another (boxtreeCollider). */
export class DescentScratch {
  busy = false;
  stack = new Float64Array(0);
  readonly bToA = new Float64Array(12);
  /** Candidate axes (unit, A's frame), 3 per axis. */
  readonly axes = new Float64Array(45);
  /** Per own axis k (3) of A, then of B (3), per candidate axis j: that axis's component along s_j. */
  readonly dots = new Float64Array(6 * 15);
}

const A_BOX = 2, B_BOX = 8, INTERVALS = 14;

/**
 * The narrow phase's collide for one layout and box test. Its scratches are lent to queries:
 * a query takes one for its whole run and gives it back at the end, so a query started inside
 * another (from a callback) gets a different one. The pool belongs to the phase, not the module.
 */
export function boxtreeCollider(layout: BoxtreeLayout, test: BoxTest): (a: IndexedPart<Boxtree | PaperBoxtree>, poseA: Rigid, b: IndexedPart<Boxtree | PaperBoxtree>, poseB: Rigid, opts: ResolvedOptions) => CollisionResult {
  const pool = new ScratchPool(() => new DescentScratch(), 'narrow-boxtree');
  return (a, poseA, b, poseB, opts) => {
    const scratch = pool.claim();
    try {
      return collideBoxtrees(layout, test, a, poseA, b, poseB, opts, scratch);
    } finally {
      pool.release(scratch);
    }
  };
}

export function collideBoxtrees(layout: BoxtreeLayout, test: BoxTest, a: IndexedPart<Boxtree | PaperBoxtree>, poseA: Rigid, b: IndexedPart<Boxtree | PaperBoxtree>, poseB: Rigid, opts: ResolvedOptions, scratch: DescentScratch): CollisionResult {
  const stats = emptyStats();
  const quantized = layout === 'quantized';
  const ta = a.index, tb = b.index;
  if (ta.nodeCount === 0 || tb.nodeCount === 0) return noCollision(opts, stats);
  const m = relativeRigid(poseA, poseB, scratch.bToA);
  const reach = opts.tolerance + transformMargin(a.part, b.part, m);
  const axisCount = candidateAxes(test, m, scratch);
  const entry = INTERVALS + 4 * axisCount;
  const leaves = new LeafPairs(a.part, b.part, m, opts, stats);
  const { dots } = scratch;
  let stack = scratch.stack.length >= 64 * entry ? scratch.stack : (scratch.stack = new Float64Array(64 * entry));

  stack[0] = 0;
  stack[1] = 0;
  stack.set(ta.root, A_BOX);
  stack.set(tb.root, B_BOX);
  rootIntervals(ta.root, tb.root, m, scratch, axisCount, stack, INTERVALS);
  stats.aabbTests++;
  if (!intervalsOverlap(stack, INTERVALS, axisCount, reach)) return leaves.result();
  let top = entry;
  while (top > 0) {
    top -= entry;
    const e = top;
    const na = stack[e]!, nb = stack[e + 1]!;
    const la = ta.link[na]!, lb = tb.link[nb]!;
    const leafA = (la & LEAF) !== 0, leafB = (lb & LEAF) !== 0;
    if (leafA && leafB) {
      const triA = (la & ~LEAF) >>> 0, triB = (lb & ~LEAF) >>> 0;
      if (leaves.known(triA, triB)) continue;
      if (leaves.test(triA, triB)) break;
      continue;
    }
    if (e + 3 * entry > stack.length) {
      const grown = new Float64Array(stack.length * 2);
      grown.set(stack);
      stack = scratch.stack = grown;
    }
    const descendA = leafB || (!leafA && boxSize(stack, e + A_BOX) >= boxSize(stack, e + B_BOX));
    const tree = descendA ? ta : tb;
    const boxAt = descendA ? A_BOX : B_BOX;
    const dotBase = descendA ? 0 : 3 * 15;
    const first = descendA ? la : lb;
    let keep = 0;
    for (let i = 0; i < 2; i++) {
      const c = first + i, o = e + (i + 1) * entry;
      stack.copyWithin(o, e, e + entry);
      const f = tree.flags[c]!;
      // Which side moved: the quantized layout flags the upper side, the paper's the child above its plane.
      let lowerMoved: boolean;
      if (quantized) {
        childBox(stack, e + boxAt, f, (tree as Boxtree).cut[c]!, stack, o + boxAt);
        lowerMoved = (f & UPPER) === 0;
      } else {
        paperChildBox(stack, e + boxAt, f, (tree as PaperBoxtree).cut[c]!, stack, o + boxAt);
        lowerMoved = (f & ABOVE) !== 0;
      }
      stack[o + (descendA ? 0 : 1)] = c;
      moveIntervals(stack, e, o, boxAt, f & 3, lowerMoved, dots, dotBase, axisCount, descendA ? 0 : 2);
      stats.aabbUpdates++;
      stats.aabbTests++;
      if (intervalsOverlap(stack, o + INTERVALS, axisCount, reach)) keep |= 1 << i;
    }
    // The overlapping children replace their parent's entry.
    let kept = e;
    for (let i = 0; i < 2; i++) {
      if ((keep & (1 << i)) === 0) continue;
      stack.copyWithin(kept, e + (i + 1) * entry, e + (i + 2) * entry);
      kept += entry;
    }
    top = kept;
  }
  return leaves.result();
}

/**
 * Fills the candidate axes (unit vectors in A's frame) and each own axis's component along
 * them; returns how many. Cross products of nearly parallel edges are left out: the face
 * axes already separate whatever they would.
 */
function candidateAxes(test: BoxTest, m: Float64Array, s: DescentScratch): number {
  const { axes, dots } = s;
  let count = 0;
  const push = (x: number, y: number, z: number): void => {
    const len = Math.hypot(x, y, z);
    if (!(len > 1e-9)) return;
    axes[3 * count] = x / len;
    axes[3 * count + 1] = y / len;
    axes[3 * count + 2] = z / len;
    count++;
  };
  for (let k = 0; k < 3; k++) push(k === 0 ? 1 : 0, k === 1 ? 1 : 0, k === 2 ? 1 : 0);
  if (test !== 'axis') for (let k = 0; k < 3; k++) push(m[k]!, m[4 + k]!, m[8 + k]!);
  if (test === 'sat') {
    for (let i = 0; i < 3; i++) {
      for (let k = 0; k < 3; k++) {
        const bx = m[k]!, by = m[4 + k]!, bz = m[8 + k]!;
        // e_i × b_k
        if (i === 0) push(0, -bz, by);
        else if (i === 1) push(bz, 0, -bx);
        else push(-by, bx, 0);
      }
    }
  }
  for (let j = 0; j < count; j++) {
    const sx = axes[3 * j]!, sy = axes[3 * j + 1]!, sz = axes[3 * j + 2]!;
    for (let k = 0; k < 3; k++) {
      dots[15 * k + j] = k === 0 ? sx : k === 1 ? sy : sz;
      dots[15 * (3 + k) + j] = m[k]! * sx + m[4 + k]! * sy + m[8 + k]! * sz;
    }
  }
  return count;
}

/** Both root boxes' intervals on every candidate axis: (loA, hiA, loB, hiB) per axis. */
function rootIntervals(rootA: Float64Array, rootB: Float64Array, m: Float64Array, s: DescentScratch, count: number, out: Float64Array, o: number): void {
  const { axes, dots } = s;
  const cb = [0, 1, 2].map((x) => m[4 * x + 3]! + [0, 1, 2].reduce((sum, k) => sum + m[4 * x + k]! * 0.5 * (rootB[k]! + rootB[3 + k]!), 0));
  for (let j = 0; j < count; j++) {
    let centreA = 0, radiusA = 0, centreB = 0, radiusB = 0;
    for (let k = 0; k < 3; k++) {
      centreA += axes[3 * j + k]! * 0.5 * (rootA[k]! + rootA[3 + k]!);
      radiusA += Math.abs(dots[15 * k + j]!) * 0.5 * (rootA[3 + k]! - rootA[k]!);
      centreB += axes[3 * j + k]! * cb[k]!;
      radiusB += Math.abs(dots[15 * (3 + k) + j]!) * 0.5 * (rootB[3 + k]! - rootB[k]!);
    }
    out[o + 4 * j] = centreA - radiusA;
    out[o + 4 * j + 1] = centreA + radiusA;
    out[o + 4 * j + 2] = centreB - radiusB;
    out[o + 4 * j + 3] = centreB + radiusB;
  }
}

/**
 * The child at `o` moved one side of its parent's box (at e), its lower or upper side along
 * its own axis k, by d: on each candidate axis only one end of its interval moves, by d times
 * that axis's component.
 */
function moveIntervals(stack: Float64Array, e: number, o: number, boxAt: number, k: number, above: boolean, dots: Float64Array, dotBase: number, count: number, end: number): void {
  const d = above ? stack[o + boxAt + k]! - stack[e + boxAt + k]! : stack[e + boxAt + 3 + k]! - stack[o + boxAt + 3 + k]!;
  const row = dotBase + 15 * k;
  for (let j = 0; j < count; j++) {
    const dot = dots[row + j]!;
    const at = o + INTERVALS + 4 * j + end;
    if (above) {
      if (dot > 0) stack[at] = stack[at]! + d * dot;
      else stack[at + 1] = stack[at + 1]! + d * dot;
    } else if (dot > 0) stack[at + 1] = stack[at + 1]! - d * dot;
    else stack[at] = stack[at]! - d * dot;
  }
}

function intervalsOverlap(stack: Float64Array, o: number, count: number, reach: number): boolean {
  for (let j = 0; j < count; j++) {
    const at = o + 4 * j;
    if (stack[at]! > stack[at + 3]! + reach || stack[at + 1]! < stack[at + 2]! - reach) return false;
  }
  return true;
}

function boxSize(stack: Float64Array, o: number): number {
  return stack[o + 3]! - stack[o]! + stack[o + 4]! - stack[o + 1]! + stack[o + 5]! - stack[o + 2]!;
}
