// Binary form of an indexed assembly, for the cache (src/import/cache.ts) and for anything
// that wants to ship an indexed assembly to a browser: no Node APIs here.
//
// Layout (little-endian):
//   0  "SURFCDIX"                      magic, 8 bytes
//   8  u32 format version              SERIAL_FORMAT_VERSION
//  12  u32 byte length of the JSON header
//  16  u32 checksum of bytes [24, total)
//  20  u32 total byte length
//  24  JSON header (UTF-8), padded to 8 bytes
//      then every typed array, written as it is, each starting on an 8-byte boundary.
// The JSON header holds names, paths, the product tree, boxes, OBBs, fitted kinds, each part's
// derived data (model/derived.ts: whatever kinds the part has built and keep, by name; their
// typed arrays go in the binary part like the rest), the assembly's memo (model/assemblyMemo.ts:
// what queries derived from pairs of parts, by key) and, for each typed array,
// [byteOffset, length]. Non-finite numbers and −0 in fitted kinds are tagged.
import { SurfcdError } from '../errors.js';
import type { Obb } from '../math/obb.js';
import type { SurfaceKind } from '../model/surfaceKind.js';
import type { Assembly, BoxTree, LoadWarning, Part, ProductNode, Surface } from '../model/types.js';
import { derivedOf, PartDerived, type Encoded } from '../model/derived.js';
import { AssemblyMemo } from '../model/assemblyMemo.js';
import { newSurface } from '../model/surface.js';
import { triangleTreeOf } from './triangleTree.js';

/** Bump on any change to the layout or to what the index contains (tree builder, OBB fit…). */
export const SERIAL_FORMAT_VERSION = 7;
const MAGIC = 'SURFCDIX';
const HEADER_BYTES = 24;
const PART_FLOATS = 21;

type ArrayRef = [offset: number, length: number];
type Typed = Float64Array | Float32Array | Uint32Array;

interface TreeMeta {
  nodeBoxes: ArrayRef;
  nodeFirst: ArrayRef;
  nodeCount: ArrayRef;
  itemBoxes: ArrayRef;
  itemIds: ArrayRef;
}
interface SurfaceMeta {
  first: number;
  count: number;
  tree: TreeMeta | null;
  color?: [number, number, number];
  kind?: SurfaceKind;
}
/** Encoded derived data with each typed array replaced by where it lies in the binary part. */
type StoredData = number | string | boolean | null | { $typed: 'f64' | 'f32' | 'u32'; at: ArrayRef } | StoredData[] | { [key: string]: StoredData };
interface PartMeta {
  index: number;
  name: string;
  path: string;
  /** Float64: part bounds (6), OBB centre (3), axes (9), half-extents (3), then 6 per surface bounds. */
  floats: ArrayRef;
  positions: ArrayRef;
  normals: ArrayRef | null;
  indices: ArrayRef;
  triangleSurface: ArrayRef;
  surfaceTree: TreeMeta | null;
  surfaces: SurfaceMeta[];
  color?: [number, number, number];
  deflection?: number;
  /** The part's derived data that keeps, by kind name. */
  derived?: Record<string, StoredData>;
}
interface HeaderMeta {
  name: string;
  units: 'mm';
  root: ProductNode;
  parts: PartMeta[];
  /** The import's warnings, said again when the entry is read (absent: none). */
  warnings?: LoadWarning[];
  /** The assembly memo's values by key (absent: none). */
  memo?: Record<string, StoredData>;
}

/** What a serialized surface kind must satisfy to be written (e.g. fitted with the default tolerance). */
export type KindFilter = (surface: Surface) => boolean;

/**
 * The assembly (indexed: every part's trees are built first) as one binary blob.
 * `keepKind` decides which already-fitted surface kinds go in (default: all present);
 * `memo`, what queries derived from the assembly as a whole (it must be the assembly's).
 */
