import { RBush3D, type BBox } from 'rbush-3d';
import type { Aabb } from '../math/aabb.js';
import type { QueryStats } from '../traverse/stats.js';

interface Entry extends BBox {
  id: number;
}

/**
 * All pairs (i < j) of boxes that overlap (inclusive), found with an rbush-3d over the
 * boxes. Returns pairs flat: i0, j0, i1, j1, …
 */
export function overlappingPairs(boxes: Aabb[], stats?: QueryStats): number[] {
  const entries: Entry[] = boxes.map((b, id) => ({ minX: b[0]!, minY: b[1]!, minZ: b[2]!, maxX: b[3]!, maxY: b[4]!, maxZ: b[5]!, id }));
  const tree = new RBush3D();
  tree.load(entries);
  const pairs: number[] = [];
  for (const entry of entries) {
    if (stats) stats.aabbTests++;
    for (const hit of tree.search(entry) as Entry[]) {
      if (hit.id > entry.id) pairs.push(entry.id, hit.id);
    }
  }
  return pairs;
}
