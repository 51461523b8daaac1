import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBoxTree, COUNT_MASK, LEAF_FLAG } from '../../src/spatial/boxTree.js';
import { buildBoxTreeRbush } from '../../src/spatial/rbushTree.js';
import { queryBoxTree } from '../../src/traverse/treeQuery.js';
import { emptyStats } from '../../src/traverse/stats.js';
import type { BoxTree } from '../../src/model/types.js';

const coord = fc.oneof(fc.integer({ min: -20, max: 20 }).map((v) => v / 4), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
const box = fc.tuple(coord, coord, coord, fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }));
const toBoxes = (list: number[][]): Float64Array => Float64Array.from(list.flatMap(([x, y, z, dx, dy, dz]) => [x!, y!, z!, x! + dx!, y! + dy!, z! + dz!]));

function leaves(tree: BoxTree): string[] {
  const out: string[] = [];
  for (let n = 0; n < tree.nodeFirst.length; n++) {
    if ((tree.nodeCount[n]! & LEAF_FLAG) === 0) continue;
    const first = tree.nodeFirst[n]!, count = tree.nodeCount[n]! & COUNT_MASK;
    out.push(Array.from(tree.itemIds.subarray(first, first + count)).sort((a, b) => a - b).join(','));
  }
  return out;
}

function checkStructure(tree: BoxTree, count: number): void {
  const seen = new Uint8Array(count);
  for (let n = 0; n < tree.nodeFirst.length; n++) {
    const packed = tree.nodeCount[n]!, first = tree.nodeFirst[n]!, k = packed & COUNT_MASK;
    expect(k).toBeLessThanOrEqual(9);
    const leaf = (packed & LEAF_FLAG) !== 0;
    for (let c = first; c < first + k; c++) {
      const child = leaf ? tree.itemBoxes : tree.nodeBoxes;
      if (!leaf) expect(c).toBeGreaterThan(n);
      for (let a = 0; a < 3; a++) {
        expect(child[6 * c + a]!).toBeGreaterThanOrEqual(tree.nodeBoxes[6 * n + a]!);
        expect(child[6 * c + 3 + a]!).toBeLessThanOrEqual(tree.nodeBoxes[6 * n + 3 + a]!);
      }
      if (leaf) seen[tree.itemIds[c]!]!++;
    }
  }
  expect(Array.from(seen).every((s) => s === 1)).toBe(true);
}

