import type { Assembly, Part } from '../model/types.js';
import { buildBoxTree, boxTreeBytes } from './boxTree.js';

/**
 * Builds the two levels of S-CD's index for a part, in its local frame: one triangle
 * tree (TBV) per surface, and the surface tree (SBV) over the surfaces' boxes.
 * Idempotent: an indexed part is left alone.
 */
export function indexPart(part: Part): Part {
  if (part.surfaceTree) return part;
  const { positions, indices } = part;
  let largest = 0;
  for (const s of part.surfaces) largest = Math.max(largest, s.triangleCount);
  const boxes = new Float64Array(6 * largest);
  for (const surface of part.surfaces) {
    if (surface.triangleCount === 0) continue;
    for (let i = 0; i < surface.triangleCount; i++) {
      const t = surface.firstTriangle + i;
      const a = 3 * indices[3 * t]!, b = 3 * indices[3 * t + 1]!, c = 3 * indices[3 * t + 2]!;
      const o = 6 * i;
      for (let k = 0; k < 3; k++) {
        const va = positions[a + k]!, vb = positions[b + k]!, vc = positions[c + k]!;
        boxes[o + k] = va < vb ? (va < vc ? va : vc) : vb < vc ? vb : vc;
        boxes[o + 3 + k] = va > vb ? (va > vc ? va : vc) : vb > vc ? vb : vc;
      }
    }
    // Item ids are surface-relative; the query adds firstTriangle back.
    surface.triangleTree = buildBoxTree(boxes, surface.triangleCount);
  }
  const nonEmpty = part.surfaces.filter((s) => s.triangleCount > 0);
  const surfaceBoxes = new Float64Array(6 * nonEmpty.length);
  nonEmpty.forEach((s, i) => surfaceBoxes.set(s.bounds, 6 * i));
  const tree = buildBoxTree(surfaceBoxes, nonEmpty.length);
  // Map leaf ids back from "index among non-empty surfaces" to surface index.
  for (let i = 0; i < tree.itemIds.length; i++) tree.itemIds[i] = nonEmpty[tree.itemIds[i]!]!.index;
  part.surfaceTree = tree;
  return part;
}

export function indexAssembly(assembly: Assembly): Assembly {
  for (const part of assembly.parts) indexPart(part);
  return assembly;
}

/** Bytes of S-CD index (both tree levels) held by a part. */
export function partIndexBytes(part: Part): number {
  let bytes = part.surfaceTree ? boxTreeBytes(part.surfaceTree) : 0;
  for (const s of part.surfaces) if (s.triangleTree) bytes += boxTreeBytes(s.triangleTree);
  return bytes;
}
