// The tree walks keep their stack at the far end of the caller's output (treeQuery.ts): with
// an output of exactly one entry per item (per node for leaves) they must find what a walk
// with a stack of its own finds, in the same order, and refuse a shorter output.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBoxTree, COUNT_MASK, LEAF_FLAG } from '../../src/spatial/boxTree.js';
import { queryBoxTree, querySlots } from '../../src/traverse/treeQuery.js';
import { queryLeaves } from '../../src/traverse/leafQuery.js';
import { emptyStats } from '../../src/traverse/stats.js';
import type { BoxTree } from '../../src/model/types.js';

function overlaps(boxes: Float32Array, i: number, q: Float64Array): boolean {
  const o = 6 * i;
  return boxes[o]! <= q[3]! && boxes[o + 3]! >= q[0]! && boxes[o + 1]! <= q[4]! && boxes[o + 4]! >= q[1]! && boxes[o + 2]! <= q[5]! && boxes[o + 5]! >= q[2]!;
}

/** The walk as it was with a stack array of its own: item slots and leaves, in visiting order, and the box tests. */
function reference(tree: BoxTree, q: Float64Array): { slots: number[]; leaves: number[]; tests: number; leafTests: number } {
  const slots: number[] = [], leaves: number[] = [];
  let tests = 1, leafTests = 1;
  if (!overlaps(tree.nodeBoxes, 0, q)) return { slots, leaves, tests, leafTests };
  const stack = [0];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const first = tree.nodeFirst[node]!, packed = tree.nodeCount[node]!, count = packed & COUNT_MASK;
    tests += count;
    if ((packed & LEAF_FLAG) !== 0) {
      leaves.push(node);
      for (let i = first; i < first + count; i++) if (overlaps(tree.itemBoxes, i, q)) slots.push(i);
    } else {
      leafTests += count;
      for (let c = first; c < first + count; c++) if (overlaps(tree.nodeBoxes, c, q)) stack.push(c);
    }
  }
  return { slots, leaves, tests, leafTests };
}

const coord = fc.integer({ min: -40, max: 40 }).map((v) => v / 4);
const boxArb = fc.tuple(coord, coord, coord, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }));
const toBox = ([x, y, z, dx, dy, dz]: [number, number, number, number, number, number]): number[] => [x, y, z, x + dx / 2, y + dy / 2, z + dz / 2];

describe('tree walks with their stack in the output', () => {
  it('find what a walk with its own stack finds, in its order, with outputs of exactly the tree size', () => {
    fc.assert(
      fc.property(fc.array(boxArb, { minLength: 1, maxLength: 400 }), fc.array(boxArb, { minLength: 1, maxLength: 6 }), (items, queries) => {
        const tree = buildBoxTree(Float64Array.from(items.flatMap(toBox)), items.length);
        for (const query of queries) {
          const q = Float64Array.from(toBox(query));
          const want = reference(tree, q);
          const stats = emptyStats();
          const slots = new Uint32Array(items.length);
          const n = querySlots(tree, q, slots, stats);
          expect(Array.from(slots.subarray(0, n))).toEqual(want.slots);
          expect(stats.aabbTests).toBe(want.tests);
          const ids = new Uint32Array(items.length);
          const m = queryBoxTree(tree, q, ids, emptyStats());
          expect(Array.from(ids.subarray(0, m))).toEqual(want.slots.map((s) => tree.itemIds[s]!));
          const leaves = new Uint32Array(tree.nodeFirst.length);
          const leafStats = emptyStats();
          const l = queryLeaves(tree, q, leaves, leafStats);
          expect(Array.from(leaves.subarray(0, l))).toEqual(want.leaves);
          expect(leafStats.aabbTests).toBe(want.leafTests);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('every box of a large tree at once: the found items fill the output to its last entry', () => {
    const count = 5000;
    const boxes = new Float64Array(6 * count);
    for (let i = 0; i < count; i++) boxes.set([i, 0, 0, i + 0.5, 1, 1], 6 * i);
    const tree = buildBoxTree(boxes, count);
    const out = new Uint32Array(count);
    const n = queryBoxTree(tree, Float64Array.from([-1, -1, -1, count + 1, 2, 2]), out, emptyStats());
    expect(n).toBe(count);
    expect(Array.from(out).sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
  });

  it('refuse an output shorter than the tree', () => {
    const tree = buildBoxTree(Float64Array.from([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]), 2);
    const q = Float64Array.from([0, 0, 0, 3, 3, 3]);
    expect(() => queryBoxTree(tree, q, new Uint32Array(1), emptyStats())).toThrow("internal: a tree walk's output holds 1 of 2 items");
    expect(() => queryLeaves(tree, q, new Uint32Array(0), emptyStats())).toThrow("internal: a leaf walk's output holds 0 of");
  });
});
