// Static R-tree bulk load straight into the flat BoxTree arrays: the same top-down
// partition as rbush-3d's `load` (sort-tile slabs on min x, then min y, then min z, fan-out
// M, leaves of at most M items), so queries see the same tree shape, but no per-item
// objects, no node objects and no flattening pass. Issue 14: cold builds were dominated by
// allocating and walking rbush's objects. Items are partitioned by their boxes as the tree
// stores them (Float32, rounded outward), which the caller may hand over ready-made: the
// triangle trees of a part take theirs from one pass over its triangles.
import type { BoxTree } from '../model/types.js';
import { floatDown, floatUp } from './float32Box.js';

const LEAF_FLAG = 0x80000000;

// Scratch, reused across builds: nodes (first child or item, count), the work queue of
// internal nodes (left, right, height, node), multiSelect's range stack and the keys of the
// range it partitions, and Float32 boxes for callers that hand over Float64 ones.
let queue = new Int32Array(4 * 64);
let nodeFirst = new Uint32Array(64);
let nodeCount = new Uint32Array(64);
let ranges = new Int32Array(64);
let keys = new Float32Array(64);
let rounded = new Float32Array(6 * 64);

/**
 * Packs `count` boxes (6 per item, Float64: min xyz, max xyz) into a static R-tree with
 * fan-out `maxEntries`, children of every node contiguous (breadth-first order). Boxes are
 * rounded outward to Float32 first (what the tree stores).
 */
export function buildPackedRTree(boxes: Float64Array, count: number, maxEntries: number): BoxTree {
  if (rounded.length < 6 * count) rounded = new Float32Array(Math.max(6 * count, 2 * rounded.length));
  roundOutward(boxes, rounded, 6 * count);
  return buildPackedRTreeF32(rounded, 0, count, maxEntries);
}

/**
 * The same for boxes already rounded outward to Float32: items first..first+count−1 of
 * `boxes`; the tree's item ids count from `first` (0 = item `first`).
 */
export function buildPackedRTreeF32(boxes: Float32Array, first: number, count: number, maxEntries: number): BoxTree {
  const itemIds = new Uint32Array(count);
  // Every internal node has ≥ 2 children and every leaf ≥ 1 item, so there are at most
  // 2·count + 1 nodes.
  if (nodeFirst.length < 2 * count + 1) {
    nodeFirst = new Uint32Array(Math.max(2 * count + 1, 2 * nodeFirst.length));
    nodeCount = new Uint32Array(nodeFirst.length);
  }
  let nodes = 1;
  if (count <= maxEntries) {
    // One leaf (most CAD faces are small): no partition.
    for (let i = 0; i < count; i++) itemIds[i] = i;
    nodeFirst[0] = 0;
    nodeCount[0] = (count | LEAF_FLAG) >>> 0;
  } else nodes = partition(boxes, first, count, maxEntries, itemIds);
  // One call site each: the optimizing compiler inlines what it calls, and a cold process
  // pays for every copy it compiles.
  return packBoxes(boxes, first, count, nodeFirst.slice(0, nodes), nodeCount.slice(0, nodes), itemIds);
}

/**
 * rbush's top-down partition of items 0..count−1 into nodeFirst/nodeCount (breadth-first
 * node numbering) and itemIds (leaf order); returns the number of nodes.
 */
function partition(boxes: Float32Array, first: number, count: number, maxEntries: number, itemIds: Uint32Array): number {
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  if (keys.length < count) keys = new Float32Array(Math.max(count, 2 * keys.length));
  if (queue.length < 4 * count) queue = new Int32Array(Math.max(4 * count, 2 * queue.length));
  const q = queue;
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
    if (height === 0) {
      height = Math.ceil(Math.log(n) / Math.log(m));
      m = Math.ceil(n / Math.pow(m, height - 1));
    }
    // rbush-3d's slab sizes (N1 for x, N2 for y, N3 per child for z).
    const n3 = Math.ceil(n / m), n2 = n3 * Math.ceil(Math.pow(m, 2 / 3)), n1 = n3 * Math.ceil(Math.pow(m, 1 / 3));
    const firstChild = nodes;
    multiSelect(order, boxes, first, left, right, n1, 0);
    for (let i = left; i <= right; i += n1) {
      const right2 = Math.min(i + n1 - 1, right);
      multiSelect(order, boxes, first, i, right2, n2, 1);
      for (let j = i; j <= right2; j += n2) {
        const right3 = Math.min(j + n2 - 1, right2);
        multiSelect(order, boxes, first, j, right3, n3, 2);
        for (let k = j; k <= right3; k += n3) {
          const last = Math.min(k + n3 - 1, right3), child = nodes++;
          if (last - k < maxEntries) {
            // A leaf: its items now, in the order the partition left them. Nodes are
            // numbered breadth-first as they are made, so leaves fill itemIds in that order.
            nodeFirst[child] = items;
            nodeCount[child] = (last - k + 1 + LEAF_FLAG) >>> 0;
            for (let t = k; t <= last; t++) itemIds[items++] = order[t]!;
          } else {
            q[4 * tail] = k;
            q[4 * tail + 1] = last;
            q[4 * tail + 2] = height - 1;
            q[4 * tail + 3] = child;
            tail++;
          }
        }
      }
    }
    nodeFirst[node] = firstChild;
    nodeCount[node] = nodes - firstChild;
  }
  return nodes;
}

