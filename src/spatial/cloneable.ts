/**
 * Indexed assemblies across a worker boundary without re-indexing: a plain, acyclic,
 * structured-clone-friendly copy (typed arrays as they are, listed for transfer) and the
 * function that turns it back into live parts. Not a file format (no versioned binary layout):
 * both sides run the same surfcd.
 */
import { SurfcdError } from '../errors.js';
import type { Aabb } from '../math/aabb.js';
import type { Obb } from '../math/obb.js';
import type { SurfaceKind } from '../model/surfaceKind.js';
import type { Assembly, BoxTree, LoadWarning, Part, ProductNode, Surface } from '../model/types.js';
import { derivedOf, PartDerived, type Encoded } from '../model/derived.js';
import { newSurface } from '../model/surface.js';
import { triangleTreeOf } from './triangleTree.js';

export const CLONE_TAG = 'surfcd/assembly-clone@1';

export interface SurfaceData {
  firstTriangle: number;
  triangleCount: number;
  bounds: Aabb;
  triangleTree: BoxTree | null;
  kind?: SurfaceKind;
  color?: [number, number, number];
}

export interface PartData {
  index: number;
  name: string;
  path: string;
  positions: Float64Array;
  normals: Float32Array | null;
  indices: Uint32Array;
  triangleSurface: Uint32Array;
  bounds: Aabb;
  obb: Obb;
  surfaceTree: BoxTree | null;
  surfaces: SurfaceData[];
  color?: [number, number, number];
  deflection?: number;
  /** The part's derived data that keeps, encoded by its kinds (model/derived.ts), by kind name. */
  derived?: Record<string, Encoded>;
}

export interface AssemblyData {
  tag: typeof CLONE_TAG;
  name: string;
  units: 'mm';
  root: ProductNode;
  parts: PartData[];
  source?: string;
  /** The import's warnings (plain objects), so a worker load reports them too. */
  warnings?: LoadWarning[];
}

const treeOf = (t: BoxTree | null): BoxTree | null =>
  t ? { nodeBoxes: t.nodeBoxes, nodeFirst: t.nodeFirst, nodeCount: t.nodeCount, itemBoxes: t.itemBoxes, itemIds: t.itemIds } : null;

