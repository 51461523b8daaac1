/**
 * A part as a solid: is a point inside it, how far is a point from its surface, is its
 * mesh closed at all. Points are in the part's local frame. Both queries descend the
 * part's own surface and triangle trees (the S-CD index), so they cost O(log n) per
 * point, not O(n).
 */
import { doubled } from '../math/growable.js';
import { axisLineHit, axisLineSign, axisRayCrossing, closestPointOnTriangle, windingNumber } from '../math/pointInSolid.js';
import { ScratchPool } from '../math/scratchPool.js';
import type { BoxTree, Part } from '../model/types.js';
import { indexPart } from '../spatial/indexPart.js';
import { COUNT_MASK, LEAF_FLAG } from '../spatial/boxTree.js';
import { emptyStats } from '../traverse/stats.js';
import { loadTriangle } from '../traverse/triangles.js';
import { queryBoxTree } from '../traverse/treeQuery.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';
import { derivedOf, type DerivedKind } from '../model/derived.js';

/** The memory of one point query (rays or nearest point), lent by `solidScratch` for one call. */
class SolidScratch {
  busy = false;
  readonly tri = new Float64Array(9);
  readonly rayBox = new Float64Array(6);
  /** The walks count their box tests; nobody reads these. */
  readonly stats = emptyStats();
  surfaceHits: Uint32Array = new Uint32Array(64);
  triangleHits: Uint32Array = new Uint32Array(256);
  stack: Uint32Array = new Uint32Array(256);
  innerStack: Uint32Array = new Uint32Array(256);
  readonly closest = new Float64Array(3);
}

const solidScratch = new ScratchPool(() => new SolidScratch(), 'partSolid');

/**
 * Winding numbers of the part's mesh at p along the three axis rays +x, +y, +z. On a
 * closed, outward-wound mesh all three are 1 inside and 0 outside; on an open mesh
 * they may disagree.
 */
export function axisWindings(part: Part, px: number, py: number, pz: number, out: Int32Array = new Int32Array(3)): Int32Array {
  const scratch = solidScratch.claim();
  try {
    out[0] = axisWinding(part, 0, px, py, pz, scratch);
    out[1] = axisWinding(part, 1, px, py, pz, scratch);
    out[2] = axisWinding(part, 2, px, py, pz, scratch);
  } finally {
    solidScratch.release(scratch);
  }
  return out;
}

/**
 * Winding number of the part's mesh at p along the ray from p in the + direction of
 * `axis`. On a closed mesh the signed crossings of a whole line sum to 0, so the + ray's
 * count is minus that of the − ray unless the line meets the mesh at p itself: the
 * shorter of the two rays is cast, and the + ray only when the − ray finds p on the mesh.
 */
function axisWinding(part: Part, axis: 0 | 1 | 2, px: number, py: number, pz: number, scratch: SolidScratch, closed = false): number {
  indexPart(part);
  const tree = part.surfaceTree;
  if (!tree) return 0;
  const b = part.bounds;
  const p = axis === 0 ? px : axis === 1 ? py : pz;
  if (p > b[3 + axis]!) return 0;
  const backward = closed && p - b[axis]! < b[3 + axis]! - p;
  const { rayBox, tri, stats } = scratch;
  rayBox[0] = px; rayBox[1] = py; rayBox[2] = pz;
  rayBox[3] = px; rayBox[4] = py; rayBox[5] = pz;
  if (backward) rayBox[axis] = b[axis]!;
  else rayBox[3 + axis] = b[3 + axis]!;
  if (scratch.surfaceHits.length < part.surfaces.length) scratch.surfaceHits = new Uint32Array(part.surfaces.length);
  const surfaceHits = scratch.surfaceHits;
  const ns = queryBoxTree(tree, rayBox, surfaceHits, stats);
  let w = 0;
  for (let i = 0; i < ns; i++) {
    const surface = part.surfaces[surfaceHits[i]!]!;
    if (scratch.triangleHits.length < surface.triangleCount) scratch.triangleHits = new Uint32Array(surface.triangleCount);
    const triangleHits = scratch.triangleHits;
    const nt = queryBoxTree(triangleTreeOf(surface)!, rayBox, triangleHits, stats);
    for (let j = 0; j < nt; j++) {
      loadTriangle(part, surface.firstTriangle + triangleHits[j]!, tri);
      if (!backward) {
        w += axisRayCrossing(tri, 0, axis, px, py, pz);
        continue;
      }
      const hit = axisLineHit(tri, 0, axis, px, py, pz);
      // The line meets the mesh at p: the + ray decides (its walk may reuse the scratch, this one ends here).
      if (hit === p) return axisWinding(part, axis, px, py, pz, scratch, false);
      if (hit < p) w -= axisLineSign(tri, 0, axis, px, py, pz);
    }
  }
  return w;
}

