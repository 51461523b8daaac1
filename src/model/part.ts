import { PartDerived } from './derived.js';
import { SurfcdError } from '../errors.js';
import { emptyAabb, expandAabbByPoint, type Aabb } from '../math/aabb.js';
import { fitObb, type Obb } from '../math/obb.js';
import { newSurface } from './surface.js';
import type { Part, Surface } from './types.js';

export interface SurfaceRange {
  /** First triangle of the surface. */
  first: number;
  /** Last triangle, inclusive; `first - 1` for an empty surface. */
  last: number;
  color?: [number, number, number] | null;
}

export interface PartInput {
  name: string;
  path?: string;
  positions: ArrayLike<number>;
  indices?: ArrayLike<number> | null;
  normals?: ArrayLike<number> | null;
  /** Triangle ranges, one per surface. Omitted: the whole mesh is one surface. */
  surfaces?: SurfaceRange[] | null;
  color?: [number, number, number] | null;
  deflection?: number;
  index?: number;
}

/**
 * Builds a validated, unindexed `Part` from raw triangles. Every check names the part
 * and the field, because this is where user meshes and CAD imports first meet the core.
 */
export function createPart(input: PartInput): Part {
  const name = typeof input.name === 'string' ? input.name : '';
  const path = input.path ?? name;
  const where = `part "${path}"`;
  const positions = toFloat64(input.positions, `${where}: positions`);
  if (positions.length % 3 !== 0) {
    throw new SurfcdError('INVALID_MESH', `${where}: positions has ${positions.length} numbers, expected a multiple of 3 (x, y, z per vertex)`);
  }
  if (!allFinite(positions)) {
    const i = positions.findIndex((v) => !Number.isFinite(v));
    throw new SurfcdError('INVALID_MESH', `${where}: positions[${i}] is ${positions[i]}, expected a finite number`);
  }
  const vertexCount = positions.length / 3;
  const indices = input.indices ? toUint32(input.indices, vertexCount, where) : sequentialIndices(vertexCount, where);
  if (indices.length % 3 !== 0) {
    throw new SurfcdError('INVALID_MESH', `${where}: indices has ${indices.length} entries, expected a multiple of 3`);
  }
  const triangleCount = indices.length / 3;
  const normals = input.normals ? Float32Array.from(input.normals as ArrayLike<number>) : null;
  if (normals && normals.length !== positions.length) {
    throw new SurfcdError('INVALID_MESH', `${where}: normals has ${normals.length} numbers, expected ${positions.length} (one per vertex)`);
  }
  const ranges = input.surfaces && input.surfaces.length > 0 ? input.surfaces : [{ first: 0, last: triangleCount - 1 }];

  const triangleSurface = new Uint32Array(triangleCount);
  // Per-triangle bookkeeping only when the ranges overlap or leave gaps (to name the triangle).
  const covered = rangesTile(ranges, triangleCount) ? null : new Uint8Array(triangleCount);
  const bounds = emptyAabb();
  let obb: Obb | null = null;
  const part = {
    index: input.index ?? 0,
    name,
    path,
    positions,
    normals,
    indices,
    triangleSurface,
    surfaces: [] as Surface[],
    bounds,
    // Fitted on first use (shape questions, the cache): the fit costs more than both index
    // levels together in a cold process, and most parts are never asked their shape.
    get obb(): Obb {
      return (obb ??= vertexCount > 0 ? fitObb(positions, vertexCount) : { center: new Float64Array(3), axes: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), halfExtents: new Float64Array(3) });
    },
    surfaceTree: null,
    // Always present (undefined when absent): one hidden class for every part (see newSurface).
    color: input.color || undefined,
    deflection: input.deflection,
    derived: new PartDerived(),
  } as Part;

  const seen = stampsFor(vertexCount);
  for (let s = 0; s < ranges.length; s++) {
    const range = ranges[s]!;
    const first = range.first, last = range.last;
    if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last < first - 1 || last >= triangleCount) {
      throw new SurfcdError(
        'INVALID_MESH',
        `${where}: surface ${s} has triangle range [${first}, ${last}], expected 0 ≤ first ≤ last + 1 ≤ ${triangleCount}`,
      );
    }
    const surfaceBounds = emptyAabb();
    if (covered === null) triangleSurface.fill(s, first, last + 1);
    else {
      for (let t = first; t <= last; t++) {
        if (covered[t]) throw new SurfcdError('INVALID_MESH', `${where}: triangle ${t} belongs to two surfaces (surface ${s} and ${triangleSurface[t]})`);
        covered[t] = 1;
        triangleSurface[t] = s;
      }
    }
    if (last >= first) {
      // In calls of at most TRIANGLE_CHUNK triangles: a short call gets the optimizing
      // compiler's one ordinary compile, where a long loop also gets an on-stack one.
      const mark = s + 1;
      for (let t = first; t <= last; t += TRIANGLE_CHUNK) {
        const bad = surfaceBox(surfaceBounds, positions, indices, t, Math.min(t + TRIANGLE_CHUNK - 1, last), seen, mark);
        if (bad >= 0) throw badIndex(where, bad, indices[bad]!, vertexCount);
      }
    }
    expandAabb(bounds, surfaceBounds);
    part.surfaces.push(newSurface(part, s, first, last - first + 1, surfaceBounds, null, range.color ?? undefined));
  }
  const uncovered = covered === null ? -1 : covered.indexOf(0);
  if (uncovered >= 0) {
    throw new SurfcdError('INVALID_MESH', `${where}: triangle ${uncovered} belongs to no surface; surface ranges must cover every triangle`);
  }
  return part;
}

