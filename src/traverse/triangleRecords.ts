// Per-part cache of triangle records: A's triangles are tested in A's own frame,
// so a triangle's normal and edge lengths are the same in every query and every pair; they
// are computed once per surface, on its first exact test, instead of once per candidate pair.
// Only surfaces that reach the triangle test are allocated (RECORD floats per triangle).
import { RECORD, triangleRecord } from '../math/trianglePrepared.js';
import type { Part } from '../model/types.js';
import { derivedOf, type DerivedKind } from '../model/derived.js';

/** Per surface of a part: its triangles' records, or null until first needed. */
export type TriangleRecords = (Float64Array | null)[];

/** Kept with the part, and by the cache: each filled surface's records as they are. */
const RECORDS: DerivedKind<TriangleRecords> = {
  name: 'triangle-records',
  encode: (records) => (records.some((r) => r !== null) ? records.map((r) => r ?? 0) : undefined),
  decode: (data, part) => {
    if (!Array.isArray(data) || data.length !== part.surfaces.length) throw new Error('records do not fit the part');
    return data.map((r, i) => {
      if (r === 0) return null;
      if (!(r instanceof Float64Array) || r.length !== RECORD * part.surfaces[i]!.triangleCount) throw new Error('records do not fit the surface');
      return r;
    });
  },
};

export function triangleRecordsOf(part: Part): TriangleRecords {
  const derived = derivedOf(part);
  return derived.get(RECORDS, part) ?? derived.of(RECORDS, part, () => new Array<Float64Array | null>(part.surfaces.length).fill(null), true);
}

/** The records of one surface's triangles (triangle t at RECORD · (t − firstTriangle)), filled on first use. */
export function surfaceRecords(part: Part, surface: number, records: TriangleRecords): Float64Array {
  const known = records[surface];
  if (known) return known;
  const { positions, indices } = part;
  const s = part.surfaces[surface]!;
  const out = new Float64Array(RECORD * s.triangleCount);
  for (let n = 0; n < s.triangleCount; n++) {
    const t = s.firstTriangle + n;
    const i = 3 * indices[3 * t]!, j = 3 * indices[3 * t + 1]!, k = 3 * indices[3 * t + 2]!;
    triangleRecord(
      positions[i]!, positions[i + 1]!, positions[i + 2]!, positions[j]!, positions[j + 1]!, positions[j + 2]!,
      positions[k]!, positions[k + 1]!, positions[k + 2]!, out, RECORD * n,
    );
  }
  records[surface] = out;
  derivedOf(part).touch(RECORDS);
  return out;
}

/** Bytes the records of a part take now. */
export function triangleRecordBytes(part: Part): number {
  let bytes = 0;
  for (const r of derivedOf(part).get(RECORDS, part) ?? []) bytes += r?.byteLength ?? 0;
  return bytes;
}
