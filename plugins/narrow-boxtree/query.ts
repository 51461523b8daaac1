import { emptyStats, LeafPairs, noCollision, relativeRigid, transformAabb, transformMargin, type CollisionResult, type IndexedPart, type ResolvedOptions, type Rigid } from '../../src/plugin.js';
import { childBox, LEAF, UPPER, type Boxtree } from './build.js';

/** Stack entry: node A, node B, A's box (A frame), B's box (B frame), B's box's enclosing AABB in A's frame. */
const ENTRY = 20;
let stack = new Float64Array(64 * ENTRY);
const bToAScratch = new Float64Array(12);
const enclosing = new Float64Array(6);

/**
 * Simultaneous descent of two restricted boxtrees with the paper's "axis alignment" test
 * (§3.2.1): B's box is enclosed by an axis-aligned box in A's frame and compared with A's
 * box. Neither box is stored: each child's is derived from its parent's by moving one side,
 * and the enclosing box of B's child from its parent's by moving three of its sides (c · b,
 * with b the moved side's axis in A's frame), so a node pair costs a few multiply-adds and
 * 6 comparisons. Children are computed and tested when their parent pair is expanded (the
 * paper's §3.3: node work moved one level up). The larger box descends.
 * Counters: aabbTests = node pairs compared, aabbUpdates = enclosing boxes updated + B triangles moved.
 */
export function collideBoxtrees(a: IndexedPart<Boxtree>, poseA: Rigid, b: IndexedPart<Boxtree>, poseB: Rigid, opts: ResolvedOptions): CollisionResult {
  const stats = emptyStats();
  const ta = a.index, tb = b.index;
  if (ta.nodeCount === 0 || tb.nodeCount === 0) return noCollision(opts, stats);
  const m = relativeRigid(poseA, poseB, bToAScratch);
  // Enclosing boxes accumulate one rounding per level: far below transformMargin.
  const reach = opts.tolerance + transformMargin(a.part, b.part, m);
  const leaves = new LeafPairs(a.part, b.part, m, opts, stats);
  const linkA = ta.link, linkB = tb.link, cutA = ta.cut, cutB = tb.cut, flagsA = ta.flags, flagsB = tb.flags;

  transformAabb(tb.root, m, enclosing);
  stats.aabbUpdates++;
  stats.aabbTests++;
  if (!overlaps(ta.root, 0, enclosing, 0, reach)) return leaves.result();
  stack[0] = 0;
  stack[1] = 0;
  stack.set(ta.root, 2);
  stack.set(tb.root, 8);
  stack.set(enclosing, 14);
  let top = ENTRY;
  while (top > 0) {
    top -= ENTRY;
    const e = top;
    const na = stack[e]!, nb = stack[e + 1]!;
    const la = linkA[na]!, lb = linkB[nb]!;
    const leafA = (la & LEAF) !== 0, leafB = (lb & LEAF) !== 0;
    if (leafA && leafB) {
      const triA = (la & ~LEAF) >>> 0, triB = (lb & ~LEAF) >>> 0;
      if (leaves.known(triA, triB)) continue;
      if (leaves.test(triA, triB)) break;
      continue;
    }
    if (e + 3 * ENTRY > stack.length) {
      const grown = new Float64Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    // Descend the larger box (sum of extents), or the one that is not a leaf. Both children
    // are built in the two slots above the parent's entry, then the overlapping ones replace it.
    const sizeA = stack[e + 5]! - stack[e + 2]! + stack[e + 6]! - stack[e + 3]! + stack[e + 7]! - stack[e + 4]!;
    const sizeB = stack[e + 11]! - stack[e + 8]! + stack[e + 12]! - stack[e + 9]! + stack[e + 13]! - stack[e + 10]!;
    const descendA = leafB || (!leafA && sizeA >= sizeB);
    const first = descendA ? la : lb;
    let keep1 = false, keep2 = false;
    for (let i = 0; i < 2; i++) {
      const c = first + i, o = e + (i + 1) * ENTRY;
      for (let j = 0; j < ENTRY; j++) stack[o + j] = stack[e + j]!;
      if (descendA) {
        childBox(stack, e + 2, flagsA[c]!, cutA[c]!, stack, o + 2);
        stack[o] = c;
      } else {
        const f = flagsB[c]!;
        childBox(stack, e + 8, f, cutB[c]!, stack, o + 8);
        stack[o + 1] = c;
        // B's side moved in by d along B's axis k; the enclosing box follows (corners with
        // positive bx move its max, negative ones its min).
        const k = f & 3, upper = (f & UPPER) !== 0;
        const d = upper ? stack[e + 11 + k]! - stack[o + 11 + k]! : stack[o + 8 + k]! - stack[e + 8 + k]!;
        for (let x = 0; x < 3; x++) {
          const bx = m[4 * x + k]!;
          if (upper) {
            if (bx > 0) stack[o + 17 + x] = stack[o + 17 + x]! - d * bx;
            else stack[o + 14 + x] = stack[o + 14 + x]! - d * bx;
          } else if (bx > 0) stack[o + 14 + x] = stack[o + 14 + x]! + d * bx;
          else stack[o + 17 + x] = stack[o + 17 + x]! + d * bx;
        }
        stats.aabbUpdates++;
      }
      stats.aabbTests++;
      const ok = overlaps(stack, o + 2, stack, o + 14, reach);
      if (i === 0) keep1 = ok;
      else keep2 = ok;
    }
    let pushed = e;
    if (keep1) {
      for (let j = 0; j < ENTRY; j++) stack[pushed + j] = stack[e + ENTRY + j]!;
      pushed += ENTRY;
    }
    if (keep2) {
      for (let j = 0; j < ENTRY; j++) stack[pushed + j] = stack[e + 2 * ENTRY + j]!;
      pushed += ENTRY;
    }
    top = pushed;
  }
  return leaves.result();
}

function overlaps(p: Float64Array, po: number, q: Float64Array, qo: number, reach: number): boolean {
  return (
    p[po]! <= q[qo + 3]! + reach && p[po + 3]! >= q[qo]! - reach &&
    p[po + 1]! <= q[qo + 4]! + reach && p[po + 4]! >= q[qo + 1]! - reach &&
    p[po + 2]! <= q[qo + 5]! + reach && p[po + 5]! >= q[qo + 2]! - reach
  );
}