describe('buildBoxTree (packed bulk load)', () => {
  it('holds every item once, nests boxes, and answers queries like brute force', () => {
    fc.assert(
      fc.property(fc.array(box, { maxLength: 300 }), fc.array(box, { minLength: 1, maxLength: 5 }), (list, queries) => {
        const boxes = toBoxes(list);
        const tree = buildBoxTree(boxes, list.length);
        checkStructure(tree, list.length);
        const out = new Uint32Array(list.length + 1);
        for (const q of toBoxes(queries).reduce<number[][]>((acc, _, i, all) => (i % 6 === 0 ? [...acc, Array.from(all.slice(i, i + 6))] : acc), [])) {
          const found = Array.from(out.subarray(0, queryBoxTree(tree, Float64Array.from(q), out, emptyStats()))).sort((a, b) => a - b);
          // Brute force on the float32-rounded item boxes (what the tree stores, outward).
          const want: number[] = [];
          for (let i = 0; i < list.length; i++) {
            let hit = true;
            for (let a = 0; a < 3; a++) if (!(Math.fround(boxes[6 * i + a]!) <= q[3 + a]! + 1e-3 * Math.abs(q[3 + a]!) + 1e-3 && Math.fround(boxes[6 * i + 3 + a]!) >= q[a]! - 1e-3 * Math.abs(q[a]!) - 1e-3)) hit = false;
            let exact = true;
            for (let a = 0; a < 3; a++) if (!(boxes[6 * i + a]! <= q[3 + a]! && boxes[6 * i + 3 + a]! >= q[a]!)) exact = false;
            if (exact) expect(found).toContain(i); // conservative: never misses a true overlap
            if (hit) want.push(i);
          }
          for (const f of found) expect(want).toContain(f); // and finds nothing far away
        }
      }),
      { numRuns: 60 },
    );
  });

  it('partitions exactly as rbush-3d does (same nodes, same boxes, same leaf sets) when keys are distinct', () => {
    // The packed builder partitions by the Float32 boxes it stores, so the draw is of boxes
    // that are Float32 already (then both builders see the same keys); keys distinct on every
    // axis (ties, 0 and −0 included, may be ordered differently by the two, both rightly).
    const f32 = (v: number): number => Math.fround(v);
    const distinct = (boxes: Float64Array, n: number, axis: number): boolean => new Set(Array.from({ length: n }, (_, i) => boxes[6 * i + axis]! + 0)).size === n;
    fc.assert(
      fc.property(fc.uniqueArray(fc.double({ min: -1e3, max: 1e3, noNaN: true }).map(f32), { minLength: 0, maxLength: 400, comparator: 'SameValueZero' }), fc.integer({ min: 1, max: 1e6 }), (xs, seed) => {
        const n = xs.length;
        const boxes = new Float64Array(6 * n);
        for (let i = 0; i < n; i++) {
          const x = xs[i]!, y = f32(xs[(i * 7 + seed) % n]! + 0.5 * x), z = xs[(i * 13 + 3 * seed) % n]!;
          boxes.set([x, y, z, f32(x + 1), f32(y + 2), f32(z + 0.25)], 6 * i);
        }
        fc.pre(distinct(boxes, n, 1)); // y + x/2 may tie, rarely
        const packed = buildBoxTree(boxes, n);
        const reference = buildBoxTreeRbush(boxes, n);
        expect(Array.from(packed.nodeCount)).toEqual(Array.from(reference.nodeCount));
        // Internal nodes' first children agree; a leaf's first item is where its run of the
        // partition's order starts, not rbush's breadth-first leaf numbering (the same runs
        // wherever all leaves are at one depth), so leaves compare by their item sets.
        const internal = (tree: BoxTree): number[] => Array.from(tree.nodeFirst, (f, i) => ((tree.nodeCount[i]! & LEAF_FLAG) === 0 ? f : -1));
        expect(internal(packed)).toEqual(internal(reference));
        checkStructure(packed, n);
        expect(leaves(packed)).toEqual(leaves(reference));
        expect(Array.from(packed.nodeBoxes)).toEqual(Array.from(reference.nodeBoxes));
      }),
      { numRuns: 40 },
    );
  });

  it('boxes beyond the Float32 range stay whole and conservative (bounds round out to ±Infinity)', () => {
    const list = Array.from({ length: 40 }, (_, i) => [(i % 2 ? -1 : 1) * 10 ** (30 + (i % 12)), i, -i, 10 ** (i % 40), 1, 1]);
    const boxes = toBoxes(list);
    const tree = buildBoxTree(boxes, list.length);
    checkStructure(tree, list.length);
    for (let i = 0; i < tree.itemIds.length; i++) {
      const id = tree.itemIds[i]!;
      for (let a = 0; a < 3; a++) {
        expect(tree.itemBoxes[6 * i + a]!).toBeLessThanOrEqual(boxes[6 * id + a]!);
        expect(tree.itemBoxes[6 * i + 3 + a]!).toBeGreaterThanOrEqual(boxes[6 * id + 3 + a]!);
      }
    }
  });

  it('an empty tree matches nothing', () => {
    const tree = buildBoxTree(new Float64Array(0), 0);
    expect(queryBoxTree(tree, Float64Array.from([-1e9, -1e9, -1e9, 1e9, 1e9, 1e9]), new Uint32Array(1), emptyStats())).toBe(0);
    expect(tree.nodeCount[0]).toBe(LEAF_FLAG);
  });
});
