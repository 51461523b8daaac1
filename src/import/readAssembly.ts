import { SurfcdError } from '../errors.js';
import { createPart } from '../model/part.js';
import { joinPath, siblingSegments } from '../model/paths.js';
import type { Assembly, Part, ProductNode } from '../model/types.js';
import { occtModule, type OcctMesh, type OcctNode, type OcctOptions, type OcctParams, type OcctResult } from './occt.js';
import { checkStepComplete, detectFormat, externalReferences, stepHasGeometry, type CadFormat } from './sniff.js';

export interface LoadOptions extends OcctOptions {
  /**
   * Reads a file path into bytes. The Node entry (`surfcd`) reads from the file system;
   * elsewhere pass the bytes, or your own reader (e.g. one that `fetch`es).
   */
  readFile?: (path: string) => Promise<Uint8Array>;
  /** Force a format instead of sniffing the content / extension. */
  format?: CadFormat;
  /** Maximum chordal deviation of the tessellation, in mm (absolute). */
  linearDeflection?: number;
  /** Maximum angle between neighbouring facets, in radians; controls most CAD triangle counts. */
  angularDeflection?: number;
}

/** occt-import-js's own defaults when no deflection is given. */
const DEFAULT_LINEAR_RATIO = 0.001;
const DEFAULT_ANGULAR = 0.5;

/** Reads a CAD file (or its bytes) into an unindexed Assembly: one Part per solid, one Surface per B-rep face. */
export async function readAssembly(source: string | Uint8Array, options: LoadOptions = {}): Promise<Assembly> {
  const label = typeof source === 'string' ? source : 'input bytes';
  const bytes = typeof source === 'string' ? await readPath(source, options) : source;
  if (!(bytes instanceof Uint8Array)) throw new SurfcdError('INVALID_OPTION', `loadAssembly: expected a file path or a Uint8Array, got ${typeof source}`);
  if (bytes.length === 0 || /^\s*$/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 4096))) && bytes.length <= 4096) {
    throw new SurfcdError('EMPTY_FILE', `${label}: file is empty`);
  }
  const params = occtParams(options, label);
  const format = options.format ?? detectFormat(bytes, typeof source === 'string' ? source : undefined);
  if (format === 'step') checkStepComplete(bytes, label);

  const occt = await occtModule(options);
  let result: OcctResult;
  try {
    const read = format === 'step' ? occt.ReadStepFile : format === 'iges' ? occt.ReadIgesFile : occt.ReadBrepFile;
    result = read.call(occt, bytes, params);
  } catch (error) {
    throw new SurfcdError('PARSE_FAILED', `${label}: OpenCascade could not read this ${format.toUpperCase()} file (${String(error)})`, { cause: error });
  }
  const meshes = result?.success ? (result.meshes ?? []) : [];
  if (meshes.length === 0) {
    // occt reports an assembly without geometry either as a failure or as zero meshes.
    const refs = format === 'step' ? externalReferences(bytes) : [];
    if (refs.length > 0) {
      throw new SurfcdError(
        'EXTERNAL_REFERENCES',
        `${label}: the assembly keeps its parts in other files, which are not loaded: ${refs.join(', ')}. Export it as a single STEP file with all parts included`,
      );
    }
    if (result?.success || (format === 'step' && !stepHasGeometry(bytes))) {
      throw new SurfcdError('NO_SOLIDS', `${label}: the file contains no solids or surfaces to tessellate`);
    }
    throw new SurfcdError('PARSE_FAILED', `${label}: OpenCascade could not read this ${format.toUpperCase()} file (the reader reported failure)`);
  }
  return buildAssembly(result, meshes, options, typeof source === 'string' ? source : undefined);
}

/** Paths go through `options.readFile` (the Node entry sets it), so this module stays browser-safe. */
async function readPath(path: string, options: LoadOptions): Promise<Uint8Array> {
  if (typeof options.readFile !== 'function') {
    throw new SurfcdError('INVALID_OPTION', `${path}: reading a file path needs the Node entry ('surfcd') or a "readFile" option; here pass the file's bytes (Uint8Array)`);
  }
  return options.readFile(path);
}

function occtParams(options: LoadOptions, label: string): OcctParams {
  const params: OcctParams = { linearUnit: 'millimeter', linearDeflectionType: 'bounding_box_ratio', linearDeflection: DEFAULT_LINEAR_RATIO, angularDeflection: DEFAULT_ANGULAR };
  if (options.linearDeflection !== undefined) {
    if (!(options.linearDeflection > 0) || !Number.isFinite(options.linearDeflection)) {
      throw new SurfcdError('INVALID_OPTION', `${label}: linearDeflection must be a positive number of mm, got ${options.linearDeflection}`);
    }
    params.linearDeflectionType = 'absolute_value';
    params.linearDeflection = options.linearDeflection;
  }
  if (options.angularDeflection !== undefined) {
    if (!(options.angularDeflection > 0) || !(options.angularDeflection < Math.PI)) {
      throw new SurfcdError('INVALID_OPTION', `${label}: angularDeflection must be in (0, π) radians, got ${options.angularDeflection}`);
    }
    params.angularDeflection = options.angularDeflection;
  }
  return params;
}

