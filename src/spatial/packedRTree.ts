// Static R-tree bulk load straight into the flat BoxTree arrays: the same top-down
// partition as rbush-3d's `load` (sort-tile slabs on min x, then min z: its y slabs never cut;
// fan-out M, leaves of at most M items), so queries see the same tree shape, but no per-item
// objects, no node objects and no flattening pass. Cold builds were dominated by
// allocating and walking rbush's objects.
//
// The builder works on float32 boxes held as order keys (float32Box.ts `keysFromFloat32`:
// int32s that compare as the floats do), so its loops do integer work only. A cold process runs
// them interpreted for a while, where every float value is a heap allocation and every
// integer is not; the float32 boxes the tree stores are the same either way.
import type { BoxTree } from '../model/types.js';
import { outwardKeys } from './float32Box.js';
import { treeBuildScratch, type TreeBuildScratch } from './treeBuildScratch.js';

/** A leaf's mark in nodeCount: the high bit (a negative int32 in the scratch). */
const LEAF_BIT = 1 << 31;
/** Order keys of +∞ and −∞ (the empty box's bounds). */
const KEY_INF = 0x7f800000;
const KEY_NEG_INF = 0xff800000 ^ 0x7fffffff | 0;

/** Nodes per call of unionNodes: ≤ 9 children each, about as much work as float32Box's CHUNK. */
const NODE_CHUNK = 128;
/**
 * selectAll's range stack: a selection holds at most one range per level of halving plus
 * two (depth ≤ log2(count) + 3 ≤ 34 below 2³¹ items), so it never grows.
 */
const ranges = new Int32Array(256);

/**
 * Packs `count` boxes (6 per item, Float64: min xyz, max xyz) into a static R-tree with
 * fan-out `maxEntries`, children of every node contiguous (breadth-first order). Boxes are
 * rounded outward to Float32 first (what the tree stores) and partitioned by those.
 * `scratch`: the build's working memory (treeBuildScratch.ts); without one, one is borrowed.
 */
export function buildPackedRTree(boxes: Float64Array, count: number, maxEntries: number, scratch?: TreeBuildScratch): BoxTree {
  if (scratch === undefined) {
    const lent = treeBuildScratch.claim();
    try {
      return buildPackedRTree(boxes, count, maxEntries, lent);
    } finally {
      treeBuildScratch.release(lent);
    }
  }
  if (scratch.outward.length < 6 * count) scratch.outward = new Int32Array(Math.max(6 * count, 2 * scratch.outward.length));
  if (scratch.widened.length < 6 * count) scratch.widened = new Float64Array(Math.max(6 * count, 2 * scratch.widened.length));
  outwardKeys(boxes, 6 * count, scratch.outward, scratch.widened);
  return buildPackedRTreeFromKeys(scratch.outward, count, maxEntries, scratch);
}

/**
 * The same for boxes given as order keys of their float32 bounds (6 per item, items
 * 0..count−1), which it reorders (they end in leaf order): scratch of the caller's.
 */
export function buildPackedRTreeFromKeys(keyBoxes: Int32Array, count: number, maxEntries: number, scratch: TreeBuildScratch): BoxTree {
  scratch.reserve(count);
  scratch.order.set(scratch.iota.subarray(0, count)); // native: no per-item loop to interpret or compile
  let nodes = 1;
  scratch.selections = 0;
  if (count <= maxEntries) {
    // One leaf (most CAD faces are small): no partition.
    scratch.nodeFirst[0] = 0;
    scratch.nodeCount[0] = count | LEAF_BIT;
  } else nodes = partition(scratch, keyBoxes, count, maxEntries);
  // One call site each: the optimizing compiler inlines what it calls, and a cold process
  // pays for every copy it compiles.
  return packBoxes(scratch, keyBoxes, count, nodes);
}

/**
 * rbush's top-down partition of items 0..count−1: reorders the items so that every leaf's
 * items are a run of them, fills nodeFirst/nodeCount (breadth-first node numbering; a
 * leaf's first item is its run's start) and returns the number of nodes. The tree's shape
 * depends on the counts only, so it is laid out first, with the selections that make it;
 * then the selections run, in rbush's order. Two kinds of loop in two functions, neither
 * calling the other: each compiles once and small, with nothing to inline.
 */
