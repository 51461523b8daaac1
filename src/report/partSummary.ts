import { aabbToObject } from '../math/aabb.js';
import type { Assembly } from '../model/types.js';

export interface PartSummary {
  path: string;
  name: string;
  surfaces: number;
  triangles: number;
  bounds: { min: [number, number, number]; max: [number, number, number] } | null;
}

export function partSummaries(assembly: Assembly): PartSummary[] {
  return assembly.parts.map((p) => ({
    path: p.path,
    name: p.name,
    surfaces: p.surfaces.length,
    triangles: p.indices.length / 3,
    bounds: p.indices.length > 0 ? aabbToObject(p.bounds) : null,
  }));
}
