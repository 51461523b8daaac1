// rbush-3d's bulk load, flattened into a BoxTree: the builder surfcd used before the packed
// one, kept as the oracle the packed builder is tested against (test/spatial). Not on any
// runtime path, so a cold process never loads rbush-3d for it.
import { RBush3D, type BBox, type Node } from 'rbush-3d';
import type { BoxTree } from '../model/types.js';
import { floatDown, floatUp } from './float32Box.js';
import { LEAF_FLAG, MAX_ENTRIES } from './boxTree.js';

interface Item extends BBox {
  id: number;
}

/** rbush-3d's bulk load of the boxes (6 per item, Float64), flattened breadth-first. */
export function buildBoxTreeRbush(boxes: Float64Array, count: number): BoxTree {
  const items: Item[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const o = 6 * i;
    items[i] = { minX: boxes[o]!, minY: boxes[o + 1]!, minZ: boxes[o + 2]!, maxX: boxes[o + 3]!, maxY: boxes[o + 4]!, maxZ: boxes[o + 5]!, id: i };
  }
  const rtree = new RBush3D(MAX_ENTRIES);
  if (count > 0) rtree.load(items);
  return flatten(rtree.data, count);
}

function flatten(root: Node, itemCount: number): BoxTree {
  // Breadth-first, so the children of every node are contiguous.
  const nodes: Node[] = [root];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (!node.leaf) for (const child of node.children as Node[]) nodes.push(child);
  }
  const nodeBoxes = new Float32Array(6 * nodes.length);
  const nodeFirst = new Uint32Array(nodes.length);
  const nodeCount = new Uint32Array(nodes.length);
  const itemBoxes = new Float32Array(6 * itemCount);
  const itemIds = new Uint32Array(itemCount);
  let nextChild = 1;
  let nextItem = 0;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    writeBox(nodeBoxes, i, node);
    if (node.leaf) {
      nodeFirst[i] = nextItem;
      nodeCount[i] = (node.children.length | LEAF_FLAG) >>> 0;
      for (const item of node.children as Item[]) {
        writeBox(itemBoxes, nextItem, item);
        itemIds[nextItem++] = item.id;
      }
    } else {
      nodeFirst[i] = nextChild;
      nodeCount[i] = node.children.length;
      nextChild += node.children.length;
    }
  }
  if (itemCount === 0) {
    // rbush's empty root has an inverted box; make it match nothing.
    nodeBoxes.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  }
  return { nodeBoxes, nodeFirst, nodeCount, itemBoxes, itemIds };
}

function writeBox(out: Float32Array, i: number, b: BBox): void {
  const o = 6 * i;
  out[o] = floatDown(b.minX);
  out[o + 1] = floatDown(b.minY);
  out[o + 2] = floatDown(b.minZ);
  out[o + 3] = floatUp(b.maxX);
  out[o + 4] = floatUp(b.maxY);
  out[o + 5] = floatUp(b.maxZ);
}
