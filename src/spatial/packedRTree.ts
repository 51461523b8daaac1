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

/** A leaf's mark in nodeCount: the high bit (a negative int32 in the scratch). */
const LEAF_BIT = 1 << 31;
const COUNT_BITS = 0x7fffffff;
/** Order keys of +∞ and −∞ (the empty box's bounds). */
const KEY_INF = 0x7f800000;
const KEY_NEG_INF = 0xff800000 ^ 0x7fffffff | 0;

// Scratch, reused across builds, all int32 (a cold process runs these loops interpreted for
// a while, where a uint32 above 2³¹ or a float is a heap allocation): nodes (first child or
// item, count with LEAF_BIT), the item order the partition makes (each leaf a run of it),
// 0, 1, 2, … to start that order from, the work queue of internal nodes (left, right,
// height, node), and key boxes for callers that hand over Float64 ones.
let nodeFirst = new Int32Array(64);
let nodeCount = new Int32Array(64);
let order = new Int32Array(64);
let iota = new Int32Array(0);
let queue = new Int32Array(4 * 64);
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
  return buildPackedRTreeFromKeys(keyBoxes, count, maxEntries);
}

/**
 * The same for boxes given as order keys of their float32 bounds (6 per item, items
 * 0..count−1), which it reorders (they end in leaf order): scratch of the caller's.
 */
export function buildPackedRTreeFromKeys(keyBoxes: Int32Array, count: number, maxEntries: number): BoxTree {
  reserve(count);
  order.set(iota.subarray(0, count)); // native: no per-item loop to interpret or compile
  let nodes = 1;
  if (count <= maxEntries) {
    // One leaf (most CAD faces are small): no partition.
    nodeFirst[0] = 0;
    nodeCount[0] = count | LEAF_BIT;
  } else nodes = partition(keyBoxes, count, maxEntries);
  // One call site each: the optimizing compiler inlines what it calls, and a cold process
  // pays for every copy it compiles.
  return packBoxes(keyBoxes, count, nodes);
}

/**
 * Grows the scratch for `count` items. Every internal node has ≥ 2 children and every leaf
 * ≥ 1 item, so there are at most 2·count + 1 nodes. Out of line: growth is rare, and the
 * optimizing compiler would compile it into every loop it sat beside.
 */
function reserve(count: number): void {
  if (nodeFirst.length < 2 * count + 1) {
    nodeFirst = new Int32Array(Math.max(2 * count + 1, 2 * nodeFirst.length));
    nodeCount = new Int32Array(nodeFirst.length);
  }
  if (order.length < count) {
    order = new Int32Array(Math.max(count, 2 * order.length));
    queue = new Int32Array(4 * order.length);
  }
  if (iota.length < count) {
    const grown = new Int32Array(Math.max(count, 64, 2 * iota.length));
    grown.set(iota);
    for (let i = iota.length; i < grown.length; i++) grown[i] = i;
    iota = grown;
  }
}

/**
 * rbush's top-down partition of items 0..count−1: reorders `order` so that every leaf's
 * items are a run of it, fills nodeFirst/nodeCount (breadth-first node numbering; a leaf's
 * first item is its run's start) and returns the number of nodes. No per-item loop of its
 * own (multiSelect has them), so it stays too cold to be worth an optimizing compile.
 */
