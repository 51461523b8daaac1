// Per-surface triangle trees (S-CD's TBV), built on first use (issue 14): a query pruned by
// the OBB pre-check and the OAABB reaches few surfaces, so a cold process builds only the
// trees it needs. Every reader goes through triangleTreeOf, never surface.triangleTree.
import type { BoxTree, Part, Surface } from '../model/types.js';
import { buildBoxTree } from './boxTree.js';

// Triangle boxes of the surface being built, reused across builds (Float64: min xyz, max xyz).
let boxes = new Float64Array(6 * 64);

/** The surface's triangle tree, built now if it was not yet; null for an empty surface. */
export function triangleTreeOf(surface: Surface): BoxTree | null {
  return surface.triangleTree ?? (surface.triangleCount === 0 ? null : (surface.triangleTree = buildTriangleTree(surface)));
}

/** Builds every triangle tree of the part that is not built yet (the cache and workers keep whole indexes). */
export function buildTriangleTrees(part: Part): Part {
  for (const s of part.surfaces) triangleTreeOf(s);
  return part;
}

/** Item ids are surface-relative; queries add firstTriangle back. */
function buildTriangleTree(surface: Surface): BoxTree {
  const { positions, indices } = surface.part;
  const n = surface.triangleCount;
  if (boxes.length < 6 * n) boxes = new Float64Array(Math.max(6 * n, 2 * boxes.length));
  const out = boxes;
  for (let i = 0, t = 3 * surface.firstTriangle; i < n; i++, t += 3) {
    const a = 3 * indices[t]!, b = 3 * indices[t + 1]!, c = 3 * indices[t + 2]!;
    const o = 6 * i;
    for (let k = 0; k < 3; k++) {
      const va = positions[a + k]!, vb = positions[b + k]!, vc = positions[c + k]!;
      out[o + k] = va < vb ? (va < vc ? va : vc) : vb < vc ? vb : vc;
      out[o + 3 + k] = va > vb ? (va > vc ? va : vc) : vb > vc ? vb : vc;
    }
  }
  return buildBoxTree(out, n);
}
