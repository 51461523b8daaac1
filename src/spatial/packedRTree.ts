// Static R-tree bulk load straight into the flat BoxTree arrays: the same top-down
// partition as rbush-3d's `load` (sort-tile slabs on min x, then min y, then min z, fan-out
// M, leaves of at most M items), so queries see the same tree shape, but no per-item
// objects, no node objects and no flattening pass. Issue 14: cold builds were dominated by
// allocating and walking rbush's objects.
//
// The builder works on float32 boxes held as order keys (float32Box.ts `orderKey`: int32s
// that compare as the floats do), so its loops do integer work only. A cold process runs
// them interpreted for a while, where every float value is a heap allocation and every
// integer is not; the float32 boxes the tree stores are the same either way.
import type { BoxTree } from '../model/types.js';
import { floatDown, floatUp, keysFromFloat32 } from './float32Box.js';

const LEAF_FLAG = 0x80000000;
/** Order keys of +∞ and −∞ (the empty box's bounds). */
const KEY_INF = 0x7f800000;
const KEY_NEG_INF = 0xff800000 ^ 0x7fffffff | 0;

// Scratch, reused across builds: nodes (first child or item, count), the item order the
// partition makes (each leaf a run of it), the work queue of internal nodes (left, right,
// height, node), multiSelect's range stack and the keys of the range it partitions, and key
// boxes for callers that hand over Float64 ones.
let queue = new Int32Array(4 * 64);
let nodeFirst = new Uint32Array(64);
let nodeCount = new Uint32Array(64);
let order = new Uint32Array(64);
let ranges = new Int32Array(64);
let keys = new Int32Array(64);
let rounded = new Float32Array(6 * 64);

/**
 * Packs `count` boxes (6 per item, Float64: min xyz, max xyz) into a static R-tree with
 * fan-out `maxEntries`, children of every node contiguous (breadth-first order). Boxes are
 * rounded outward to Float32 first (what the tree stores) and partitioned by those.
 */
export function buildPackedRTree(boxes: Float64Array, count: number, maxEntries: number): BoxTree {
  if (rounded.length < 6 * count) rounded = new Float32Array(Math.max(6 * count, 2 * rounded.length));
  roundOutward(boxes, rounded, 6 * count);
  const keyBoxes = new Int32Array(rounded.buffer, 0, 6 * count);
  keysFromFloat32(keyBoxes, 0, 6 * count);
  return buildPackedRTreeFromKeys(keyBoxes, 0, count, maxEntries);
}

/**
 * The same for boxes given as order keys of their float32 bounds (6 per item): items
 * first..first+count−1 of `keyBoxes`; the tree's item ids count from `first`.
 */
export function buildPackedRTreeFromKeys(keyBoxes: Int32Array, first: number, count: number, maxEntries: number): BoxTree {
  // Every internal node has ≥ 2 children and every leaf ≥ 1 item, so there are at most
  // 2·count + 1 nodes.
  if (nodeFirst.length < 2 * count + 1) {
    nodeFirst = new Uint32Array(Math.max(2 * count + 1, 2 * nodeFirst.length));
    nodeCount = new Uint32Array(nodeFirst.length);
  }
  if (order.length < count) order = new Uint32Array(Math.max(count, 2 * order.length));
  let nodes = 1;
  if (count <= maxEntries) {
    // One leaf (most CAD faces are small): no partition.
    for (let i = 0; i < count; i++) order[i] = i;
    nodeFirst[0] = 0;
    nodeCount[0] = (count | LEAF_FLAG) >>> 0;
  } else nodes = partition(keyBoxes, first, count, maxEntries);
  // One call site each: the optimizing compiler inlines what it calls, and a cold process
  // pays for every copy it compiles.
  return packBoxes(keyBoxes, first, count, nodes);
}

/**
 * rbush's top-down partition of items 0..count−1: reorders `order` so that every leaf's
 * items are a run of it, fills nodeFirst/nodeCount (breadth-first node numbering; a leaf's
 * first item is its run's start) and returns the number of nodes. No per-item loop of its
 * own (multiSelect has them), so it stays too cold to be worth an optimizing compile.
 */