export function serializeAssembly(assembly: Assembly, keepKind: KindFilter = () => true, memo?: AssemblyMemo): Uint8Array {
  const arrays: Typed[] = [];
  let cursor = 0;
  const ref = (a: Typed): ArrayRef => {
    cursor = align8(cursor);
    const r: ArrayRef = [cursor, a.length];
    arrays.push(a);
    cursor += a.byteLength;
    return r;
  };
  const tree = (t: BoxTree | null): TreeMeta | null =>
    t && { nodeBoxes: ref(t.nodeBoxes), nodeFirst: ref(t.nodeFirst), nodeCount: ref(t.nodeCount), itemBoxes: ref(t.itemBoxes), itemIds: ref(t.itemIds) };
  // Boxes and OBBs go in binary (JSON would lose −0 and infinities of empty boxes).
  const floatsOf = (p: Part): Float64Array => {
    const f = new Float64Array(PART_FLOATS + 6 * p.surfaces.length);
    f.set(p.bounds, 0);
    f.set(p.obb.center, 6);
    f.set(p.obb.axes, 9);
    f.set(p.obb.halfExtents, 18);
    p.surfaces.forEach((s, i) => f.set(s.bounds, PART_FLOATS + 6 * i));
    return f;
  };
  const parts: PartMeta[] = assembly.parts.map((p) => ({
    index: p.index,
    name: p.name,
    path: p.path,
    floats: ref(floatsOf(p)),
    positions: ref(p.positions),
    normals: p.normals ? ref(p.normals) : null,
    indices: ref(p.indices),
    triangleSurface: ref(p.triangleSurface),
    surfaceTree: tree(p.surfaceTree),
    surfaces: p.surfaces.map((s) => ({
      first: s.firstTriangle,
      count: s.triangleCount,
      tree: tree(triangleTreeOf(s)),
      ...(s.color ? { color: s.color } : {}),
      ...(s.kind && keepKind(s) ? { kind: s.kind } : {}),
    })),
    ...(p.color ? { color: p.color } : {}),
    ...(p.deflection !== undefined ? { deflection: p.deflection } : {}),
    ...derivedMeta(p, ref),
  }));
  const warnings = assembly.warnings ?? [];
  if (memo && !memo.isFor(assembly)) throw new SurfcdError('INVALID_ARGUMENT', `serializeAssembly: the memo belongs to another assembly than ${assembly.name}`);
  const memoData = memo ? memo.encoded() : {};
  const memoMeta = Object.keys(memoData).length > 0 ? { memo: Object.fromEntries(Object.entries(memoData).map(([key, v]) => [key, toStored(v, ref)])) } : {};
  const meta: HeaderMeta = { name: assembly.name, units: assembly.units, root: assembly.root, parts, ...(warnings.length > 0 ? { warnings: [...warnings] } : {}), ...memoMeta };
  const json = new TextEncoder().encode(JSON.stringify(meta, (_key, v: unknown) => (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? { $num: Object.is(v, -0) ? '-0' : String(v) } : v)));
  const dataStart = align8(HEADER_BYTES + json.length);
  const total = align8(dataStart + cursor);
  const out = new Uint8Array(total);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  const view = new DataView(out.buffer);
  view.setUint32(8, SERIAL_FORMAT_VERSION, true);
  view.setUint32(12, json.length, true);
  view.setUint32(20, total, true);
  out.set(json, HEADER_BYTES);
  // Walk the refs again in the same order, so each array lands at its recorded offset.
  let at = 0;
  for (const a of arrays) {
    at = align8(at);
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), dataStart + at);
    at += a.byteLength;
  }
  view.setUint32(16, checksum(out, HEADER_BYTES), true);
  return out;
}

/**
 * Rebuilds an indexed assembly from `serializeAssembly`'s output. Typed arrays are views on
 * (a copy of, when misaligned) the input. Anything that does not check out (magic, version,
 * length, checksum, structure, index ranges) throws SurfcdError INVALID_CACHE.
 */
export function deserializeAssembly(input: Uint8Array, source?: string): Assembly {
  return deserializeEntry(input, source).assembly;
}

