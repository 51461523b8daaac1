import type { Part } from '../model/types.js';

/** What a three.js BufferGeometry needs to show a part: WebGL-ready arrays, one group per surface. */
export interface PartGeometryArrays {
  /** xyz per vertex, Float32 (WebGL cannot upload Float64). */
  positions: Float32Array;
  /** The part's CAD vertex normals, or null when it has none. */
  normals: Float32Array | null;
  /** 3 vertex indices per triangle, in the part's triangle order. */
  index: Uint32Array;
  /** groups[i] is surface i: `start`/`count` in index units (3 per triangle). */
  groups: { start: number; count: number; materialIndex: number }[];
}

/** The part's triangles as BufferGeometry arrays (copies; the part is not changed). */
export function partGeometryArrays(part: Part): PartGeometryArrays {
  return {
    positions: Float32Array.from(part.positions),
    normals: part.normals ? Float32Array.from(part.normals) : null,
    index: Uint32Array.from(part.indices),
    groups: part.surfaces.map((s) => ({ start: 3 * s.firstTriangle, count: 3 * s.triangleCount, materialIndex: 0 })),
  };
}