/** Item boxes in leaf order, node boxes as unions bottom-up (children follow parents). */
function packBoxes(boxes: Float32Array, first: number, count: number, nodeFirst: Uint32Array, nodeCount: Uint32Array, itemIds: Uint32Array): BoxTree {
  const itemBoxes = new Float32Array(6 * count);
  gather(boxes, first, itemIds, itemBoxes, count);
  const nodes = nodeFirst.length;
  const nodeBoxes = new Float32Array(6 * nodes);
  for (let node = nodes - 1; node >= 0; node--) {
    const packed = nodeCount[node]!, leaf = (packed & LEAF_FLAG) !== 0;
    unionOf(leaf ? itemBoxes : nodeBoxes, nodeFirst[node]!, packed & 0x7fffffff, nodeBoxes, node);
  }
  return { nodeBoxes, nodeFirst, nodeCount, itemBoxes, itemIds };
}

/** out box i = box first + itemIds[i]. */
function gather(boxes: Float32Array, first: number, itemIds: Uint32Array, out: Float32Array, count: number): void {
  for (let i = 0, o = 0; i < count; i++, o += 6) {
    const s = 6 * (first + itemIds[i]!);
    out[o] = boxes[s]!;
    out[o + 1] = boxes[s + 1]!;
    out[o + 2] = boxes[s + 2]!;
    out[o + 3] = boxes[s + 3]!;
    out[o + 4] = boxes[s + 4]!;
    out[o + 5] = boxes[s + 5]!;
  }
}

/** out[0..length) = boxes rounded outward to Float32 (mins down, maxes up). */
function roundOutward(boxes: Float64Array, out: Float32Array, length: number): void {
  for (let o = 0; o < length; o += 6) {
    for (let k = 0; k < 3; k++) {
      const lo = boxes[o + k]!, hi = boxes[o + 3 + k]!;
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

/**
 * Reorders order[left..right] so that every consecutive group of `n` holds the items whose
 * key (box min along `axis`) ranks in that group (rbush's multiSelect, on typed arrays).
 * Keys are gathered once into a contiguous array that moves along with `order`. The
 * quickselect is written out here rather than called: one function too big for the
 * optimizing compiler to inline into the builder three times over, whose compile time a
 * cold process pays for.
 */
function multiSelect(order: Uint32Array, boxes: Float32Array, first: number, left: number, right: number, n: number, axis: number): void {
  if (right - left <= n) return;
  const key = keys;
  for (let i = left; i <= right; i++) key[i] = boxes[6 * (first + order[i]!) + axis]!;
  let top = 0;
  ranges[top++] = left;
  ranges[top++] = right;
  while (top > 0) {
    const r = ranges[--top]!, l = ranges[--top]!;
    if (r - l <= n) continue;
    const k = l + Math.ceil((r - l) / n / 2) * n;
    // Quickselect: order[k] gets the item of rank k in [l, r], smaller keys before it.
    let lo = l, hi = r;
    while (hi > lo) {
      // Median of three as the pivot keeps sorted input (common: CAD faces come in strips) linear.
      const mid = (lo + hi) >> 1;
      const a = key[lo]!, b = key[mid]!, c = key[hi]!;
      const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
      // Hoare-style partition around the pivot value.
      let i = lo, j = hi;
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
      if (k <= j) hi = j;
      else if (k >= i) lo = i;
      else break;
    }
    if (top + 4 > ranges.length) {
      const grown = new Int32Array(ranges.length * 2);
      grown.set(ranges);
      ranges = grown;
    }
    ranges[top++] = l;
    ranges[top++] = k;
    ranges[top++] = k;
    ranges[top++] = r;
  }
}
