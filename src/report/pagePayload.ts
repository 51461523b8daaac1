/**
 * What the report page and the viewer page receive: the report model, the product tree,
 * every part's triangles (base64 typed arrays, so the HTML stays one file) and, per item,
 * the triangles of the contact region (the triangle pairs that touch or cross).
 */
import { touchingTriangles } from '../verdict/touchingTriangles.js';
import type { Assembly, ProductNode } from '../model/types.js';
import type { ReportModel } from './reportModel.js';

export const PAYLOAD_SCHEMA = 'surfcd/page@1';

export interface PayloadNode {
  name: string;
  path: string;
  children: PayloadNode[];
  parts: number[];
}

export interface PayloadPart {
  path: string;
  name: string;
  color: [number, number, number] | null;
  /** base64 of Float32Array xyz per vertex (part frame). */
  positions: string;
  /** base64 of Float32Array, or null when the file had no normals. */
  normals: string | null;
  /** base64 of Uint32Array, 3 per triangle. */
  indices: string;
  /** firstTriangle, triangleCount per surface. */
  surfaces: number[];
  /** Linear deflection of the tessellation (mm), when known: the live viewer's verdicts need it. */
  deflection: number | null;
}

export interface PagePayload {
  schema: typeof PAYLOAD_SCHEMA;
  /** `report`: static file; `view`: served by `surfcd view`, live. */
  mode: 'report' | 'view';
  model: ReportModel;
  tree: PayloadNode;
  parts: PayloadPart[];
  /** Per item id: triangle indices of part A and of part B in the contact region (capped). */
  regions: Record<string, { a: number[]; b: number[] }>;
  /** Build facts shown in the page footer (no dates: output stays byte-identical). */
  generator: string;
  /** `surfcd view`: the options the page's own checks use (clearance null: by size). */
  live?: { tolerance: number; clearance: number | null };
}

/** Region triangles kept per side and item: enough to see, bounded for huge overlaps. */
export const REGION_CAP = 4000;

export type Base64 = (bytes: Uint8Array) => string;

export function buildPayload(assembly: Assembly, model: ReportModel, base64: Base64, mode: PagePayload['mode'] = 'report'): PagePayload {
  const bytes = (a: Float32Array | Uint32Array): string => base64(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  const parts: PayloadPart[] = assembly.parts.map((p) => {
    const surfaces: number[] = [];
    for (const s of p.surfaces) surfaces.push(s.firstTriangle, s.triangleCount);
    return {
      path: p.path,
      name: p.name,
      color: p.color ? [p.color[0], p.color[1], p.color[2]] : null,
      positions: bytes(Float32Array.from(p.positions)),
      normals: p.normals ? bytes(p.normals) : null,
      indices: bytes(p.indices),
      surfaces,
      deflection: p.deflection ?? null,
    };
  });
  return { schema: PAYLOAD_SCHEMA, mode, model, tree: nodeOf(assembly.root), parts, regions: contactRegions(assembly, model), generator: 'surfcd 0.1.0' };
}

function nodeOf(node: ProductNode): PayloadNode {
  return { name: node.name, path: node.path, children: node.children.map(nodeOf), parts: [...node.parts] };
}

/**
 * The triangles of each contact / interference item that actually touch or cross: of its
 * (first) surface pair, those the all-triangles S-CD query pairs with the other surface,
 * the REGION_CAP lowest indices per side (touchingTriangles: one existence test per triangle).
 */
export function contactRegions(assembly: Assembly, model: ReportModel): PagePayload['regions'] {
  const regions: PagePayload['regions'] = {};
  const index = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  for (const g of model.groups) {
    const wanted = model.items.filter((i) => i.partA === g.partA && i.partB === g.partB && i.kind !== 'clearance' && i.status !== 'resolved');
    if (wanted.length === 0) continue;
    const a = assembly.parts[index.get(g.partA)!]!, b = assembly.parts[index.get(g.partB)!]!;
    const poseA = model.poses[a.path] ?? identity, poseB = model.poses[b.path] ?? identity;
    // Items of one surface pair share its region (computed once).
    const bySurfaces = new Map<string, PagePayload['regions'][string]>();
    for (const item of wanted) {
      const sa = item.surfacesA[0]!.index, sb = item.surfacesB[0]!.index, key = `${sa} ${sb}`;
      let region = bySurfaces.get(key);
      if (!region) bySurfaces.set(key, (region = touchingTriangles(a, poseA, sa, b, poseB, sb, model.tolerance, REGION_CAP)));
      regions[item.id] = region;
    }
  }
  return regions;
}