function partition(scratch: TreeBuildScratch, keyBoxes: Int32Array, count: number, maxEntries: number): number {
  const nodes = layOut(scratch, count, maxEntries);
  selectAll(scratch, keyBoxes, scratch.selections);
  return nodes;
}

/**
 * The tree's shape for `count` items: fills nodeFirst/nodeCount, and records in `jobs` the
 * selections rbush makes (first item, last item, group size, axis), `selections` of them;
 * returns the number of nodes. Internal nodes wait in `queue` (first item, last item,
 * height, node) in breadth-first order.
 */
function layOut(scratch: TreeBuildScratch, count: number, maxEntries: number): number {
  // The scratch's buffers in locals: each read of a field is a property load.
  const q = scratch.queue, job = scratch.jobs, firsts = scratch.nodeFirst, counts = scratch.nodeCount, leaf = LEAF_BIT;
  let nodes = 1;
  let tail = 1;
  let jobEnd = 0;
  q[0] = 0;
  q[1] = count - 1;
  q[2] = 0;
  q[3] = 0;
  for (let t = 0; t < 4 * tail; t += 4) {
    const left = q[t]!, right = q[t + 1]!, node = q[t + 3]!;
    let height = q[t + 2]!;
    const n = right - left + 1;
    let m = maxEntries;
    if (height === 0) {
      height = Math.ceil(Math.log(n) / Math.log(m));
      m = Math.ceil(n / Math.pow(m, height - 1));
    }
    // rbush-3d's slabs: along x of N1 items, each cut along z into children of N3. (Its y
    // slabs of N2 = N3·⌈M^⅔⌉ ≥ N1 = N3·⌈M^⅓⌉ never cut an x slab: its y select is a no-op.)
    // A selection of a range of at most group + 1 items moves nothing (rbush's test): none kept.
    const n3 = Math.ceil(n / m), n1 = n3 * Math.ceil(Math.pow(m, 1 / 3));
    if (right - left > n1) {
      job[jobEnd] = left;
      job[jobEnd + 1] = right;
      job[jobEnd + 2] = n1;
      job[jobEnd + 3] = 0;
      jobEnd += 4;
    }
    firsts[node] = nodes;
    for (let i = left; i <= right; i += n1) {
      const slabEnd = i + n1 - 1 < right ? i + n1 - 1 : right;
      if (slabEnd - i > n3) {
        job[jobEnd] = i;
        job[jobEnd + 1] = slabEnd;
        job[jobEnd + 2] = n3;
        job[jobEnd + 3] = 2;
        jobEnd += 4;
      }
      for (let k = i; k <= slabEnd; k += n3) {
        const last = k + n3 - 1 < slabEnd ? k + n3 - 1 : slabEnd, child = nodes++;
        if (last - k < maxEntries) {
          // A leaf: the run the partition leaves its items in.
          firsts[child] = k;
          counts[child] = (last - k + 1) | leaf;
        } else {
          const o = 4 * tail++;
          q[o] = k;
          q[o + 1] = last;
          q[o + 2] = height - 1;
          q[o + 3] = child;
        }
      }
    }
    counts[node] = nodes - firsts[node]!;
  }
  scratch.selections = jobEnd / 4;
  return nodes;
}

/**
 * The tree in one buffer: node boxes, item boxes (leaf order), node first/count, item ids.
 * Boxes are made as keys (leaves' items gathered, nodes' unions bottom-up) and turned into
 * float32 bits in one pass; the rest are native copies of the scratch.
 */
