import type { Aabb } from '../math/aabb.js';
import { doubled } from '../math/growable.js';
import type { BoxTree } from '../model/types.js';
import { COUNT_MASK, LEAF_FLAG } from '../spatial/boxTree.js';
import type { QueryStats } from './stats.js';

let stack: Uint32Array = new Uint32Array(256);

/**
 * Writes the ids of the tree's items whose boxes overlap `box` (inclusive) into `out`
 * and returns how many. Every node and item box compared is counted in stats.aabbTests.
 * Explicit stack, no allocation, no closures: this is the inner loop of S-CD.
 */
export function queryBoxTree(tree: BoxTree, box: Aabb, out: Uint32Array, stats: QueryStats): number {
  const { nodeBoxes, nodeFirst, nodeCount, itemBoxes, itemIds } = tree;
  const x0 = box[0]!, y0 = box[1]!, z0 = box[2]!, x1 = box[3]!, y1 = box[4]!, z1 = box[5]!;
  let found = 0;
  let tests = 1;
  if (!(nodeBoxes[0]! <= x1 && nodeBoxes[3]! >= x0 && nodeBoxes[1]! <= y1 && nodeBoxes[4]! >= y0 && nodeBoxes[2]! <= z1 && nodeBoxes[5]! >= z0)) {
    stats.aabbTests += tests;
    return 0;
  }
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const node = stack[--top]!;
    const first = nodeFirst[node]!;
    const packed = nodeCount[node]!;
    const count = packed & COUNT_MASK;
    if ((packed & LEAF_FLAG) !== 0) {
      for (let i = first, end = first + count; i < end; i++) {
        const o = 6 * i;
        tests++;
        if (itemBoxes[o]! <= x1 && itemBoxes[o + 3]! >= x0 && itemBoxes[o + 1]! <= y1 && itemBoxes[o + 4]! >= y0 && itemBoxes[o + 2]! <= z1 && itemBoxes[o + 5]! >= z0) {
          out[found++] = itemIds[i]!;
        }
      }
    } else {
      if (top + count > stack.length) {
        stack = doubled(stack);
      }
      for (let c = first, end = first + count; c < end; c++) {
        const o = 6 * c;
        tests++;
        if (nodeBoxes[o]! <= x1 && nodeBoxes[o + 3]! >= x0 && nodeBoxes[o + 1]! <= y1 && nodeBoxes[o + 4]! >= y0 && nodeBoxes[o + 2]! <= z1 && nodeBoxes[o + 5]! >= z0) {
          stack[top++] = c;
        }
      }
    }
  }
  stats.aabbTests += tests;
  return found;
}