/** The plain copy of an assembly (sharing its typed arrays) and the buffers to transfer. */
export function assemblyToData(assembly: Assembly): { data: AssemblyData; transfer: ArrayBuffer[] } {
  const buffers = new Set<ArrayBuffer>();
  const keep = <T extends ArrayBufferView | null>(a: T): T => {
    if (a && a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
    return a;
  };
  const keepTree = (t: BoxTree | null): BoxTree | null => {
    const tree = treeOf(t);
    if (tree) for (const a of [tree.nodeBoxes, tree.nodeFirst, tree.nodeCount, tree.itemBoxes, tree.itemIds]) keep(a);
    return tree;
  };
  const parts = assembly.parts.map((p): PartData => ({
    index: p.index,
    name: p.name,
    path: p.path,
    positions: keep(p.positions),
    normals: keep(p.normals),
    indices: keep(p.indices),
    triangleSurface: keep(p.triangleSurface),
    bounds: keep(p.bounds),
    obb: { center: keep(p.obb.center), axes: keep(p.obb.axes), halfExtents: keep(p.obb.halfExtents) },
    surfaceTree: keepTree(p.surfaceTree),
    surfaces: p.surfaces.map((s) => ({
      firstTriangle: s.firstTriangle,
      triangleCount: s.triangleCount,
      bounds: keep(s.bounds),
      triangleTree: keepTree(triangleTreeOf(s)),
      ...(s.kind ? { kind: s.kind } : {}),
      ...(s.color ? { color: s.color } : {}),
    })),
    ...(p.color ? { color: p.color } : {}),
    ...(p.deflection !== undefined ? { deflection: p.deflection } : {}),
    ...derivedData(p, keep),
  }));
  const data: AssemblyData = { tag: CLONE_TAG, name: assembly.name, units: assembly.units, root: assembly.root, parts, ...(assembly.source ? { source: assembly.source } : {}), ...(assembly.warnings ? { warnings: [...assembly.warnings] } : {}) };
  return { data, transfer: [...buffers] };
}

/** Live parts (surfaces linked to their part, indexes kept) from `assemblyToData`'s copy. */
export function assemblyFromData(data: AssemblyData): Assembly {
  const bad = (what: string): never => {
    throw new SurfcdError('INVALID_MESH', `assemblyFromData: ${what}`);
  };
  if (!data || typeof data !== 'object' || data.tag !== CLONE_TAG) bad(`expected an object tagged "${CLONE_TAG}" (from assemblyToData), got ${data && typeof data === 'object' ? `tag ${JSON.stringify(data.tag)}` : typeof data}`);
  if (!Array.isArray(data.parts)) bad('"parts" is not an array');
  const parts = data.parts.map((p, i): Part => {
    const where = `parts[${i}] ("${p?.path}")`;
    const is = (v: unknown, type: Function, field: string): void => {
      if (!(v instanceof type)) bad(`${where}: ${field} is not a ${type.name}`);
    };
    is(p.positions, Float64Array, 'positions');
    is(p.indices, Uint32Array, 'indices');
    is(p.triangleSurface, Uint32Array, 'triangleSurface');
    if (p.normals !== null) is(p.normals, Float32Array, 'normals');
    if (p.indices.length !== 3 * p.triangleSurface.length) bad(`${where}: ${p.indices.length} indices for ${p.triangleSurface.length} triangles`);
    if (!Array.isArray(p.surfaces)) bad(`${where}: surfaces is not an array`);
    const tree = (t: BoxTree | null, field: string): void => {
      if (t === null) return;
      if (!t || typeof t !== 'object') bad(`${where}: ${field} is not a box tree`);
      is(t.nodeBoxes, Float32Array, `${field}.nodeBoxes`);
      is(t.itemBoxes, Float32Array, `${field}.itemBoxes`);
      for (const k of ['nodeFirst', 'nodeCount', 'itemIds'] as const) is(t[k], Uint32Array, `${field}.${k}`);
    };
    tree(p.surfaceTree, 'surfaceTree');
    p.surfaces.forEach((s, k) => tree(s.triangleTree, `surfaces[${k}].triangleTree`));
    const { derived: stored, ...fields } = p;
    const part = { ...fields, surfaces: [] as Surface[], derived: new PartDerived() } as Part;
    if (stored !== undefined) {
      if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) bad(`${where}: derived is not an object`);
      derivedOf(part).restore(stored);
    }
    p.surfaces.forEach((s, k) => {
      if (!(s.firstTriangle >= 0 && s.triangleCount >= 0 && s.firstTriangle + s.triangleCount <= p.triangleSurface.length)) bad(`${where}: surfaces[${k}] lies outside the part's triangles`);
      part.surfaces.push(newSurface(part, k, s.firstTriangle, s.triangleCount, s.bounds, s.triangleTree, s.color, s.kind));
    });
    return part;
  });
  return { name: data.name, units: data.units, root: data.root, parts, ...(data.source ? { source: data.source } : {}), ...(Array.isArray(data.warnings) ? { warnings: data.warnings } : {}) };
}

/** The part's kept derived data, its typed arrays listed for transfer. */
function derivedData(p: Part, keep: <T extends ArrayBufferView | null>(a: T) => T): { derived?: Record<string, Encoded> } {
  const encoded = derivedOf(p).encoded(p);
  if (Object.keys(encoded).length === 0) return {};
  const walk = (v: Encoded): void => {
    if (ArrayBuffer.isView(v)) keep(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  Object.values(encoded).forEach(walk);
  return { derived: encoded };
}
