import { SurfcdError } from '../errors.js';
import { readAssembly, type LoadOptions } from '../import/readAssembly.js';
import { createPart, type SurfaceRange } from '../model/part.js';
import type { Assembly, Part } from '../model/types.js';
import { indexAssembly, indexPart } from './indexPart.js';
import { assertMeshInput } from '../model/validate.js';

/** Reads a STEP/IGES/BREP file (path or bytes) and builds every part's S-CD index. */
export async function loadAssembly(source: string | Uint8Array, options: LoadOptions = {}): Promise<Assembly> {
  return indexAssembly(await readAssembly(source, options));
}

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

/** Structural subset of three.js BufferGeometry, so three is not needed at runtime here. */
export interface GeometryLike {
  name?: string;
  attributes: { position?: { array: ArrayLike<number>; itemSize: number; count: number }; normal?: { array: ArrayLike<number>; itemSize: number } };
  index: { array: ArrayLike<number> } | null;
  groups: { start: number; count: number }[];
}

/** A part from a three.js BufferGeometry: its `groups` are the surfaces (in index units, 3 per triangle). */
export function partFromGeometry(geometry: GeometryLike, name = geometry?.name ?? ''): Part {
  const position = geometry?.attributes?.position;
  if (!position) throw new SurfcdError('INVALID_MESH', `partFromGeometry "${name}": geometry has no position attribute`);
  if (position.itemSize !== 3) throw new SurfcdError('INVALID_MESH', `partFromGeometry "${name}": position itemSize is ${position.itemSize}, expected 3`);
  const indexCount = geometry.index ? geometry.index.array.length : position.count;
  const groups = [...(geometry.groups ?? [])].sort((a, b) => a.start - b.start);
  const surfaces: SurfaceRange[] = [];
  for (const g of groups) {
    if (g.start % 3 !== 0 || (Number.isFinite(g.count) && g.count % 3 !== 0)) {
      throw new SurfcdError('INVALID_MESH', `partFromGeometry "${name}": group {start: ${g.start}, count: ${g.count}} does not cover whole triangles`);
    }
    const end = Math.min(indexCount, g.start + (Number.isFinite(g.count) ? g.count : indexCount));
    surfaces.push({ first: g.start / 3, last: end / 3 - 1 });
  }
  return partFromMesh({
    name,
    positions: position.array,
    indices: geometry.index ? geometry.index.array : null,
    normals: geometry.attributes.normal?.array ?? null,
    surfaces: surfaces.length > 0 ? fillGaps(surfaces, indexCount / 3) : null,
  });
}

/** Triangles outside every group still belong to the part: they become surfaces of their own. */
function fillGaps(ranges: SurfaceRange[], triangleCount: number): SurfaceRange[] {
  const out: SurfaceRange[] = [];
  let next = 0;
  for (const r of ranges) {
    if (r.first > next) out.push({ first: next, last: r.first - 1 });
    out.push(r);
    next = Math.max(next, r.last + 1);
  }
  if (next < triangleCount) out.push({ first: next, last: triangleCount - 1 });
  return out;
}
