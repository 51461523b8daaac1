import type { ResolvedOptions, CollisionResult } from '../../src/collide/collide.js';
import { LeafPairs, noCollision } from '../../src/collide/leafPairs.js';
import type { IndexedPart } from '../../src/collide/narrowPhases.js';
import { emptyStats } from '../../src/collide/stats.js';
import { transformMargin } from '../../src/collide/triangles.js';
import type { Obb } from '../../src/math/obb.js';
import { OBB_TESTS } from '../../src/math/obbTests.js';
import { relativeRigid, type Rigid } from '../../src/math/rigid.js';
import { BOX, LEAF, type ObbTree } from './build.js';

function scratchObb(): { buf: Float64Array; obb: Obb } {
  const buf = new Float64Array(BOX);
  return { buf, obb: { center: buf.subarray(0, 3), axes: buf.subarray(3, 12), halfExtents: buf.subarray(12, 15) } };
}
const boxA = scratchObb();
const boxB = scratchObb();
const bToAScratch = new Float64Array(12);
let stack = new Uint32Array(512);

function load(into: Float64Array, boxes: Float64Array, node: number): void {
  const o = BOX * node;
  for (let i = 0; i < BOX; i++) into[i] = boxes[o + i]!;
}

/**
 * Simultaneous descent of two OBBTrees (Gottschalk et al. 1996, §5): a node pair is tested
 * with the selected OBB test under the relative transform of the two parts (the boxes live in
 * their parts' frames, so that transform is the pair's relative transform for every pair);
 * an overlapping pair descends the node with the larger box; two leaves go to the exact
 * triangle test. Counters: obbTests = node pairs tested, triangleTests, aabbUpdates =
 * triangles of B moved into A's frame.
 */
export function collideObbTrees(a: IndexedPart<ObbTree>, poseA: Rigid, b: IndexedPart<ObbTree>, poseB: Rigid, opts: ResolvedOptions): CollisionResult {
  const stats = emptyStats();
  const ta = a.index, tb = b.index;
  if (ta.nodeCount === 0 || tb.nodeCount === 0) return noCollision(opts, stats);
  const bToA = relativeRigid(poseA, poseB, bToAScratch);
  // Triangles within `tolerance` have boxes within it: grow each box by half of it.
  const margin = 0.5 * opts.tolerance + transformMargin(a.part, b.part, bToA);
  const overlap = OBB_TESTS[opts.obbTest];
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
    if (!overlap(boxA.obb, boxB.obb, bToA, margin)) continue;
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
      stack = grown;
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