export type Containment = 'inside' | 'outside' | 'unsure';

/**
 * Inside when at least two of the three axis rays say winding 1, outside when two say 0.
 * An open mesh (a face that failed to tessellate) has no exact winding number: a ray
 * through the gap miscounts. There the generalized winding number decides (the solid
 * angle the whole mesh subtends, over 4π: near 1 inside, near 0 outside, ½ across a
 * missing face), robust on open and self-overlapping meshes (Jacobson et al. 2013).
 */
export function pointInPart(part: Part, px: number, py: number, pz: number): Containment {
  const b = part.bounds;
  if (px < b[0]! || py < b[1]! || pz < b[2]! || px > b[3]! || py > b[4]! || pz > b[5]!) return 'outside';
  if (!partIsClosed(part)) return windingNumber(part.positions, part.indices, px, py, pz) > 0.5 ? 'inside' : 'outside';
  const scratch = solidScratch.claim();
  try {
    return pointInClosedPart(part, px, py, pz, scratch);
  } finally {
    solidScratch.release(scratch);
  }
}

function pointInClosedPart(part: Part, px: number, py: number, pz: number, scratch: SolidScratch): Containment {
  // Two of three rays decide: the z ray is cast only when x and y disagree.
  const wx = axisWinding(part, 0, px, py, pz, scratch, true), wy = axisWinding(part, 1, px, py, pz, scratch, true);
  if (wx === 1 && wy === 1) return 'inside';
  if (wx === 0 && wy === 0) return 'outside';
  const wz = axisWinding(part, 2, px, py, pz, scratch, true);
  const ones = (wx === 1 ? 1 : 0) + (wy === 1 ? 1 : 0) + (wz === 1 ? 1 : 0);
  const zeros = (wx === 0 ? 1 : 0) + (wy === 0 ? 1 : 0) + (wz === 0 ? 1 : 0);
  return ones >= 2 ? 'inside' : zeros >= 2 ? 'outside' : 'unsure';
}

/**
 * Distance from p to the part's surface (mm), with the closest point in out[0..2].
 * Branch and bound over both tree levels; `limit` stops the search early once nothing
 * closer than it can exist (returns Infinity when the surface is farther than limit).
 */
export function distanceToPart(part: Part, px: number, py: number, pz: number, out: Float64Array, limit = Infinity): number {
  const scratch = solidScratch.claim();
  try {
    return Math.sqrt(nearestOnPart(part, px, py, pz, out, limit === Infinity ? Infinity : limit * limit, scratch));
  } finally {
    solidScratch.release(scratch);
  }
}

/**
 * `distanceToPart` started from a known point of the part's surface near p (`hint`, such as
 * the closest point of the previous sample of a march): the distance to it bounds the
 * search from the start, so far branches are cut at once. The answer, closest point
 * included, is the one the unbounded search gives: a branch is cut only when it holds no
 * triangle as close as the nearest, and the rest is walked in the same order.
 */
export function distanceToPartNear(part: Part, px: number, py: number, pz: number, out: Float64Array, hint: Float64Array): number {
  const hx = px - hint[0]!, hy = py - hint[1]!, hz = pz - hint[2]!;
  // Widened past rounding, so the hint's own triangle is certain to be found below it.
  const bound = Math.sqrt(hx * hx + hy * hy + hz * hz) + 1e-9 * (1 + Math.abs(px) + Math.abs(py) + Math.abs(pz));
  const bound2 = bound * bound;
  const scratch = solidScratch.claim();
  try {
    const best2 = nearestOnPart(part, px, py, pz, out, bound2, scratch);
    return Math.sqrt(best2 < bound2 ? best2 : nearestOnPart(part, px, py, pz, out, Infinity, scratch));
  } finally {
    solidScratch.release(scratch);
  }
}