/** Walks occt's product tree; every mesh becomes a Part whose path follows DESIGN.md. */
function buildAssembly(result: OcctResult, meshes: OcctMesh[], options: LoadOptions, source: string | undefined): Assembly {
  const parts: Part[] = [];
  const placed = new Set<number>();
  const top = result.root ?? { name: '', meshes: meshes.map((_, i) => i), children: [] };

  // A product node holding exactly one mesh and nothing else is a part, not an assembly:
  // the part takes the node's place (so as1's plate is `as1/plate`, not `as1/plate/plate`).
  const singleMesh = (node: OcctNode): number | null => {
    const ids = node.meshes ?? [];
    return (node.children ?? []).length === 0 && ids.length === 1 && ids[0]! >= 0 && ids[0]! < meshes.length ? ids[0]! : null;
  };
  const visit = (node: OcctNode, name: string, path: string): ProductNode => {
    const children = node.children ?? [];
    const meshIds = (node.meshes ?? []).filter((m) => m >= 0 && m < meshes.length && !placed.has(m));
    const childNames = children.map((c) => {
      const m = singleMesh(c);
      return c.name || (m !== null ? (meshes[m]!.name ?? '') : '');
    });
    // Sub-nodes and meshes of one node are siblings: they share the #k numbering.
    const segments = siblingSegments([...childNames, ...meshIds.map((m) => meshes[m]!.name ?? '')]);
    const product: ProductNode = { name, path, children: [], parts: [] };
    const addPart = (m: number, partPath: string, partName: string): void => {
      placed.add(m);
      const part = partFromOcctMesh(meshes[m]!, parts.length, partPath, partName, options);
      parts.push(part);
      product.parts.push(part.index);
    };
    meshIds.forEach((m, i) => addPart(m, joinPath(path, segments[children.length + i]!), meshes[m]!.name ?? ''));
    children.forEach((child, i) => {
      const m = singleMesh(child);
      if (m !== null && !placed.has(m)) addPart(m, joinPath(path, segments[i]!), meshes[m]!.name || child.name || '');
      else product.children.push(visit(child, childNames[i]!, joinPath(path, segments[i]!)));
    });
    return product;
  };
  // The document root is usually unnamed; a named root starts the paths.
  const rootName = top.name ?? '';
  const root = rootName === '' ? visit(top, '', '') : wrapNamedRoot(top, visit);
  // Meshes the product tree forgot still become parts, so nothing is dropped silently.
  const orphans = meshes.map((_, i) => i).filter((i) => !placed.has(i));
  if (orphans.length > 0) {
    const segments = siblingSegments(orphans.map((m) => meshes[m]!.name ?? ''));
    orphans.forEach((m, i) => {
      const part = partFromOcctMesh(meshes[m]!, parts.length, segments[i]!, meshes[m]!.name ?? '', options);
      parts.push(part);
      root.parts.push(part.index);
    });
  }
  const name = root.children.length === 1 && root.parts.length === 0 ? root.children[0]!.name : rootName || baseName(source);
  return { name, units: 'mm', root, parts, ...(source ? { source } : {}) };
}

function wrapNamedRoot(top: OcctNode, visit: (n: OcctNode, name: string, path: string) => ProductNode): ProductNode {
  const [segment] = siblingSegments([top.name ?? '']);
  const named = visit(top, top.name ?? '', segment!);
  return { name: '', path: '', children: [named], parts: [] };
}

function baseName(source: string | undefined): string {
  if (!source) return 'assembly';
  return source.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
}

function partFromOcctMesh(mesh: OcctMesh, index: number, path: string, name: string, options: LoadOptions): Part {
  const positions = mesh.attributes.position.array;
  const triangleCount = (mesh.index?.array.length ?? positions.length / 3) / 3;
  const faces = mesh.brep_faces && mesh.brep_faces.length > 0 ? mesh.brep_faces : [{ first: 0, last: triangleCount - 1, color: null }];
  return createPart({
    index,
    name,
    path,
    positions,
    indices: mesh.index?.array ?? null,
    normals: mesh.attributes.normal?.array ?? null,
    surfaces: faces.map((f) => ({ first: f.first, last: f.last, color: f.color ?? mesh.color ?? null })),
    color: mesh.color ?? null,
    deflection: options.linearDeflection ?? estimateDeflection(positions),
  });
}

/** With occt's bounding-box-ratio deflection, the chordal error is about ratio × the shape's box diagonal. */
function estimateDeflection(positions: ArrayLike<number>): number {
  let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < lo[k]!) lo[k] = v;
      if (v > hi[k]!) hi[k] = v;
    }
  }
  if (positions.length === 0) return 0;
  return DEFAULT_LINEAR_RATIO * Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
}
