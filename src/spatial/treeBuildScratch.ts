// The working memory of one tree build (packedRTree.ts, triangleTree.ts, float32Box.ts), in
// one object handed to every step of the build, so that nothing a build writes lives in a
// module. A build calls none of its caller's code, but trees are built lazily from inside
// queries (triangleTreeOf), so builds that bring no scratch borrow one from a pool for the
// length of the build: two builds never share one.
//
// All buffers are int32 or float32 except `widened` (a cold process runs the build loops
// interpreted for a while, where a uint32 above 2³¹ or a float is a heap allocation). Every
// buffer is grown, never shrunk, and every entry a build reads it has written first.
import { ScratchPool, type Lendable } from '../math/scratchPool.js';

export class TreeBuildScratch implements Lendable {
  busy = false;
  /** Per node: its first child (or item), breadth-first numbering. */
  nodeFirst = new Int32Array(64);
  /** Per node: its child count, or its item count with the leaf bit (packedRTree.ts). */
  nodeCount = new Int32Array(64);
  /** The item order the partition makes (each leaf a run of it). */
  order = new Int32Array(64);
  /** 0, 1, 2, … to start that order from (a native copy instead of a loop). */
  iota = new Int32Array(0);
  /** Internal nodes waiting to be laid out: first item, last item, height, node. */
  queue = new Int32Array(4 * 64);
  /** The selections the layout records: first item, last item, group size, axis. */
  jobs = new Int32Array(4 * 129);
  /** How many selections the last layout recorded (the build's work, read by its tests). */
  selections = 0;
  /** Key boxes of Float64 boxes handed to buildPackedRTree. */
  outward = new Int32Array(6 * 64);
  /** The key boxes' float32 values back in float64 (float32Box.ts outwardKeys). */
  widened = new Float64Array(6 * 64);
  /** A surface's vertex coordinates as float32, then their order keys (triangleTree.ts). */
  vertices = new Float32Array(3 * 64);
  /** The key boxes of the triangles being packed (triangleTree.ts). */
  boxes = new Int32Array(6 * 64);

  /**
   * Grows the packed R-tree's buffers for `count` items. Every internal node has ≥ 2
   * children and every leaf ≥ 1 item, so there are at most 2·count + 1 nodes. Out of line:
   * growth is rare, and the optimizing compiler would compile it into every loop it sat
   * beside.
   */
  reserve(count: number): void {
    if (this.nodeFirst.length < 2 * count + 1) {
      this.nodeFirst = new Int32Array(Math.max(2 * count + 1, 2 * this.nodeFirst.length));
      this.nodeCount = new Int32Array(this.nodeFirst.length);
    }
    if (this.order.length < count) {
      this.order = new Int32Array(Math.max(count, 2 * this.order.length));
      this.queue = new Int32Array(4 * this.order.length);
      // A selection is recorded only where it cuts its range in two or more groups, each
      // the items of a node to be: at most one per node.
      this.jobs = new Int32Array(4 * (2 * this.order.length + 1));
    }
    if (this.iota.length < count) {
      const grown = new Int32Array(Math.max(count, 64, 2 * this.iota.length));
      grown.set(this.iota);
      for (let i = this.iota.length; i < grown.length; i++) grown[i] = i;
      this.iota = grown;
    }
  }
}

/** Scratches lent to builds whose callers bring none (at most as many as builds ever ran at once: one). */
export const treeBuildScratch = new ScratchPool(() => new TreeBuildScratch(), 'tree build');