/** Squared distance from p to the nearest triangle closer than √best2 (closest point in out), else best2. */
function nearestOnPart(part: Part, px: number, py: number, pz: number, out: Float64Array, best2: number, scratch: SolidScratch): number {
  indexPart(part);
  const tree = part.surfaceTree;
  if (!tree) return Infinity;
  let stack = scratch.stack;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const node = stack[--top]!;
    if (boxDistance2(tree.nodeBoxes, node, px, py, pz) > best2) continue;
    const first = tree.nodeFirst[node]!, packed = tree.nodeCount[node]!, count = packed & COUNT_MASK;
    if ((packed & LEAF_FLAG) !== 0) {
      for (let i = first; i < first + count; i++) {
        if (boxDistance2(tree.itemBoxes, i, px, py, pz) > best2) continue;
        const surface = part.surfaces[tree.itemIds[i]!]!;
        best2 = nearestInTriangleTree(part, triangleTreeOf(surface)!, surface.firstTriangle, px, py, pz, best2, out, scratch);
      }
    } else {
      if (top + count > stack.length) stack = scratch.stack = doubled(stack);
      for (let c = first; c < first + count; c++) stack[top++] = c;
    }
  }
  return best2;
}

function nearestInTriangleTree(part: Part, tree: BoxTree, firstTriangle: number, px: number, py: number, pz: number, best2: number, out: Float64Array, scratch: SolidScratch): number {
  const { tri, closest } = scratch;
  let innerStack = scratch.innerStack;
  let top = 0;
  innerStack[top++] = 0;
  while (top > 0) {
    const node = innerStack[--top]!;
    if (boxDistance2(tree.nodeBoxes, node, px, py, pz) > best2) continue;
    const first = tree.nodeFirst[node]!, packed = tree.nodeCount[node]!, count = packed & COUNT_MASK;
    if ((packed & LEAF_FLAG) !== 0) {
      for (let i = first; i < first + count; i++) {
        if (boxDistance2(tree.itemBoxes, i, px, py, pz) > best2) continue;
        loadTriangle(part, firstTriangle + tree.itemIds[i]!, tri);
        const d2 = closestPointOnTriangle(tri, 0, px, py, pz, closest);
        if (d2 < best2) {
          best2 = d2;
          out[0] = closest[0]!;
          out[1] = closest[1]!;
          out[2] = closest[2]!;
        }
      }
    } else {
      if (top + count > innerStack.length) innerStack = scratch.innerStack = doubled(innerStack);
      for (let c = first; c < first + count; c++) innerStack[top++] = c;
    }
  }
  return best2;
}

function boxDistance2(boxes: Float32Array, i: number, px: number, py: number, pz: number): number {
  const o = 6 * i;
  const dx = px < boxes[o]! ? boxes[o]! - px : px > boxes[o + 3]! ? px - boxes[o + 3]! : 0;
  const dy = py < boxes[o + 1]! ? boxes[o + 1]! - py : py > boxes[o + 4]! ? py - boxes[o + 4]! : 0;
  const dz = pz < boxes[o + 2]! ? boxes[o + 2]! - pz : pz > boxes[o + 5]! ? pz - boxes[o + 5]! : 0;
  return dx * dx + dy * dy + dz * dz;
}


/** Whether the part's mesh is closed, kept with it (and by the cache). */
const CLOSED: DerivedKind<boolean> = {
  name: 'closed-mesh',
  encode: (closed) => closed,
  decode: (data) => {
    if (typeof data !== 'boolean') throw new Error('not a boolean');
    return data;
  },
};

/**
 * Is the part's mesh closed (watertight)? Every directed edge, keyed by its endpoints'
 * exact coordinates (occt repeats a face boundary's vertices in each face), must be
 * matched by the opposite edge of a neighbouring triangle. Cached.
 */
export function partIsClosed(part: Part): boolean {
  const cached = derivedOf(part).get(CLOSED, part);
  if (cached !== undefined) return cached;
  const { positions: p, indices } = part;
  const vertexId = new Map<string, number>();
  const ids = new Uint32Array(p.length / 3);
  for (let v = 0; v < ids.length; v++) {
    const key = `${p[3 * v]},${p[3 * v + 1]},${p[3 * v + 2]}`;
    let id = vertexId.get(key);
    if (id === undefined) vertexId.set(key, (id = vertexId.size));
    ids[v] = id;
  }
  const n = vertexId.size;
  const balance = new Map<number, number>();
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = ids[indices[t + k]!]!, b = ids[indices[t + ((k + 1) % 3)]!]!;
      if (a === b) continue;
      // undirected key, signed by direction: a closed, consistently wound mesh balances to 0
      const key = a < b ? a * n + b : b * n + a;
      balance.set(key, (balance.get(key) ?? 0) + (a < b ? 1 : -1));
    }
  }
  let closed = indices.length > 0;
  for (const v of balance.values()) {
    if (v !== 0) {
      closed = false;
      break;
    }
  }
  derivedOf(part).set(CLOSED, closed);
  return closed;
}
