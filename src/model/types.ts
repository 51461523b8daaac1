import type { PartDerived } from './derived.js';
import type { Aabb } from '../math/aabb.js';
import type { Obb } from '../math/obb.js';
import type { SurfaceKind } from './surfaceKind.js';

/**
 * A static bounding-box tree in flat typed arrays (built by `src/spatial/`).
 * Children of a node are contiguous, so traversal needs no objects and no closures.
 * Boxes are Float32, rounded outward, so they are conservative.
 */
export interface BoxTree {
  /** 6 per node: minX, minY, minZ, maxX, maxY, maxZ. Node 0 is the root. */
  readonly nodeBoxes: Float32Array;
  /** Internal node: index of its first child node. Leaf: index of its first item. */
  readonly nodeFirst: Uint32Array;
  /** Number of children (internal) or items (leaf); the high bit marks a leaf. */
  readonly nodeCount: Uint32Array;
  /** 6 per item, in leaf order. */
  readonly itemBoxes: Float32Array;
  /** The id (triangle or surface index) of each item, in leaf order. */
  readonly itemIds: Uint32Array;
}

/** A B-rep face: a contiguous range of the part's triangles. */
export interface Surface {
  readonly index: number;
  readonly part: Part;
  readonly firstTriangle: number;
  readonly triangleCount: number;
  /** Tight box of the surface's triangles in the part's frame (empty when no triangles). */
  readonly bounds: Aabb;
  /** Triangle tree (TBV); null for a surface with no triangles. */
  triangleTree: BoxTree | null;
  /** Fitted primitive, computed lazily (see `surfaceKindOf`). */
  kind?: SurfaceKind;
  /** RGB 0..1 from the CAD file, when it had one. */
  readonly color?: [number, number, number];
}

export interface Part {
  readonly index: number;
  /** Name as given by the CAD file (may be empty). */
  readonly name: string;
  /** Unique, stable path in the product tree, e.g. `as1/l-bracket-assembly#2/nut#3`. */
  readonly path: string;
  /** xyz per vertex, in the part's local frame. */
  readonly positions: Float64Array;
  /** Vertex normals from the exact CAD surface, when the source had them. */
  readonly normals: Float32Array | null;
  /** 3 vertex indices per triangle. */
  readonly indices: Uint32Array;
  /** The surface each triangle belongs to. */
  readonly triangleSurface: Uint32Array;
  readonly surfaces: Surface[];
  readonly bounds: Aabb;
  /** The tight fitted box (fitObb), for shape questions; query pre-checks use `precheckObb(part)`. */
  readonly obb: Obb;
  /** Surface tree (SBV); null until the part is indexed or when it has no triangles. */
  surfaceTree: BoxTree | null;
  readonly color?: [number, number, number];
  /** Linear deflection the part was tessellated with (mm), when known. */
  readonly deflection?: number;
  /** Everything derived from the part after import (model/derived.ts; use `derivedOf`). */
  readonly derived?: PartDerived;
}

export interface ProductNode {
  readonly name: string;
  /** Path of this node (empty for the root). */
  readonly path: string;
  readonly children: ProductNode[];
  /** Indices into `Assembly.parts` of the parts that sit directly in this node. */
  readonly parts: number[];
}

export interface Assembly {
  readonly name: string;
  readonly units: 'mm';
  readonly root: ProductNode;
  readonly parts: Part[];
  /** Where it came from (file path), when it came from a file. */
  readonly source?: string;
  /** What the import noticed but did not stop for (always set by loadAssembly; empty when clean). */
  readonly warnings?: readonly LoadWarning[];
}

/** Something an import noticed: parts may be missing or misnamed; `--strict` makes these errors. */
export interface LoadWarning {
  readonly code: 'NO_TRIANGLES' | 'NO_GEOMETRY' | 'UNRESOLVED_REFERENCE' | 'DUPLICATE_ENTITY' | 'NAME_ENCODING' | 'BAD_COORDINATES' | 'READER_MESSAGE';
  /** One line naming the part / product / entity. */
  readonly message: string;
  /** The part path, when the warning is about one part. */
  readonly part?: string;
}