function partition(keyBoxes: Int32Array, count: number, maxEntries: number): number {
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
    multiSelect(keyBoxes, left, right, n1, 0);
    for (let i = left; i <= right; i += n1) {
      const right2 = Math.min(i + n1 - 1, right);
      multiSelect(keyBoxes, i, right2, n2, 1);
      for (let j = i; j <= right2; j += n2) {
        const right3 = Math.min(j + n2 - 1, right2);
        multiSelect(keyBoxes, j, right3, n3, 2);
        for (let k = j; k <= right3; k += n3) {
          const last = Math.min(k + n3 - 1, right3), child = nodes++;
          if (last - k < maxEntries) {
            // A leaf: the run the partition left its items in.
            nodeFirst[child] = k;
            nodeCount[child] = (last - k + 1) | LEAF_BIT;
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
 * The tree in one buffer: node boxes, item boxes (leaf order), node first/count, item ids.
 * Boxes are made as keys (leaves' items gathered, nodes' unions bottom-up) and turned into
 * float32 bits in one pass; the rest are native copies of the scratch.
 */
function packBoxes(keyBoxes: Int32Array, count: number, nodes: number): BoxTree {
  const buffer = new ArrayBuffer(4 * (8 * nodes + 7 * count));
  const words = new Int32Array(buffer);
  const boxWords = 6 * (nodes + count);
  words.set(nodeFirst.subarray(0, nodes), boxWords);
  words.set(nodeCount.subarray(0, nodes), boxWords + nodes);
  words.set(order.subarray(0, count), boxWords + 2 * nodes);
  // A lone leaf holds the items in input order: a native copy.
  words.set(keyBoxes.subarray(0, 6 * count), 6 * nodes); // in leaf order already
  unionNodes(words, nodes);
  keysFromFloat32(words, 0, boxWords); // the map is its own inverse: keys back to float32 bits
  return {
    nodeBoxes: new Float32Array(buffer, 0, 6 * nodes),
    nodeFirst: new Uint32Array(buffer, 4 * boxWords, nodes),
    nodeCount: new Uint32Array(buffer, 4 * (boxWords + nodes), nodes),
    itemBoxes: new Float32Array(buffer, 24 * nodes, 6 * count),
    itemIds: new Uint32Array(buffer, 4 * (boxWords + 2 * nodes), count),
  };
}

/**
 * Node key boxes as unions of their children's, bottom-up (children follow parents). Node
 * and item boxes sit in one array (items after the nodes), so a leaf and an internal node
 * run the same loop from a different start.
 */
function unionNodes(boxes: Int32Array, nodes: number): void {
  for (let node = nodes - 1; node >= 0; node--) {
    const packed = nodeCount[node]!;
    let s = 6 * nodeFirst[node]! + (packed < 0 ? 6 * nodes : 0);
    const end = s + 6 * (packed & COUNT_BITS), o = 6 * node;
    boxes.fill(KEY_INF, o, o + 3);
    boxes.fill(KEY_NEG_INF, o + 3, o + 6);
    for (; s < end; s += 6) {
      for (let k = 0; k < 3; k++) {
        const lo = boxes[s + k]!, hi = boxes[s + 3 + k]!;
        if (lo < boxes[o + k]!) boxes[o + k] = lo;
        if (hi > boxes[o + 3 + k]!) boxes[o + 3 + k] = hi;
      }
    }
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
 * Reorders items left..right (their ids in `order` and their key boxes, which move
 * together) so that every consecutive group of `n` holds the items whose box min along
 * `axis` ranks in that group (rbush's multiSelect, on typed arrays). Moving the boxes along
 * leaves them in leaf order at the end: no gather pass. The quickselect is written out here
 * rather than called: one function too big for the optimizing compiler to inline into the
 * builder three times over, whose compile time a cold process pays for.
 */
function multiSelect(boxes: Int32Array, l: number, r: number, n: number, axis: number): void {
  const ids = order;
  while (r - l > n) {
    const k = l + Math.ceil((r - l) / n / 2) * n;
    // Quickselect: item k gets the item of rank k in [l, r], smaller keys before it.
    let lo = l, hi = r;
    while (hi > lo) {
      // Median of three as the pivot keeps sorted input (common: CAD faces come in strips) linear.
      const a = boxes[6 * lo + axis]!, b = boxes[6 * ((lo + hi) >> 1) + axis]!, c = boxes[6 * hi + axis]!;
      const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
      // Hoare-style partition around the pivot value.
      let i = lo, j = hi;
      while (i <= j) {
        while (boxes[6 * i + axis]! < pivot) i++;
        while (boxes[6 * j + axis]! > pivot) j--;
        if (i <= j) {
          const t = ids[i]!;
          ids[i] = ids[j]!;
          ids[j] = t;
          for (let p = 6 * i, q = 6 * j, end = p + 6; p < end; p++, q++) {
            const u = boxes[p]!;
            boxes[p] = boxes[q]!;
            boxes[q] = u;
          }
          i++;
          j--;
        }
      }
      if (k <= j) hi = j;
      else if (k >= i) lo = i;
      else break;
    }
    // The upper part first, then the lower (rbush's stack order: ties move the same way).
    multiSelect(boxes, k, r, n, axis);
    r = k;
  }
}
