import type { Aabb } from '../math/aabb.js';
import type { SurfaceKind } from './surfaceKind.js';
import type { BoxTree, Part, Surface } from './types.js';

/**
 * A Surface with every field present (`color` and `kind` undefined when absent), built in
 * one order: every surface then shares one hidden class, so the query's optimized code,
 * compiled on the first surfaces it meets, is not thrown away and recompiled when it meets
 * one with a colour or a cached kind, or one whose kind was fitted later (a field filled,
 * none added). Every producer of surfaces (import, cache, worker copies) goes through here.
 */
export function newSurface(part: Part, index: number, firstTriangle: number, triangleCount: number, bounds: Aabb, triangleTree: BoxTree | null, color?: [number, number, number], kind?: SurfaceKind): Surface {
  return { index, part, firstTriangle, triangleCount, bounds, triangleTree, kind, color };
}