function partition(keyBoxes: Int32Array, first: number, count: number, maxEntries: number): number {
  for (let i = 0; i < count; i++) order[i] = i;
  if (keys.length < count) keys = new Int32Array(Math.max(count, 2 * keys.length));
  if (queue.length < 4 * count) queue = new Int32Array(Math.max(4 * count, 2 * queue.length));
  const q = queue;
  let nodes = 1;
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
    multiSelect(order, keyBoxes, first, left, right, n1, 0);
    for (let i = left; i <= right; i += n1) {
      const right2 = Math.min(i + n1 - 1, right);
      multiSelect(order, keyBoxes, first, i, right2, n2, 1);
      for (let j = i; j <= right2; j += n2) {
        const right3 = Math.min(j + n2 - 1, right2);
        multiSelect(order, keyBoxes, first, j, right3, n3, 2);
        for (let k = j; k <= right3; k += n3) {
          const last = Math.min(k + n3 - 1, right3), child = nodes++;
          if (last - k < maxEntries) {
            // A leaf: the run the partition left its items in.
            nodeFirst[child] = k;
            nodeCount[child] = (last - k + 1 + LEAF_FLAG) >>> 0;
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

/**
 * The tree's arrays, all views on one buffer: node boxes as unions bottom-up (children
 * follow parents), item boxes in leaf order (float32), and the scratch nodes and item order.
 * No loops of its own, so it stays out of the optimizing compiler's way (typed-array views
 * are much code to compile); the loops are in unionBoxes.
 */
function packBoxes(keyBoxes: Int32Array, first: number, count: number, nodes: number): BoxTree {
  const buffer = new ArrayBuffer(4 * (8 * nodes + 7 * count));
  const nodeKeys = new Int32Array(buffer, 0, 6 * nodes);
  const treeFirst = new Uint32Array(buffer, 24 * (nodes + count), nodes);
  const treeCount = new Uint32Array(buffer, 4 * (7 * nodes + 6 * count), nodes);
  const itemIds = new Uint32Array(buffer, 4 * (8 * nodes + 6 * count), count);
  treeFirst.set(nodeFirst.subarray(0, nodes));
  treeCount.set(nodeCount.subarray(0, nodes));
  itemIds.set(order.subarray(0, count));
  unionBoxes(keyBoxes, first, nodes, nodeKeys, new Int32Array(buffer, 24 * nodes, 6 * count));
  // Node keys back to float32 bit patterns (the map is its own inverse), in place.
  keysFromFloat32(nodeKeys, 0, nodeKeys.length);
  return {
    nodeBoxes: new Float32Array(buffer, 0, 6 * nodes),
    nodeFirst: treeFirst,
    nodeCount: treeCount,
    itemBoxes: new Float32Array(buffer, 24 * nodes, 6 * count),
    itemIds,
  };
}

/**
 * Node key boxes as unions bottom-up, and leaves' items gathered in leaf order as float32
 * bits, in one loop: the gather and union helpers this replaces were compiled on their own
 * and again where they were inlined, and a cold process pays for every compile.
 */
function unionBoxes(keyBoxes: Int32Array, first: number, nodes: number, nodeKeys: Int32Array, itemBits: Int32Array): void {
  for (let node = nodes - 1; node >= 0; node--) {
    const packed = nodeCount[node]!, leaf = (packed & LEAF_FLAG) !== 0;
    let x0 = KEY_INF, y0 = KEY_INF, z0 = KEY_INF, x1 = KEY_NEG_INF, y1 = KEY_NEG_INF, z1 = KEY_NEG_INF;
    for (let c = nodeFirst[node]!, end = c + (packed & 0x7fffffff); c < end; c++) {
      // A leaf's items come from the input, get stored as float32 bits; a node's children are keys here.
      const from = leaf ? keyBoxes : nodeKeys, s = leaf ? 6 * (first + order[c]!) : 6 * c;
      const a = from[s]!, b = from[s + 1]!, cz = from[s + 2]!, d = from[s + 3]!, e = from[s + 4]!, f = from[s + 5]!;
      if (a < x0) x0 = a;
      if (b < y0) y0 = b;
      if (cz < z0) z0 = cz;
      if (d > x1) x1 = d;
      if (e > y1) y1 = e;
      if (f > z1) z1 = f;
      if (leaf) {
        const o = 6 * c;
        itemBits[o] = a ^ ((a >> 31) & 0x7fffffff);
        itemBits[o + 1] = b ^ ((b >> 31) & 0x7fffffff);
        itemBits[o + 2] = cz ^ ((cz >> 31) & 0x7fffffff);
        itemBits[o + 3] = d ^ ((d >> 31) & 0x7fffffff);
        itemBits[o + 4] = e ^ ((e >> 31) & 0x7fffffff);
        itemBits[o + 5] = f ^ ((f >> 31) & 0x7fffffff);
      }
    }
    const o = 6 * node;
    nodeKeys[o] = x0;
    nodeKeys[o + 1] = y0;
    nodeKeys[o + 2] = z0;
    nodeKeys[o + 3] = x1;
    nodeKeys[o + 4] = y1;
    nodeKeys[o + 5] = z1;
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

/**
 * Reorders order[left..right] so that every consecutive group of `n` holds the items whose
 * key (box min along `axis`) ranks in that group (rbush's multiSelect, on typed arrays).
 * Keys are gathered once into a contiguous array that moves along with `order`. The
 * quickselect is written out here rather than called: one function too big for the
 * optimizing compiler to inline into the builder three times over, whose compile time a
 * cold process pays for.
 */
function multiSelect(order: Uint32Array, keyBoxes: Int32Array, first: number, left: number, right: number, n: number, axis: number): void {
  if (right - left <= n) return;
  const key = keys;
  for (let i = left; i <= right; i++) key[i] = keyBoxes[6 * (first + order[i]!) + axis]!;
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
