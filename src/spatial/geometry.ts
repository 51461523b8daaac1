import { SurfcdError } from '../errors.js';
import type { SurfaceRange } from '../model/part.js';
import type { Part } from '../model/types.js';
import { partFromMesh } from './mesh.js';

/**
 * Structural subset of a three.js BufferAttribute or InterleavedBufferAttribute (as GLTFLoader
 * and meshopt produce), so three is not needed at runtime here.
 */
export interface AttributeLike {
  itemSize: number;
  count: number;
  /** The attribute's own array, or (interleaved) the whole interleaved buffer's array. */
  array: ArrayLike<number>;
  normalized?: boolean;
  isInterleavedBufferAttribute?: boolean;
  /** Interleaved: the shared buffer, with its stride in array elements. */
  data?: { array: ArrayLike<number>; stride: number };
  /** Interleaved: where this attribute starts within each stride. */
  offset?: number;
}

/** Structural subset of three.js BufferGeometry. */
export interface GeometryLike {
  name?: string;
  attributes: { position?: AttributeLike; normal?: AttributeLike };
  index: { array: ArrayLike<number> } | null;
  groups: { start: number; count: number }[];
}

/**
 * A part from a three.js BufferGeometry. Surface i is `geometry.groups[i]` (in array order, not
 * sorted by `start`), so a group index picks the same face in three.js and in surfcd. Triangles
 * in no group become extra surfaces after the groups, in triangle order; no groups = one surface.
 * Group `start`/`count` are in index units (3 per triangle). Interleaved and normalized
 * (quantized) attributes are read as three.js reads them.
 */
export function partFromGeometry(geometry: GeometryLike, name = geometry?.name ?? ''): Part {
  const where = `partFromGeometry "${name}"`;
  const position = geometry?.attributes?.position;
  if (!position) throw new SurfcdError('INVALID_MESH', `${where}: geometry has no position attribute`);
  const positions = readAttribute(position, `${where}: position`, 3);
  const normal = geometry.attributes.normal;
  const normals = normal ? readAttribute(normal, `${where}: normal`, 3) : null;
  if (normals && normals.length !== positions.length) {
    throw new SurfcdError('INVALID_MESH', `${where}: normal has ${normal!.count} items, position ${position.count}`);
  }
  const indexCount = geometry.index ? geometry.index.array.length : position.count;
  const surfaces: SurfaceRange[] = [];
  const covered = new Uint8Array(Math.floor(indexCount / 3));
  (geometry.groups ?? []).forEach((g, i) => {
    if (!g || !Number.isInteger(g.start) || g.start < 0 || g.start % 3 !== 0 || (Number.isFinite(g.count) && (!Number.isInteger(g.count) || g.count < 0 || g.count % 3 !== 0))) {
      throw new SurfcdError('INVALID_MESH', `${where}: groups[${i}] {start: ${g?.start}, count: ${g?.count}} does not cover whole triangles`);
    }
    const end = Math.min(indexCount, g.start + (Number.isFinite(g.count) ? g.count : indexCount));
    const first = Math.min(g.start, end) / 3, last = end / 3 - 1;
    for (let t = first; t <= last; t++) covered[t] = 1;
    surfaces.push({ first, last });
  });
  if (surfaces.length > 0) surfaces.push(...uncoveredRanges(covered));
  return partFromMesh({ name, positions, indices: geometry.index ? geometry.index.array : null, normals, surfaces: surfaces.length > 0 ? surfaces : null });
}

/** The attribute's values, itemSize per vertex, de-interleaved and de-normalized into a Float64Array. */
export function readAttribute(attribute: AttributeLike, what: string, itemSize: number): Float64Array {
  if (attribute.itemSize !== itemSize) throw new SurfcdError('INVALID_MESH', `${what}: itemSize is ${attribute.itemSize}, expected ${itemSize}`);
  const count = attribute.count;
  const interleaved = attribute.isInterleavedBufferAttribute === true || (attribute.data !== undefined && typeof attribute.data.stride === 'number');
  const source = interleaved ? attribute.data!.array : attribute.array;
  const stride = interleaved ? attribute.data!.stride : itemSize;
  const offset = interleaved ? (attribute.offset ?? 0) : 0;
  if (!source || !Number.isInteger(count) || count < 0 || (count > 0 && (count - 1) * stride + offset + itemSize > source.length)) {
    throw new SurfcdError('INVALID_MESH', `${what}: ${count} items of ${itemSize} (stride ${stride}, offset ${offset}) do not fit its array of ${source?.length}`);
  }
  const scale = attribute.normalized ? normalizationScale(source) : 0;
  const out = new Float64Array(count * itemSize);
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < itemSize; k++) {
      const v = source[i * stride + offset + k]!;
      // Signed normalized integers clamp at -1, as in WebGL (and three's denormalize).
      out[i * itemSize + k] = scale > 0 ? Math.max(v / scale, -1) : v;
    }
  }
  return out;
}

/** Divisor for normalized integer arrays (0 = not an integer array: values as they are). */
function normalizationScale(array: ArrayLike<number>): number {
  if (array instanceof Uint8Array || array instanceof Uint8ClampedArray) return 255;
  if (array instanceof Int8Array) return 127;
  if (array instanceof Uint16Array) return 65535;
  if (array instanceof Int16Array) return 32767;
  if (array instanceof Uint32Array) return 4294967295;
  if (array instanceof Int32Array) return 2147483647;
  return 0;
}

/** Runs of triangles in no group, in triangle order. */
function uncoveredRanges(covered: Uint8Array): SurfaceRange[] {
  const out: SurfaceRange[] = [];
  for (let t = 0; t < covered.length; t++) {
    if (covered[t]) continue;
    const first = t;
    while (t + 1 < covered.length && !covered[t + 1]) t++;
    out.push({ first, last: t });
  }
  return out;
}