/** `deserializeAssembly`, with the assembly's memo as the entry stored it (empty when it stored none). */
export function deserializeEntry(input: Uint8Array, source?: string): { assembly: Assembly; memo: AssemblyMemo } {
  const bad = (why: string): never => {
    throw new SurfcdError('INVALID_CACHE', `indexed assembly${source ? ` for ${source}` : ''}: ${why}`);
  };
  if (!(input instanceof Uint8Array) || input.length < HEADER_BYTES) bad('truncated header');
  for (let i = 0; i < MAGIC.length; i++) if (input[i] !== MAGIC.charCodeAt(i)) bad('not a surfcd indexed assembly');
  // Views need aligned offsets; copy once when the caller's buffer is not.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== SERIAL_FORMAT_VERSION) bad(`format version ${version}, expected ${SERIAL_FORMAT_VERSION}`);
  const jsonLength = view.getUint32(12, true);
  const total = view.getUint32(20, true);
  if (total !== bytes.length || total % 8 !== 0) bad(`${bytes.length} bytes, header says ${total}`);
  if (HEADER_BYTES + jsonLength > total) bad('header overruns the data');
  if (checksum(bytes, HEADER_BYTES) !== view.getUint32(16, true)) bad('checksum mismatch');
  let meta: HeaderMeta;
  try {
    meta = JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_BYTES, HEADER_BYTES + jsonLength)), (_key, v: unknown) =>
      v !== null && typeof v === 'object' && typeof (v as { $num?: unknown }).$num === 'string' ? Number((v as { $num: string }).$num) : v,
    ) as HeaderMeta;
  } catch {
    return bad('header is not JSON');
  }
  const dataStart = align8(HEADER_BYTES + jsonLength);
  const dataBytes = total - dataStart;
  const view64 = (r: ArrayRef, C: Float64ArrayConstructor | Float32ArrayConstructor | Uint32ArrayConstructor, what: string): Typed => {
    if (!Array.isArray(r) || !Number.isInteger(r[0]) || !Number.isInteger(r[1]) || r[0] < 0 || r[1] < 0 || r[0] % 8 !== 0) bad(`${what}: bad array reference`);
    if (r[0] + r[1] * C.BYTES_PER_ELEMENT > dataBytes) bad(`${what}: array overruns the data`);
    return new C(bytes.buffer as ArrayBuffer, bytes.byteOffset + dataStart + r[0], r[1]);
  };
  const f64 = (r: ArrayRef, what: string): Float64Array => view64(r, Float64Array, what) as Float64Array;
  const f32 = (r: ArrayRef, what: string): Float32Array => view64(r, Float32Array, what) as Float32Array;
  const u32 = (r: ArrayRef, what: string): Uint32Array => view64(r, Uint32Array, what) as Uint32Array;
  const tree = (t: TreeMeta | null, items: number, what: string): BoxTree | null => {
    if (t === null) return null;
    const out = { nodeBoxes: f32(t.nodeBoxes, what), nodeFirst: u32(t.nodeFirst, what), nodeCount: u32(t.nodeCount, what), itemBoxes: f32(t.itemBoxes, what), itemIds: u32(t.itemIds, what) };
    const nodes = out.nodeFirst.length;
    if (out.nodeBoxes.length !== 6 * nodes || out.nodeCount.length !== nodes || out.itemBoxes.length !== 6 * out.itemIds.length || out.itemIds.length !== items || nodes === 0) bad(`${what}: inconsistent tree`);
    for (let i = 0; i < nodes; i++) {
      const packed = out.nodeCount[i]!;
      const count = packed & 0x7fffffff, first = out.nodeFirst[i]!;
      if ((packed & 0x80000000) !== 0 ? first + count > items : first + count > nodes || first <= i) bad(`${what}: node ${i} points outside the tree`);
    }
    return out;
  };
  const fromStored = (d: StoredData, what: string): Encoded => {
    if (Array.isArray(d)) return d.map((x) => fromStored(x, what));
    if (d === null || typeof d !== 'object') return d;
    if ('$typed' in d && Array.isArray(d.at)) {
      const at = d.at as ArrayRef;
      return d.$typed === 'f64' ? f64(at, what) : d.$typed === 'f32' ? f32(at, what) : d.$typed === 'u32' ? u32(at, what) : bad(`${what}: unknown array type`);
    }
    return Object.fromEntries(Object.entries(d).map(([k, x]) => [k, fromStored(x as StoredData, what)]));
  };
  if (!meta || typeof meta !== 'object' || !Array.isArray(meta.parts) || typeof meta.name !== 'string' || !meta.root) bad('header lacks name, root or parts');
  const parts: Part[] = meta.parts.map((pm, pi) => {
    const where = `part ${pi}`;
    const positions = f64(pm.positions, where);
    const indices = u32(pm.indices, where);
    const triangleSurface = u32(pm.triangleSurface, where);
    const normals = pm.normals ? f32(pm.normals, where) : null;
    const vertexCount = positions.length / 3;
    const triangleCount = indices.length / 3;
    if (positions.length % 3 !== 0 || indices.length % 3 !== 0 || triangleSurface.length !== triangleCount || (normals && normals.length !== positions.length)) bad(`${where}: array sizes disagree`);
    for (let i = 0; i < indices.length; i++) if (indices[i]! >= vertexCount) bad(`${where}: index ${i} out of range`);
    const floats = f64(pm.floats, where);
    if (!Array.isArray(pm.surfaces) || floats.length !== PART_FLOATS + 6 * pm.surfaces.length) bad(`${where}: boxes do not match the surfaces`);
    const obb: Obb = { center: floats.slice(6, 9), axes: floats.slice(9, 18), halfExtents: floats.slice(18, 21) };
    const part = {
      index: pm.index,
      name: pm.name,
      path: pm.path,
      positions,
      normals,
      indices,
      triangleSurface,
      surfaces: [] as Surface[],
      bounds: floats.slice(0, 6),
      obb,
      surfaceTree: null as BoxTree | null,
      color: pm.color || undefined,
      deflection: pm.deflection,
      derived: new PartDerived(),
    } as Part;
    let next = 0;
    pm.surfaces.forEach((sm, si) => {
      const swhere = `${where} surface ${si}`;
      if (sm.first !== next || !Number.isInteger(sm.count) || sm.count < 0 || sm.first + sm.count > triangleCount) bad(`${swhere}: bad triangle range`);
      next += sm.count;
      const bounds = floats.slice(PART_FLOATS + 6 * si, PART_FLOATS + 6 * si + 6);
      part.surfaces.push(newSurface(part, si, sm.first, sm.count, bounds, tree(sm.tree, sm.count, swhere), sm.color || undefined, sm.kind || undefined));
    });
    if (pm.derived !== undefined) {
      if (pm.derived === null || typeof pm.derived !== 'object' || Array.isArray(pm.derived)) bad(`${where}: derived data is not an object`);
      // Decoded by each kind on first use; data a kind finds wrong is built again (derived.ts).
      derivedOf(part).restore(Object.fromEntries(Object.entries(pm.derived).map(([name, d]) => [name, fromStored(d, `${where} ${name}`)])));
    }
    if (next !== triangleCount) bad(`${where}: surfaces do not cover the triangles`);
    part.surfaceTree = tree(pm.surfaceTree, part.surfaces.filter((s) => s.triangleCount > 0).length, `${where} surface tree`);
    return part;
  });
  const assembly: Assembly = { name: meta.name, units: 'mm', root: meta.root, parts, ...(source ? { source } : {}), warnings: warningsOf(meta.warnings, bad) };
  if (meta.memo !== undefined && (meta.memo === null || typeof meta.memo !== 'object' || Array.isArray(meta.memo))) bad('memo is not an object');
  const memo = new AssemblyMemo(assembly, Object.fromEntries(Object.entries(meta.memo ?? {}).map(([key, d]) => [key, fromStored(d, `memo ${key}`)])));
  return { assembly, memo };
}

