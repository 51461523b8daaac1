// Tree builds run on an explicit scratch (treeBuildScratch.ts): a scratch carries nothing from
// one build to the next, so a build's tree is the same bit for bit on a reused scratch, a
// fresh one or one lent by the pool; the build's work counter is kept on its scratch.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoxTree } from '../../src/model/types.js';
import { MAX_ENTRIES } from '../../src/spatial/boxTree.js';
import { buildPackedRTree } from '../../src/spatial/packedRTree.js';
import { TreeBuildScratch, treeBuildScratch } from '../../src/spatial/treeBuildScratch.js';

const bytes = (tree: BoxTree): number[] => [tree.nodeBoxes, tree.nodeFirst, tree.nodeCount, tree.itemBoxes, tree.itemIds].flatMap((a) => Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)));

const boxesOf = (seeds: number[]): Float64Array =>
  Float64Array.from(seeds.flatMap((s, i) => {
    const x = Math.sin(s + i) * 1e3, y = Math.cos(3 * s) * 10, z = (s % 97) * 1e-3;
    return [x, y, z, x + (s % 5), y + 1e-7, z + (s % 3)];
  }));

describe('tree build scratch', () => {
  it('one scratch reused for builds of growing and shrinking sizes gives the trees of fresh scratches, byte for byte', () => {
    const reused = new TreeBuildScratch();
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: -1e6, max: 1e6 }), { maxLength: 700 }), { minLength: 1, maxLength: 4 }), (runs) => {
        for (const seeds of runs) {
          const boxes = boxesOf(seeds);
          const onReused = buildPackedRTree(boxes, seeds.length, MAX_ENTRIES, reused);
          const onFresh = buildPackedRTree(boxes, seeds.length, MAX_ENTRIES, new TreeBuildScratch());
          const onLent = buildPackedRTree(boxes, seeds.length, MAX_ENTRIES);
          expect(bytes(onReused)).toEqual(bytes(onFresh));
          expect(bytes(onLent)).toEqual(bytes(onFresh));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('keeps the build\'s selections on its scratch: none for one leaf, some for a partitioned tree', () => {
    const scratch = new TreeBuildScratch();
    buildPackedRTree(boxesOf([1, 2, 3, 4, 5]), 5, MAX_ENTRIES, scratch);
    expect(scratch.selections).toBe(0);
    const seeds = Array.from({ length: 500 }, (_, i) => (i * 7919) % 1009);
    const tree = buildPackedRTree(boxesOf(seeds), seeds.length, MAX_ENTRIES, scratch);
    expect(scratch.selections).toBeGreaterThan(0);
    // at most one selection per node (each cuts a node's items into its children)
    expect(scratch.selections).toBeLessThanOrEqual(tree.nodeFirst.length);
  });

  it('a build borrows from the pool and gives back: the pool lends the same scratch again', () => {
    const held = treeBuildScratch.claim();
    treeBuildScratch.release(held);
    buildPackedRTree(boxesOf([1, 2, 3]), 3, MAX_ENTRIES);
    const next = treeBuildScratch.claim();
    expect(next).toBe(held);
    expect(next.busy).toBe(true);
    treeBuildScratch.release(next);
    expect(() => treeBuildScratch.release(next)).toThrow('tree build: scratch given back while no call holds it');
  });
});
