// Per-part cache of triangle records (issue 14): A's triangles are tested in A's own frame,
// so a triangle's normal and edge lengths are the same in every query and every pair; they
// are computed once, lazily per surface, instead of once per candidate pair.
import { RECORD, triangleRecord } from '../math/trianglePrepared.js';
import type { Part } from '../model/types.js';

export interface TriangleRecords {
  /** RECORD floats per triangle of the part (valid for surfaces marked in `ready`). */
  readonly records: Float64Array;
  /** 1 once a surface's records are filled. */
  readonly ready: Uint8Array;
}

const cache = new WeakMap<Part, TriangleRecords>();

export function triangleRecordsOf(part: Part): TriangleRecords {
  let r = cache.get(part);
  if (r === undefined) {
    r = { records: new Float64Array(RECORD * (part.indices.length / 3)), ready: new Uint8Array(part.surfaces.length) };
    cache.set(part, r);
  }
  return r;
}

/** Fills the records of one surface's triangles. */
export function fillSurfaceRecords(part: Part, surface: number, into: TriangleRecords): void {
  const { positions, indices } = part;
  const s = part.surfaces[surface]!;
  for (let t = s.firstTriangle, end = t + s.triangleCount; t < end; t++) {
    const i = 3 * indices[3 * t]!, j = 3 * indices[3 * t + 1]!, k = 3 * indices[3 * t + 2]!;
    triangleRecord(
      positions[i]!, positions[i + 1]!, positions[i + 2]!, positions[j]!, positions[j + 1]!, positions[j + 2]!,
      positions[k]!, positions[k + 1]!, positions[k + 2]!, into.records, RECORD * t,
    );
  }
  into.ready[surface] = 1;
}

/** Bytes the records of a part take (every surface filled or not: the array is allocated whole). */
export function triangleRecordBytes(part: Part): number {
  return cache.get(part)?.records.byteLength ?? 0;
}
