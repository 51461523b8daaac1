import type { Aabb } from '../math/aabb.js';
import type { BoxTree } from '../model/types.js';
import { COUNT_MASK, LEAF_FLAG } from '../spatial/boxTree.js';
import type { QueryStats } from './stats.js';

/**
 * Writes the ids of the tree's items whose boxes overlap `box` (inclusive) into `out`
 * and returns how many. Every node and item box compared is counted in stats.aabbTests.
 * No allocation, no closures, no memory of its own: this is the inner loop of S-CD, so it
 * writes ids in the walk itself rather than mapping querySlots' slots in a second pass (that
 * pass was measurable on the removal path). `out` must hold every item of the tree: the walk
 * keeps its stack at the far end of it (see querySlots).
 */
export function queryBoxTree(tree: BoxTree, box: Aabb, out: Uint32Array, stats: QueryStats): number {
  const { nodeBoxes, nodeFirst, nodeCount, itemBoxes, itemIds } = tree;
  if (out.length < itemIds.length) throw new Error(`internal: a tree walk's output holds ${out.length} of ${itemIds.length} items`);
  const x0 = box[0]!, y0 = box[1]!, z0 = box[2]!, x1 = box[3]!, y1 = box[4]!, z1 = box[5]!;
  let tests = 1;
  if (!(nodeBoxes[0]! <= x1 && nodeBoxes[3]! >= x0 && nodeBoxes[1]! <= y1 && nodeBoxes[4]! >= y0 && nodeBoxes[2]! <= z1 && nodeBoxes[5]! >= z0)) {
    stats.aabbTests += tests;
    return 0;
  }
  let found = 0;
  const end = out.length;
  let bottom = end;
  out[--bottom] = 0;
  while (bottom < end) {
    const node = out[bottom++]!;
    const first = nodeFirst[node]!;
    const packed = nodeCount[node]!;
    const count = packed & COUNT_MASK;
    tests += count;
    if ((packed & LEAF_FLAG) !== 0) {
      for (let i = first, stop = first + count; i < stop; i++) {
        const o = 6 * i;
        if (itemBoxes[o]! <= x1 && itemBoxes[o + 3]! >= x0 && itemBoxes[o + 1]! <= y1 && itemBoxes[o + 4]! >= y0 && itemBoxes[o + 2]! <= z1 && itemBoxes[o + 5]! >= z0) out[found++] = itemIds[i]!;
      }
    } else {
      for (let c = first, stop = first + count; c < stop; c++) {
        const o = 6 * c;
        if (nodeBoxes[o]! <= x1 && nodeBoxes[o + 3]! >= x0 && nodeBoxes[o + 1]! <= y1 && nodeBoxes[o + 4]! >= y0 && nodeBoxes[o + 2]! <= z1 && nodeBoxes[o + 5]! >= z0) out[--bottom] = c;
      }
    }
  }
  stats.aabbTests += tests;
  return found;
}

/**
 * Like queryBoxTree, but writes item slots (positions in itemBoxes / itemIds), not ids, in
 * the same order. The walk's stack lives at the far end of `out`, growing down while the
 * slots found grow up: each node on the stack holds at least one item not yet found, so the
 * two never meet when `out` holds every item of the tree, and the walk needs no memory of
 * its own (none kept between calls, none shared by two walks).
 */
export function querySlots(tree: BoxTree, box: Aabb, out: Uint32Array, stats: QueryStats): number {
  const { nodeBoxes, nodeFirst, nodeCount, itemBoxes } = tree;
  if (out.length < tree.itemIds.length) throw new Error(`internal: a tree walk's output holds ${out.length} of ${tree.itemIds.length} items`);
  const x0 = box[0]!, y0 = box[1]!, z0 = box[2]!, x1 = box[3]!, y1 = box[4]!, z1 = box[5]!;
  let tests = 1;
  if (!(nodeBoxes[0]! <= x1 && nodeBoxes[3]! >= x0 && nodeBoxes[1]! <= y1 && nodeBoxes[4]! >= y0 && nodeBoxes[2]! <= z1 && nodeBoxes[5]! >= z0)) {
    stats.aabbTests += tests;
    return 0;
  }
  let found = 0;
  // The stack: out[bottom - 1] is its top; it is empty when bottom === out.length.
  const end = out.length;
  let bottom = end;
  out[--bottom] = 0;
  while (bottom < end) {
    const node = out[bottom++]!;
    const first = nodeFirst[node]!;
    const packed = nodeCount[node]!;
    const count = packed & COUNT_MASK;
    tests += count;
    if ((packed & LEAF_FLAG) !== 0) {
      for (let i = first, stop = first + count; i < stop; i++) {
        const o = 6 * i;
        if (itemBoxes[o]! <= x1 && itemBoxes[o + 3]! >= x0 && itemBoxes[o + 1]! <= y1 && itemBoxes[o + 4]! >= y0 && itemBoxes[o + 2]! <= z1 && itemBoxes[o + 5]! >= z0) out[found++] = i;
      }
    } else {
      for (let c = first, stop = first + count; c < stop; c++) {
        const o = 6 * c;
        if (nodeBoxes[o]! <= x1 && nodeBoxes[o + 3]! >= x0 && nodeBoxes[o + 1]! <= y1 && nodeBoxes[o + 4]! >= y0 && nodeBoxes[o + 2]! <= z1 && nodeBoxes[o + 5]! >= z0) out[--bottom] = c;
      }
    }
  }
  stats.aabbTests += tests;
  return found;
}
