// Leaf-batched descent. Descending A's trees once per triangle of B repeated the
// upper levels for every triangle; now they are descended once per leaf of B's triangle tree
// (≤ 9 triangles), and each triangle filters that leaf's candidate list with its own box.
// The candidate lists keep the trees' depth-first order, so each triangle meets exactly the
// A triangles, in exactly the order, that a descent with its own box would have given.
import type { Aabb } from '../math/aabb.js';
import type { BoxTree, Part, Surface } from '../model/types.js';
import { COUNT_MASK, LEAF_FLAG } from '../spatial/boxTree.js';
import type { QueryStats } from './stats.js';
import { queryBoxTree, querySlots } from './treeQuery.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';

/**
 * Writes the leaves of `tree` whose boxes overlap `box`, in the order queryBoxTree emits
 * their items, into `out`; returns how many. Counts node box tests in stats.aabbTests.
 * `out` must hold every node of the tree: the walk keeps its stack at the far end of it, as
 * querySlots does (treeQuery.ts; each node on the stack holds a leaf not yet found).
 */
export function queryLeaves(tree: BoxTree, box: Aabb, out: Uint32Array, stats: QueryStats): number {
  const { nodeBoxes, nodeFirst, nodeCount } = tree;
  if (out.length < nodeFirst.length) throw new Error(`internal: a leaf walk's output holds ${out.length} of ${nodeFirst.length} nodes`);
  const x0 = box[0]!, y0 = box[1]!, z0 = box[2]!, x1 = box[3]!, y1 = box[4]!, z1 = box[5]!;
  stats.aabbTests++;
  if (!(nodeBoxes[0]! <= x1 && nodeBoxes[3]! >= x0 && nodeBoxes[1]! <= y1 && nodeBoxes[4]! >= y0 && nodeBoxes[2]! <= z1 && nodeBoxes[5]! >= z0)) return 0;
  let found = 0;
  const end = out.length;
  let bottom = end;
  out[--bottom] = 0;
  while (bottom < end) {
    const node = out[bottom++]!;
    const packed = nodeCount[node]!;
    if ((packed & LEAF_FLAG) !== 0) {
      out[found++] = node;
      continue;
    }
    const first = nodeFirst[node]!, count = packed & COUNT_MASK;
    stats.aabbTests += count;
    for (let c = first, stop = first + count; c < stop; c++) {
      const o = 6 * c;
      if (nodeBoxes[o]! <= x1 && nodeBoxes[o + 3]! >= x0 && nodeBoxes[o + 1]! <= y1 && nodeBoxes[o + 4]! >= y0 && nodeBoxes[o + 2]! <= z1 && nodeBoxes[o + 5]! >= z0) {
        out[--bottom] = c;
      }
    }
  }
  return found;
}

/** A triangles that may meet any triangle of one B leaf: part-global index, surface, Float32 box. */
export interface Candidates {
  count: number;
  triangle: Uint32Array;
  surface: Uint32Array;
  box: Float32Array;
  /** The walks' own memory, owned with the list by one query: A's surface ids, triangle slots. */
  surfaceIds: Uint32Array;
  slots: Uint32Array;
}

/** What gatherCandidates asks of the query's shell filter (shellFilter.ts): whether A's surface `surface` is proven out of reach. */
export interface SurfaceFilter {
  rejects(surface: number): boolean;
}

export function emptyCandidates(): Candidates {
  return { count: 0, triangle: new Uint32Array(64), surface: new Uint32Array(64), box: new Float32Array(6 * 64), surfaceIds: new Uint32Array(64), slots: new Uint32Array(64) };
}

/**
 * Fills `into` with A's triangles whose boxes overlap `box`: A's surfaces in surface-tree
 * order, each surface's triangles in its tree's order (what queryBoxTree gives); surfaces
 * with a non-zero entry in `skip`, or that `shells` proves apart, are left out.
 */
