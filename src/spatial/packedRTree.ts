// Static R-tree bulk load straight into the flat BoxTree arrays: the same top-down
// partition as rbush-3d's `load` (sort-tile slabs on min x, then min y, then min z, fan-out
// M, leaves of at most M items), so queries see the same tree shape, but no per-item
// objects, no node objects and no flattening pass. Issue 14: cold builds were dominated by
// allocating and walking rbush's objects.
import type { BoxTree } from '../model/types.js';
import { floatDown, floatUp } from './float32Box.js';

const LEAF_FLAG = 0x80000000;

// Scratch work queue (left, right, height, node) reused across builds.
let queue = new Int32Array(4 * 64);

/**
 * Packs `count` boxes (6 per item, Float64: min xyz, max xyz) into a static R-tree with
 * fan-out `maxEntries`, children of every node contiguous (breadth-first order).
 */
export function buildPackedRTree(boxes: Float64Array, count: number, maxEntries: number): BoxTree {
  // One leaf (most CAD faces are small): no partition, no work queue.
  if (count <= maxEntries) {
    const itemIds = new Uint32Array(count);
    for (let i = 0; i < count; i++) itemIds[i] = i;
    return packBoxes(boxes, count, new Uint32Array(1), Uint32Array.of((count | LEAF_FLAG) >>> 0), itemIds);
  }
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  // Every internal node has ≥ 2 children and every leaf ≥ 1 item (or is the empty root),
  // so there are at most 2·count + 1 nodes; one queue entry per node.
  const maxNodes = 2 * count + 1;
  const nodeFirst = new Uint32Array(maxNodes);
  const nodeCount = new Uint32Array(maxNodes);
  if (queue.length < 4 * maxNodes) queue = new Int32Array(4 * maxNodes);
  const q = queue;
  const itemIds = new Uint32Array(count);
  let nodes = 1;
  let items = 0;
  let head = 0;
  let tail = 1;
  q[0] = 0;
  q[1] = count - 1;
  q[2] = 0;
  q[3] = 0;
  while (head < tail) {
    const left = q[4 * head]!, right = q[4 * head + 1]!, node = q[4 * head + 3]!;
    let height = q[4 * head + 2]!;
    head++;
    const n = right - left + 1;
    let m = maxEntries;
    if (n <= m) {
      // Leaf: its items, in the order the partition left them.
      nodeFirst[node] = items;
      nodeCount[node] = (Math.max(n, 0) | LEAF_FLAG) >>> 0;
      for (let i = left; i <= right; i++) itemIds[items++] = order[i]!;
      continue;
    }
    if (height === 0) {
      height = Math.ceil(Math.log(n) / Math.log(m));
      m = Math.ceil(n / Math.pow(m, height - 1));
    }
    // rbush-3d's slab sizes (N1 for x, N2 for y, N3 per child for z).
    const n3 = Math.ceil(n / m), n2 = n3 * Math.ceil(Math.pow(m, 2 / 3)), n1 = n3 * Math.ceil(Math.pow(m, 1 / 3));
    const first = nodes;
    multiSelect(order, boxes, left, right, n1, 0);
    for (let i = left; i <= right; i += n1) {
      const right2 = Math.min(i + n1 - 1, right);
      multiSelect(order, boxes, i, right2, n2, 1);
      for (let j = i; j <= right2; j += n2) {
        const right3 = Math.min(j + n2 - 1, right2);
        multiSelect(order, boxes, j, right3, n3, 2);
        for (let k = j; k <= right3; k += n3) {
          q[4 * tail] = k;
          q[4 * tail + 1] = Math.min(k + n3 - 1, right3);
          q[4 * tail + 2] = height - 1;
          q[4 * tail + 3] = nodes++;
          tail++;
        }
      }
    }
    nodeFirst[node] = first;
    nodeCount[node] = nodes - first;
  }
  return packBoxes(boxes, count, nodeFirst.slice(0, nodes), nodeCount.slice(0, nodes), itemIds);
}

