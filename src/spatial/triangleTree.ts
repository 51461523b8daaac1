// Per-surface triangle trees (S-CD's TBV), built on first use (issue 14): a query pruned by
// the OBB pre-check and the OAABB reaches few surfaces, so a cold process builds only the
// trees it needs. Every reader goes through triangleTreeOf, never surface.triangleTree.
import type { BoxTree, Part, Surface } from '../model/types.js';
import { MAX_ENTRIES } from './boxTree.js';
import { floatDown, floatUp } from './float32Box.js';
import { buildPackedRTreeF32 } from './packedRTree.js';

// Triangle boxes rounded outward to Float32 (min xyz, max xyz), reused across builds.
let boxes = new Float32Array(6 * 64);

/** The surface's triangle tree, built now if it was not yet; null for an empty surface. */
export function triangleTreeOf(surface: Surface): BoxTree | null {
  if (surface.triangleTree || surface.triangleCount === 0) return surface.triangleTree;
  const { firstTriangle, triangleCount } = surface;
  if (boxes.length < 6 * triangleCount) boxes = new Float32Array(Math.max(6 * triangleCount, 2 * boxes.length));
  triangleBoxes(surface.part, firstTriangle, triangleCount, boxes);
  return (surface.triangleTree = buildPackedRTreeF32(boxes, 0, triangleCount, MAX_ENTRIES));
}

/**
 * Builds every triangle tree of the part that is not built yet (the cache and workers keep
 * whole indexes): the boxes of all its triangles in one pass, then one tree per surface
 * over its run of them (a surface's triangles are contiguous).
 */
export function buildTriangleTrees(part: Part): Part {
  const triangles = part.indices.length / 3;
  if (boxes.length < 6 * triangles) boxes = new Float32Array(Math.max(6 * triangles, 2 * boxes.length));
  triangleBoxes(part, 0, triangles, boxes);
  for (const s of part.surfaces) {
    if (s.triangleTree || s.triangleCount === 0) continue;
    s.triangleTree = buildPackedRTreeF32(boxes, s.firstTriangle, s.triangleCount, MAX_ENTRIES);
  }
  return part;
}

/** out box i = box of triangle first + i, rounded outward to Float32 (item ids stay surface-relative). */
function triangleBoxes(part: Part, first: number, count: number, out: Float32Array): void {
  const { positions, indices } = part;
  for (let i = 0, t = 3 * first, o = 0; i < count; i++, t += 3, o += 6) {
    const a = 3 * indices[t]!, b = 3 * indices[t + 1]!, c = 3 * indices[t + 2]!;
    for (let k = 0; k < 3; k++) {
      const va = positions[a + k]!, vb = positions[b + k]!, vc = positions[c + k]!;
      const lo = va < vb ? (va < vc ? va : vc) : vb < vc ? vb : vc;
      const hi = va > vb ? (va > vc ? va : vc) : vb > vc ? vb : vc;
      const flo = Math.fround(lo), fhi = Math.fround(hi);
      out[o + k] = flo <= lo ? flo : floatDown(lo);
      out[o + 3 + k] = fhi >= hi ? fhi : floatUp(hi);
    }
  }
}
