import { createPart, type SurfaceRange } from '../model/part.js';
import type { Part } from '../model/types.js';
import { indexPart } from './indexPart.js';
import { assertMeshInput } from '../model/validate.js';

export interface MeshInput {
  name: string;
  positions: ArrayLike<number>;
  indices?: ArrayLike<number> | null;
  normals?: ArrayLike<number> | null;
  /** Triangle ranges `{first, last}` (last inclusive), one per surface; omitted = one surface. */
  surfaces?: SurfaceRange[] | null;
}

/** A part from raw triangles, no CAD file needed. */
export function partFromMesh(mesh: MeshInput): Part {
  assertMeshInput(mesh, 'partFromMesh');
  return indexPart(createPart({ ...mesh, name: mesh.name ?? '' }));
}