/** Triangles per call of surfaceBox. */
const TRIANGLE_CHUNK = 512;

/**
 * The stamp array for a part of `vertexCount` vertices (per vertex, the stamp of the last
 * surface that read it), made per part: surface k stamps with k + 1, so it starts zeroed.
 * Out of line: the optimizing compiler would compile it into surfaceBox's hot loop too.
 */
function stampsFor(vertexCount: number): Int32Array {
  return new Int32Array(vertexCount);
}

/**
 * `box` grown by triangles first..last; returns −1, or where in `indices` a value is no
 * vertex. Each vertex is read once per surface (`seen[v] === mark` once read; a vertex sits
 * in ~6 triangles): the stamp check is integer work, while in a cold process, where this
 * loop runs interpreted for a while, every float it reads is a heap allocation. The box is
 * grown in place, axis by axis: six float locals carried around the loop cost the
 * optimizing compiler twice as much. The index check rides along here, where every index
 * is read anyway.
 */
function surfaceBox(box: Aabb, positions: Float64Array, indices: Uint32Array, first: number, last: number, seen: Int32Array, mark: number): number {
  const vertices = (positions.length / 3) | 0;
  for (let i = 3 * first, end = 3 * last + 3; i < end; i++) {
    const v = indices[i]!;
    if (seen[v] === mark) continue; // (past this part's vertices, only older marks or none)
    if (v >= vertices) return i;
    seen[v] = mark;
    for (let k = 0, p = 3 * v; k < 3; k++) {
      const x = positions[p + k]!;
      if (x < box[k]!) box[k] = x;
      if (x > box[k + 3]!) box[k + 3] = x;
    }
  }
  return -1;
}

function expandAabb(box: Aabb, other: Aabb): void {
  if (other[0]! > other[3]!) return;
  expandAabbByPoint(box, other[0]!, other[1]!, other[2]!);
  expandAabbByPoint(box, other[3]!, other[4]!, other[5]!);
}

function toFloat64(values: ArrayLike<number>, what: string): Float64Array {
  if (!values || typeof values.length !== 'number') throw new SurfcdError('INVALID_MESH', `${what}: expected an array of numbers`);
  return values instanceof Float64Array ? values : Float64Array.from(values);
}

/**
 * True when every value is finite: three native scans (typed-array `includes` finds NaN
 * too), no loop of ours. A cold process would run a loop interpreted for a while and then
 * pay the optimizing compiler for it; the caller looks for the culprit only when there is one.
 */
function allFinite(values: Float64Array): boolean {
  return !values.includes(NaN) && !values.includes(Infinity) && !values.includes(-Infinity);
}


/** Whether the ranges (all within [0, count), checked later) cover every triangle exactly once. */
function rangesTile(ranges: SurfaceRange[], count: number): boolean {
  const sorted = ranges.filter((r) => r.last >= r.first).sort((p, q) => p.first - q.first);
  let next = 0;
  for (const r of sorted) {
    if (r.first !== next) return false;
    next = r.last + 1;
  }
  return next === count;
}

/**
 * A native copy. Unless the input was a Uint32Array (the common case: nothing for the copy
 * to change), one pass finds any value the copy changed (non-integer, negative, huge) or
 * out of range; a Uint32Array's range is checked where surfaceBox reads every index.
 */
function toUint32(values: ArrayLike<number>, vertexCount: number, where: string): Uint32Array {
  if (values instanceof Uint32Array) return values.slice();
  const out = Uint32Array.from(values);
  for (let i = 0; i < out.length; i++) {
    if (out[i]! >= vertexCount || out[i] !== values[i]) throw badIndex(where, i, values[i]!, vertexCount);
  }
  return out;
}

function badIndex(where: string, at: number, value: number, vertexCount: number): SurfcdError {
  return new SurfcdError('INVALID_MESH', `${where}: indices[${at}] is ${value}, expected an integer vertex index in [0, ${vertexCount - 1}]`);
}

function sequentialIndices(vertexCount: number, where: string): Uint32Array {
  if (vertexCount % 3 !== 0) throw new SurfcdError('INVALID_MESH', `${where}: no indices and ${vertexCount} vertices; unindexed meshes need 3 vertices per triangle`);
  const out = new Uint32Array(vertexCount);
  for (let i = 0; i < vertexCount; i++) out[i] = i;
  return out;
}