export function gatherCandidates(a: Part, box: Aabb, into: Candidates, stats: QueryStats, skip: Uint8Array | null, shells: SurfaceFilter | null = null): void {
  into.count = 0;
  if (into.surfaceIds.length < a.surfaces.length) into.surfaceIds = new Uint32Array(2 * a.surfaces.length);
  const surfaceIds = into.surfaceIds;
  const surfaceCount = queryBoxTree(a.surfaceTree!, box, surfaceIds, stats);
  for (let s = 0; s < surfaceCount; s++) {
    // A surface already paired with the current B surface is not searched again.
    if (skip !== null && skip[surfaceIds[s]!]! !== 0) continue;
    if (shells !== null && shells.rejects(surfaceIds[s]!)) continue;
    appendSurface(a.surfaces[surfaceIds[s]!]!, box, into, stats);
  }
}

/** Fills `into` with the triangles of one surface whose boxes overlap `box`, in tree order. */
export function gatherSurfaceCandidates(surface: Surface, box: Aabb, into: Candidates, stats: QueryStats): void {
  into.count = 0;
  appendSurface(surface, box, into, stats, false);
}

/** Appends one surface's triangles overlapping `box`; their boxes only when asked (the batched filter needs them). */
function appendSurface(surface: Surface, box: Aabb, into: Candidates, stats: QueryStats, withBoxes = true): void {
  const tree = triangleTreeOf(surface)!;
  if (into.slots.length < surface.triangleCount) into.slots = new Uint32Array(2 * surface.triangleCount);
  const slots = into.slots;
  const n = querySlots(tree, box, slots, stats);
  grow(into, into.count + n);
  const { itemBoxes, itemIds } = tree;
  for (let k = 0; k < n; k++) {
    const slot = slots[k]!, c = into.count++;
    into.triangle[c] = surface.firstTriangle + itemIds[slot]!;
    into.surface[c] = surface.index;
    if (!withBoxes) continue;
    const from = 6 * slot, to = 6 * c, out = into.box;
    out[to] = itemBoxes[from]!;
    out[to + 1] = itemBoxes[from + 1]!;
    out[to + 2] = itemBoxes[from + 2]!;
    out[to + 3] = itemBoxes[from + 3]!;
    out[to + 4] = itemBoxes[from + 4]!;
    out[to + 5] = itemBoxes[from + 5]!;
  }
}

function grow(c: Candidates, size: number): void {
  if (size <= c.triangle.length) return;
  const n = Math.max(size, 2 * c.triangle.length);
  const t = new Uint32Array(n), s = new Uint32Array(n), b = new Float32Array(6 * n);
  t.set(c.triangle.subarray(0, c.count));
  s.set(c.surface.subarray(0, c.count));
  b.set(c.box.subarray(0, 6 * c.count));
  c.triangle = t;
  c.surface = s;
  c.box = b;
}

/** Whether Float32 box `i` of `boxes` overlaps `box` (inclusive). */
export function boxOverlaps(boxes: Float32Array, i: number, box: Aabb): boolean {
  const o = 6 * i;
  return boxes[o]! <= box[3]! && boxes[o + 3]! >= box[0]! && boxes[o + 1]! <= box[4]! && boxes[o + 4]! >= box[1]! && boxes[o + 2]! <= box[5]! && boxes[o + 5]! >= box[2]!;
}

/**
 * True when the rotation of `m` (row-major 3×4) maps axes to axes (signed permutation, to
 * 1e-12): boxes stay tight through it, so a leaf's box is a good filter for its triangles
 * (assemblies at rest, translations). Under other rotations boxes swell by up to √3 and a
 * per-triangle descent wins.
 */
export function axisPermutation(m: ArrayLike<number>): boolean {
  for (let r = 0; r < 3; r++) {
    let big = 0;
    for (let c = 0; c < 3; c++) {
      const v = Math.abs(m[4 * r + c]!);
      if (v > 1e-12 && Math.abs(v - 1) > 1e-12) return false;
      if (v > 0.5) big++;
    }
    if (big !== 1) return false;
  }
  return true;
}