const WARNING_CODES: ReadonlySet<string> = new Set<LoadWarning['code']>(['NO_TRIANGLES', 'NO_GEOMETRY', 'UNRESOLVED_REFERENCE', 'DUPLICATE_ENTITY', 'NAME_ENCODING', 'BAD_COORDINATES', 'READER_MESSAGE']);

/** The stored warnings, checked field by field (an entry is a file anyone could have edited). */
function warningsOf(stored: unknown, bad: (why: string) => never): LoadWarning[] {
  if (stored === undefined) return [];
  if (!Array.isArray(stored)) return bad('warnings: not a list');
  return stored.map((w: unknown, i) => {
    const o = (w ?? {}) as { code?: unknown; message?: unknown; part?: unknown };
    if (typeof o.code !== 'string' || !WARNING_CODES.has(o.code) || typeof o.message !== 'string' || (o.part !== undefined && typeof o.part !== 'string')) bad(`warning ${i}: not a load warning`);
    return { code: o.code as LoadWarning['code'], message: o.message as string, ...(o.part !== undefined ? { part: o.part as string } : {}) };
  });
}

/** The part's kept derived data, with typed arrays swapped for references (filled in by `ref`). */
function derivedMeta(p: Part, ref: (a: Typed) => ArrayRef): { derived?: Record<string, StoredData> } {
  const encoded = derivedOf(p).encoded(p);
  const names = Object.keys(encoded).sort(); // sorted: the same data gives the same bytes
  if (names.length === 0) return {};
  return { derived: Object.fromEntries(names.map((name) => [name, toStored(encoded[name]!, ref)])) };
}

/** Encoded data with typed arrays swapped for references (filled in by `ref`), object keys sorted. */
function toStored(v: Encoded, ref: (a: Typed) => ArrayRef): StoredData {
  if (v instanceof Float64Array) return { $typed: 'f64', at: ref(v) };
  if (v instanceof Float32Array) return { $typed: 'f32', at: ref(v) };
  if (v instanceof Uint32Array) return { $typed: 'u32', at: ref(v) };
  if (Array.isArray(v)) return v.map((x) => toStored(x, ref));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, toStored(v[k]!, ref)]));
  return v;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

/** A 32-bit hash of the 4-byte words from `from` on: catches truncation and bit rot, not tampering. */
function checksum(bytes: Uint8Array, from: number): number {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + from, (bytes.length - from) >>> 2);
  let h = 0x811c9dc5 ^ words.length;
  for (let i = 0; i < words.length; i++) {
    h = Math.imul(h ^ (words[i]! | 0), 0x01000193); // | 0: the same bits as an int32, so the compiled loop never sees a double
    h ^= h >>> 15;
  }
  return h >>> 0;
}