/** Item boxes rounded outward to Float32, node boxes as unions bottom-up (children follow parents). */
function packBoxes(boxes: Float64Array, count: number, nodeFirst: Uint32Array, nodeCount: Uint32Array, itemIds: Uint32Array): BoxTree {
  const itemBoxes = new Float32Array(6 * count);
  gatherRounded(boxes, itemIds, itemBoxes, count);
  const nodes = nodeFirst.length;
  const nodeBoxes = new Float32Array(6 * nodes);
  for (let node = nodes - 1; node >= 0; node--) {
    const packed = nodeCount[node]!;
    if ((packed & LEAF_FLAG) !== 0) unionOf(itemBoxes, nodeFirst[node]!, packed & 0x7fffffff, nodeBoxes, node);
    else unionOf(nodeBoxes, nodeFirst[node]!, packed, nodeBoxes, node);
  }
  return { nodeBoxes, nodeFirst, nodeCount, itemBoxes, itemIds };
}

/**
 * out box i = box itemIds[i], rounded outward to Float32. A function of its own, apart from
 * the node unions: smaller units for the optimizing compiler, whose background thread's CPU
 * a cold process pays for.
 */
function gatherRounded(boxes: Float64Array, itemIds: Uint32Array, out: Float32Array, count: number): void {
  for (let i = 0; i < count; i++) {
    const s = 6 * itemIds[i]!, o = 6 * i;
    for (let k = 0; k < 3; k++) {
      const lo = boxes[s + k]!, hi = boxes[s + 3 + k]!;
      const flo = Math.fround(lo), fhi = Math.fround(hi);
      out[o + k] = flo <= lo ? flo : floatDown(lo);
      out[o + 3 + k] = fhi >= hi ? fhi : floatUp(hi);
    }
  }
}

/** out box `at` = union of boxes first..first+n−1 of `from` (empty box when n = 0). */
function unionOf(from: Float32Array, first: number, n: number, out: Float32Array, at: number): void {
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (let o = 6 * first, end = 6 * (first + n); o < end; o += 6) {
    if (from[o]! < x0) x0 = from[o]!;
    if (from[o + 1]! < y0) y0 = from[o + 1]!;
    if (from[o + 2]! < z0) z0 = from[o + 2]!;
    if (from[o + 3]! > x1) x1 = from[o + 3]!;
    if (from[o + 4]! > y1) y1 = from[o + 4]!;
    if (from[o + 5]! > z1) z1 = from[o + 5]!;
  }
  const o = 6 * at;
  out[o] = x0;
  out[o + 1] = y0;
  out[o + 2] = z0;
  out[o + 3] = x1;
  out[o + 4] = y1;
  out[o + 5] = z1;
}

// Scratch for multiSelect: range stack and the keys of the range being partitioned.
let ranges = new Int32Array(64);
let keys = new Float64Array(64);

/**
 * Reorders order[left..right] so that every consecutive group of `n` holds the items whose
 * key (box min along `axis`) ranks in that group (rbush's multiSelect, on typed arrays).
 * Keys are gathered once into a contiguous array that moves along with `order`.
 */
function multiSelect(order: Uint32Array, boxes: Float64Array, left: number, right: number, n: number, axis: number): void {
  if (right - left <= n) return;
  if (keys.length < right + 1) keys = new Float64Array(Math.max(right + 1, 2 * keys.length));
  for (let i = left; i <= right; i++) keys[i] = boxes[6 * order[i]! + axis]!;
  let top = 0;
  ranges[top++] = left;
  ranges[top++] = right;
  while (top > 0) {
    right = ranges[--top]!;
    left = ranges[--top]!;
    if (right - left <= n) continue;
    const mid = left + Math.ceil((right - left) / n / 2) * n;
    select(order, keys, left, right, mid);
    if (top + 4 > ranges.length) {
      const grown = new Int32Array(ranges.length * 2);
      grown.set(ranges);
      ranges = grown;
    }
    ranges[top++] = left;
    ranges[top++] = mid;
    ranges[top++] = mid;
    ranges[top++] = right;
  }
}

/** Quickselect: order[k] gets the item of rank k in [left, right], smaller keys before it. */
function select(order: Uint32Array, key: Float64Array, left: number, right: number, k: number): void {
  while (right > left) {
    // Median of three as the pivot keeps sorted input (common: CAD faces come in strips) linear.
    const mid = (left + right) >> 1;
    const a = key[left]!, b = key[mid]!, c = key[right]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    // Hoare-style partition around the pivot value.
    let i = left, j = right;
    while (i <= j) {
      while (key[i]! < pivot) i++;
      while (key[j]! > pivot) j--;
      if (i <= j) {
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
        const u = key[i]!;
        key[i] = key[j]!;
        key[j] = u;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}
