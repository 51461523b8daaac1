// occt-import-js's answer (its product tree and meshes) as an unindexed Assembly: names
// decoded, the product tree checked against the STEP file's, paths, one Part per mesh.
import { createPart } from '../model/part.js';
import { joinPath, siblingSegments } from '../model/paths.js';
import type { Assembly, LoadWarning, Part, ProductNode } from '../model/types.js';
import { DEFAULT_MAX_TRIANGLES, triangleBudget } from './limits.js';
import type { LoadOptions } from './loadOptions.js';
import type { OcctMesh, OcctNode, OcctParams, OcctResult } from './occt.js';
import type { ImportProgressListener } from './progress.js';
import { restoreProductTree } from './productTree.js';
import type { StepStructure } from './stepStructure.js';

/** occt-import-js's own defaults when no deflection is given. */
const DEFAULT_LINEAR_RATIO = 0.001;
export const DEFAULT_ANGULAR = 0.5;

/** occt's meshing parameters for the load options (its bounding-box-ratio default when no deflection is given). */
export function occtParams(options: LoadOptions): OcctParams {
  const params: OcctParams = { linearUnit: 'millimeter', linearDeflectionType: 'bounding_box_ratio', linearDeflection: DEFAULT_LINEAR_RATIO, angularDeflection: DEFAULT_ANGULAR };
  if (options.linearDeflection !== undefined) {
    params.linearDeflectionType = 'absolute_value';
    params.linearDeflection = options.linearDeflection;
  }
  if (options.angularDeflection !== undefined) params.angularDeflection = options.angularDeflection;
  return params;
}

export interface BuildContext {
  label: string;
  resolveName: (name: string) => string;
  warnings: LoadWarning[];
  structure: StepStructure | null;
  progress: ImportProgressListener;
}

/** Walks occt's product tree; every mesh becomes a Part whose path follows ARCHITECTURE.md ("Data model"). */
export function buildAssembly(result: OcctResult, meshes: OcctMesh[], options: LoadOptions, source: string | undefined, ctx: BuildContext): Assembly {
  const parts: Part[] = [];
  const placed = new Set<number>();
  const top = result.root ?? { name: '', meshes: meshes.map((_, i) => i), children: [] };
  resolveNames(top, meshes, ctx.resolveName);
  if (ctx.structure) restoreProductTree(top, meshes, ctx.structure);
  const budget = triangleBudget(options.maxTriangles ?? DEFAULT_MAX_TRIANGLES, ctx.label);

  // A product node holding exactly one mesh and nothing else is a part, not an assembly:
  // the part takes the node's place (so as1's plate is `as1/plate`, not `as1/plate/plate`).
  const singleMesh = (node: OcctNode): number | null => {
    const ids = node.meshes ?? [];
    return (node.children ?? []).length === 0 && ids.length === 1 && ids[0]! >= 0 && ids[0]! < meshes.length ? ids[0]! : null;
  };
  const addPart = (m: number, partPath: string, partName: string, into: ProductNode): void => {
    placed.add(m);
    const part = partFromOcctMesh(meshes[m]!, parts.length, partPath, partName, options, budget, ctx);
    parts.push(part);
    into.parts.push(part.index);
    ctx.progress({ phase: 'build', done: parts.length, total: meshes.length });
  };
  ctx.progress({ phase: 'build', done: 0, total: meshes.length });
  // An unnamed solid takes the name of the nearest named product above it, so people can find it.
  const visit = (node: OcctNode, name: string, path: string, nearest = ''): ProductNode => {
    const named = name || nearest;
    const children = node.children ?? [];
    const meshIds = (node.meshes ?? []).filter((m) => m >= 0 && m < meshes.length && !placed.has(m));
    const childNames = children.map((c) => {
      const m = singleMesh(c);
      return c.name || (m !== null ? meshes[m]!.name || named : '');
    });
    const meshNames = meshIds.map((m) => meshes[m]!.name || named);
    // Sub-nodes and meshes of one node are siblings: they share the #k numbering.
    const segments = siblingSegments([...childNames, ...meshNames]);
    const product: ProductNode = { name, path, children: [], parts: [] };
    meshIds.forEach((m, i) => addPart(m, joinPath(path, segments[children.length + i]!), meshNames[i]!, product));
    children.forEach((child, i) => {
      const m = singleMesh(child);
      if (m !== null && !placed.has(m)) addPart(m, joinPath(path, segments[i]!), childNames[i]!, product);
      else product.children.push(visit(child, childNames[i]!, joinPath(path, segments[i]!), named));
    });
    if (path !== '' && product.parts.length === 0 && product.children.length === 0) {
      ctx.warnings.push({ code: 'NO_GEOMETRY', message: `${ctx.label}: product "${path}" has no geometry (no solid or surface was read for it)` });
    }
    return product;
  };
  // The document root is usually unnamed; a named root starts the paths.
  const rootName = top.name ?? '';
  const root = rootName === '' ? visit(top, '', '') : wrapNamedRoot(top, visit);
  // Meshes the product tree forgot still become parts, so nothing is dropped silently.
  const orphans = meshes.map((_, i) => i).filter((i) => !placed.has(i));
  if (orphans.length > 0) {
    const segments = siblingSegments(orphans.map((m) => meshes[m]!.name ?? ''));
    orphans.forEach((m, i) => addPart(m, segments[i]!, meshes[m]!.name ?? '', root));
  }
  const name = root.children.length === 1 && root.parts.length === 0 ? root.children[0]!.name : rootName || baseName(source);
  return { name, units: 'mm', root, parts, ...(source ? { source } : {}), warnings: ctx.warnings };
}

/** Names as surfcd decoded them (see stepStrings.ts), in place of occt's. */
function resolveNames(top: OcctNode, meshes: OcctMesh[], resolve: (name: string) => string): void {
  const stack = [top];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.name) node.name = resolve(node.name);
    stack.push(...(node.children ?? []));
  }
  for (const mesh of meshes) if (mesh.name) mesh.name = resolve(mesh.name);
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

function partFromOcctMesh(
  mesh: OcctMesh,
  index: number,
  path: string,
  name: string,
  options: LoadOptions,
  budget: (triangles: number, part: string) => void,
  ctx: BuildContext,
): Part {
  let positions = mesh.attributes.position.array;
  const triangleCount = (mesh.index?.array.length ?? positions.length / 3) / 3;
  budget(triangleCount, path);
  const bad = firstNonFinite(positions);
  if (bad >= 0 || triangleCount === 0) {
    // Kept as an empty part (its path stays in the tree) and reported, never dropped silently.
    ctx.warnings.push(
      bad >= 0
        ? { code: 'BAD_COORDINATES', part: path, message: `${ctx.label}: part "${path}" has coordinate ${positions[bad]} (overflow?); its ${triangleCount} triangles were left out` }
        : { code: 'NO_TRIANGLES', part: path, message: `${ctx.label}: part "${path}" has no triangles (its faces degenerated when meshed)` },
    );
    positions = [];
    return createPart({ index, name, path, positions, indices: [], surfaces: [], color: mesh.color ?? null, deflection: options.linearDeflection ?? 0 });
  }
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

/** Also rejects coordinates so large that products of two overflow (|x| > 1e100). */
function firstNonFinite(values: ArrayLike<number>): number {
  for (let i = 0; i < values.length; i++) if (!(Math.abs(values[i]!) <= 1e100)) return i;
  return -1;
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
