import type { ImportProgressListener } from '../import/progress.js';
import type { Assembly, Part } from '../model/types.js';
import { buildBoxTree, boxTreeBytes } from './boxTree.js';
import { buildTriangleTrees } from './triangleTree.js';

/**
 * Builds the top level of S-CD's index for a part, in its local frame: the surface tree
 * (SBV) over the surfaces' boxes. Each surface's triangle tree (TBV) is built on first use
 * (`triangleTreeOf`), so a cold process pays only for the surfaces its queries reach.
 * Idempotent: an indexed part is left alone.
 */
export function indexPart(part: Part): Part {
  if (part.surfaceTree) return part;
  const surfaces = part.surfaces;
  // Indexed loops: a cold process runs these interpreted, where for-of walks the iterator protocol.
  let nonEmpty = 0;
  for (let i = 0; i < surfaces.length; i++) if (surfaces[i]!.triangleCount > 0) nonEmpty++;
  const surfaceBoxes = new Float64Array(6 * nonEmpty);
  const ids = new Uint32Array(nonEmpty);
  let k = 0;
  for (let i = 0; i < surfaces.length; i++) {
    const s = surfaces[i]!;
    if (s.triangleCount === 0) continue;
    surfaceBoxes.set(s.bounds, 6 * k);
    ids[k++] = s.index;
  }
  const tree = buildBoxTree(surfaceBoxes, nonEmpty);
  // Map leaf ids back from "index among non-empty surfaces" to surface index.
  for (let i = 0; i < tree.itemIds.length; i++) tree.itemIds[i] = ids[tree.itemIds[i]!]!;
  part.surfaceTree = tree;
  return part;
}

/** indexPart and every triangle tree now (what the cache stores and a worker hands over). */
export function indexPartFully(part: Part): Part {
  return buildTriangleTrees(indexPart(part));
}

export function indexAssembly(assembly: Assembly, onProgress?: ImportProgressListener): Assembly {
  const parts = assembly.parts;
  for (let i = 0; i < parts.length; i++) {
    indexPart(parts[i]!);
    onProgress?.({ phase: 'index', done: i + 1, total: parts.length });
  }
  return assembly;
}

/** indexAssembly with every triangle tree built. */
export function indexAssemblyFully(assembly: Assembly): Assembly {
  for (const part of assembly.parts) indexPartFully(part);
  return assembly;
}

/** Bytes of S-CD index held by a part (triangle trees not built yet count nothing). */
export function partIndexBytes(part: Part): number {
  let bytes = part.surfaceTree ? boxTreeBytes(part.surfaceTree) : 0;
  for (const s of part.surfaces) if (s.triangleTree) bytes += boxTreeBytes(s.triangleTree);
  return bytes;
}
