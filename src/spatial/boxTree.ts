import type { BoxTree } from '../model/types.js';
import { buildPackedRTree } from './packedRTree.js';

/** Node fan-out. rbush's default (9) measured best for triangle soups of CAD parts. */
export const MAX_ENTRIES = 9;
/** High bit of `nodeCount` marks a leaf; the low bits hold the count. */
export const LEAF_FLAG = 0x80000000;
export const COUNT_MASK = 0x7fffffff;

/**
 * Bulk-loads boxes (6 per item, Float64: min xyz, max xyz) into a static R-tree in flat
 * typed arrays (allocation-free traversal, ~10× smaller than rbush's node objects). The
 * packed builder partitions exactly as rbush-3d's bulk load does on the boxes rounded
 * outward to Float32 (rbushTree.ts keeps rbush's own build as the test oracle).
 */
export function buildBoxTree(boxes: Float64Array, count: number): BoxTree {
  return buildPackedRTree(boxes, count, MAX_ENTRIES);
}

/** Bytes held by the tree's typed arrays. */
export function boxTreeBytes(tree: BoxTree): number {
  return tree.nodeBoxes.byteLength + tree.nodeFirst.byteLength + tree.nodeCount.byteLength + tree.itemBoxes.byteLength + tree.itemIds.byteLength;
}