function packBoxes(scratch: TreeBuildScratch, keyBoxes: Int32Array, count: number, nodes: number): BoxTree {
  const buffer = new ArrayBuffer(4 * (8 * nodes + 7 * count));
  const words = new Int32Array(buffer);
  const boxWords = 6 * (nodes + count);
  words.set(scratch.nodeFirst.subarray(0, nodes), boxWords);
  words.set(scratch.nodeCount.subarray(0, nodes), boxWords + nodes);
  words.set(scratch.order.subarray(0, count), boxWords + 2 * nodes);
  words.set(keyBoxes.subarray(0, 6 * count), 6 * nodes); // in leaf order already
  // Bottom-up in calls of at most NODE_CHUNK nodes (short calls: see float32Box's CHUNK);
  // each node's children turn into float32 bits once read, then the root here.
  for (let end = nodes; end > 0; end -= NODE_CHUNK) unionNodes(scratch.nodeFirst, scratch.nodeCount, words, nodes, end > NODE_CHUNK ? end - NODE_CHUNK : 0, end);
  for (let k = 0; k < 6; k++) words[k] = words[k]! ^ ((words[k]! >> 31) & 0x7fffffff);
  return {
    nodeBoxes: new Float32Array(buffer, 0, 6 * nodes),
    nodeFirst: new Uint32Array(buffer, 4 * boxWords, nodes),
    nodeCount: new Uint32Array(buffer, 4 * (boxWords + nodes), nodes),
    itemBoxes: new Float32Array(buffer, 24 * nodes, 6 * count),
    itemIds: new Uint32Array(buffer, 4 * (boxWords + 2 * nodes), count),
  };
}

/**
 * Key boxes of nodes from..to−1 as unions of their children's (made already: children
 * follow parents, and the calls go bottom-up), the children's boxes turned into float32
 * bits as they are read (each box is read once, by its parent: no pass of its own). Node
 * and item boxes sit in one array (items after the nodes), so a leaf and an internal node
 * run the same loop from a different start.
 */
function unionNodes(firsts: Int32Array, counts: Int32Array, boxes: Int32Array, nodes: number, from: number, to: number): void {
  const inf = KEY_INF, negInf = KEY_NEG_INF; // locals: a module-level read is a context load and a hole check
  for (let node = to - 1; node >= from; node--) {
    const packed = counts[node]!;
    const s = 6 * firsts[node]! + (packed < 0 ? 6 * nodes : 0);
    const end = s + 6 * (packed & 0x7fffffff), o = 6 * node;
    for (let k = 0; k < 3; k++) {
      let lo = inf, hi = negInf;
      for (let c = s + k; c < end; c += 6) {
        const a = boxes[c]!, b = boxes[c + 3]!;
        if (a < lo) lo = a;
        if (b > hi) hi = b;
        // Read for the last time: to float32 bits (the key map is its own inverse).
        boxes[c] = a ^ ((a >> 31) & 0x7fffffff);
        boxes[c + 3] = b ^ ((b >> 31) & 0x7fffffff);
      }
      boxes[o + k] = lo;
      boxes[o + 3 + k] = hi;
    }
  }
}

/**
 * Runs the selections layOut recorded, in order (rbush's multiSelect, on typed arrays):
 * each reorders items l..r (their ids in `order` and their key boxes, which move together)
 * so that every consecutive group of `n` holds the items whose box min along `axis` ranks
 * in that group. Moving the boxes along leaves them in leaf order at the end: no gather
 * pass. A selection is a stack of ranges, each split at a group boundary near its middle by
 * a quickselect.
 */
function selectAll(scratch: TreeBuildScratch, boxes: Int32Array, count: number): void {
  const ids = scratch.order, job = scratch.jobs, stack = ranges;
  for (let s = 0; s < 4 * count; s += 4) {
    const n = job[s + 2]!, axis = job[s + 3]!;
    let top = 0;
    stack[top++] = job[s]!;
    stack[top++] = job[s + 1]!;
    while (top > 0) {
      const r = stack[--top]!, l = stack[--top]!;
      if (r - l <= n) continue;
      // ⌈(r − l) / 2n⌉ groups of n past l (rbush's k, in integers).
      const k = l + (((r - l - 1) / (2 * n)) | 0) * n + n;
      quickselect(boxes, ids, l, r, k, axis);
      // The upper part is popped first, as in rbush.
      stack[top++] = l;
      stack[top++] = k;
      stack[top++] = k;
      stack[top++] = r;
    }
  }
}

/**
 * Quickselect over items l..r (ids and key boxes move together): item k gets the item of
 * rank k along `axis`, smaller keys before it. Its own function, apart from selectAll's
 * range bookkeeping: the per-item loops are all here, so this small function is the one
 * that turns hot and is optimized, and selectAll (which runs once per range) stays in the
 * interpreter. One function holding both cost the optimizing compiler 2-4x as much.
 */
function quickselect(boxes: Int32Array, ids: Int32Array, l: number, r: number, k: number, axis: number): void {
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
}
