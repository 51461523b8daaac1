import { emptyStats, LeafPairs, noCollision, obbsOverlapAt, obbsOverlapEffective, obbsOverlapLite, relativeRigid, ScratchPool, transformMargin, type CollisionResult, type IndexedPart, type Obb, type ResolvedOptions, type Rigid } from '../../src/plugin.js';
import { BOX, LEAF, type ObbTree } from './build.js';

function scratchObb(): { buf: Float64Array; obb: Obb } {
  const buf = new Float64Array(BOX);
  return { buf, obb: { center: buf.subarray(0, 3), axes: buf.subarray(3, 12), halfExtents: buf.subarray(12, 15) } };
}
/** The memory of one descent: both nodes' boxes in double precision, the pose, the stack of node pairs. */
class ObbDescentScratch {
  busy = false;
  readonly boxA = scratchObb();
  readonly boxB = scratchObb();
  readonly bToA = new Float64Array(12);
  stack = new Uint32Array(512);
}

/**
 * The narrow phase's collide: each query borrows a scratch for its run, so a query started
 * inside another (from a callback) gets its own. The pool belongs to the phase (index.ts).
 */
export function obbTreeCollider(): (a: IndexedPart<ObbTree>, poseA: Rigid, b: IndexedPart<ObbTree>, poseB: Rigid, opts: ResolvedOptions) => CollisionResult {
  const pool = new ScratchPool(() => new ObbDescentScratch(), 'narrow-obbtree');
  return (a, poseA, b, poseB, opts) => {
    const scratch = pool.claim();
    try {
      return collideObbTrees(a, poseA, b, poseB, opts, scratch);
    } finally {
      pool.release(scratch);
    }
  };
}

/**
 * Copies a node's box into a double-precision scratch box and makes its axes orthonormal
 * again (Gram–Schmidt, third axis = cross product): the 15-axis formulas assume an
 * orthonormal frame, and single-precision axes are off by ~1e-7, which near-parallel edges
 * (|A_i × B_j| ≈ 0) would turn into false separations. The rotation this applies is ~1e-7,
 * inside the growth the half-extents got in `toSingle`.
 */
function load(into: Float64Array, boxes: Float32Array, node: number): void {
  const o = BOX * node;
  for (let i = 0; i < BOX; i++) into[i] = boxes[o + i]!;
  let x0 = into[3]!, x1 = into[4]!, x2 = into[5]!;
  let l = 1 / Math.sqrt(x0 * x0 + x1 * x1 + x2 * x2);
  x0 *= l; x1 *= l; x2 *= l;
  let y0 = into[6]!, y1 = into[7]!, y2 = into[8]!;
  const d = x0 * y0 + x1 * y1 + x2 * y2;
  y0 -= d * x0; y1 -= d * x1; y2 -= d * x2;
  l = 1 / Math.sqrt(y0 * y0 + y1 * y1 + y2 * y2);
  y0 *= l; y1 *= l; y2 *= l;
  into[3] = x0; into[4] = x1; into[5] = x2;
  into[6] = y0; into[7] = y1; into[8] = y2;
  into[9] = x1 * y2 - x2 * y1; into[10] = x2 * y0 - x0 * y2; into[11] = x0 * y1 - x1 * y0;
}

/**
 * Simultaneous descent of two OBBTrees (Gottschalk et al. 1996, §5): a node pair is tested
 * with the selected OBB test under the relative transform of the two parts (the boxes live in
 * their parts' frames, so that transform is the pair's relative transform for every pair);
 * an overlapping pair descends the node with the larger box; two leaves go to the exact
 * triangle test. Counters: obbTests = node pairs tested, triangleTests, aabbUpdates =
 * triangles of B moved into A's frame.
 */
function collideObbTrees(a: IndexedPart<ObbTree>, poseA: Rigid, b: IndexedPart<ObbTree>, poseB: Rigid, opts: ResolvedOptions, scratch: ObbDescentScratch): CollisionResult {
  const stats = emptyStats();
  const ta = a.index, tb = b.index;
  if (ta.nodeCount === 0 || tb.nodeCount === 0) return noCollision(opts, stats);
  const { boxA, boxB } = scratch;
  let stack = scratch.stack;
  const bToA = relativeRigid(poseA, poseB, scratch.bToA);
  // Triangles within `tolerance` have boxes within it: grow each box by half of it.
  const margin = 0.5 * opts.tolerance + transformMargin(a.part, b.part, bToA);
  // One direct call site per test (not a call through a variable), so each stays monomorphic and inlinable.
  const kind = opts.obbTest === 'sat' ? 0 : opts.obbTest === 'lite' ? 1 : 2;
  const leaves = new LeafPairs(a.part, b.part, bToA, opts, stats);
  const boxesA = ta.boxes, boxesB = tb.boxes, childA = ta.child, childB = tb.child;
  let top = 0;
  stack[top++] = 0;
  stack[top++] = 0;
  while (top > 0) {
    const nb = stack[--top]!, na = stack[--top]!;
    load(boxA.buf, boxesA, na);
    load(boxB.buf, boxesB, nb);
    stats.obbTests++;
    const overlaps =
      kind === 0 ? obbsOverlapAt(boxA.buf, 0, boxB.buf, 0, bToA, margin) : kind === 1 ? obbsOverlapLite(boxA.obb, boxB.obb, bToA, margin) : obbsOverlapEffective(boxA.obb, boxB.obb, bToA, margin);
    if (!overlaps) continue;
    const ca = childA[na]!, cb = childB[nb]!;
    const leafA = (ca & LEAF) !== 0, leafB = (cb & LEAF) !== 0;
    if (leafA && leafB) {
      const triA = ca & ~LEAF, triB = cb & ~LEAF;
      if (leaves.known(triA >>> 0, triB >>> 0)) continue;
      if (leaves.test(triA >>> 0, triB >>> 0)) break;
      continue;
    }
    if (top + 4 > stack.length) {
      const grown = new Uint32Array(stack.length * 2);
      grown.set(stack);
      stack = scratch.stack = grown;
    }
    const hA = boxA.buf, hB = boxB.buf;
    const sizeA = hA[12]! + hA[13]! + hA[14]!, sizeB = hB[12]! + hB[13]! + hB[14]!;
    if (leafB || (!leafA && sizeA >= sizeB)) {
      stack[top++] = ca + 1; stack[top++] = nb;
      stack[top++] = ca; stack[top++] = nb;
    } else {
      stack[top++] = na; stack[top++] = cb + 1;
      stack[top++] = na; stack[top++] = cb;
    }
  }
  return leaves.result();
}
