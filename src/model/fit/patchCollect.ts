/**
 * The vertices of one face for buildPatch (patch.ts): local indices, the index range check
 * and the bounding box in one pass over the face's indices, on scratch that
 * needs no clearing per call.
 */
import { SurfcdError } from '../../errors.js';
import type { PatchScratch } from './patchBuffers.js';

export const badIndex = (t: number, g: number, vertexCount: number): SurfcdError =>
  new SurfcdError('INVALID_MESH', `fitSurface: indices[${t}] = ${g} is not a vertex index (0..${vertexCount - 1})`);

/** Largest vertex lookup kept as scratch (two 4-byte entries each). */
const DIRECT_LOOKUP = 1 << 21;

/**
 * Fills `tri` with local vertex indices and returns the global index of each local vertex
 * (a view, read only inside buildPatch), in order of first use; the vertices' bounding box
 * goes into `scratch.collectedBox` (one pass over the indices instead of three, a lookup over
 * the part's vertices that the stamp needs no clearing for). Checks the index range; a
 * non-finite position is reported after the pass, as the first in that order.
 */
export function collect(indices: ArrayLike<number>, base: number, end: number, vertexCount: number, positions: ArrayLike<number>, tri: Uint32Array, scratch: PatchScratch): Uint32Array {
  const n = end - base;
  if (scratch.globalScratch.length < n) scratch.globalView = (scratch.globalScratch = new Uint32Array(2 * n)).subarray(0, 0);
  if (scratch.collectedPositions.length < 3 * n) scratch.collectedPositions = new Float64Array(6 * n);
  // the lookup covers the part's vertices; on a huge part only the face's index window
  // (one more pass), and a map when even that is huge (scratch stays ≤ DIRECT_LOOKUP entries)
  let lo = 0, size = vertexCount;
  if (vertexCount > DIRECT_LOOKUP) {
    let min = Infinity, max = -Infinity;
    for (let t = base; t < end; t++) {
      const g = indices[t]!;
      if (g < min) min = g;
      if (g > max) max = g;
    }
    lo = Math.max(0, Math.min(vertexCount - 1, min)) | 0;
    size = Math.min(vertexCount - 1, max) - lo + 1;
    if (!(size <= DIRECT_LOOKUP)) return collectByMap(indices, base, end, vertexCount, positions, tri, scratch);
  }
  if (scratch.slot.length < size) {
    scratch.slot = new Int32Array(Math.min(DIRECT_LOOKUP, size + (size >> 1)));
    scratch.stamp = new Uint32Array(scratch.slot.length);
    scratch.mark = 0;
  }
  if (++scratch.mark === 0xffffffff) {
    scratch.stamp.fill(0);
    scratch.mark = 1;
  }
  // locals, not the scratch's fields: each read of those in the loop would be a load
  const globalOf = scratch.globalScratch, st = scratch.stamp, sl = scratch.slot, mk = scratch.mark, raw = scratch.collectedPositions;
  let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity;
  let badAt = -1;
  let m = 0;
  for (let t = base; t < end; t++) {
    const g = indices[t]!;
    if (!(g >= 0 && g < vertexCount)) throw badIndex(t, g, vertexCount);
    const k = g - lo;
    let l: number;
    if (st[k] === mk) l = sl[k]!;
    else {
      st[k] = mk;
      l = m++;
      sl[k] = l;
      globalOf[l] = g;
      const x = positions[g * 3]!, y = positions[g * 3 + 1]!, z = positions[g * 3 + 2]!;
      raw[l * 3] = x;
      raw[l * 3 + 1] = y;
      raw[l * 3 + 2] = z;
      if (!Number.isFinite(x + y + z)) {
        if (badAt < 0) badAt = g;
      } else {
        if (x < lx) lx = x;
        if (x > hx) hx = x;
        if (y < ly) ly = y;
        if (y > hy) hy = y;
        if (z < lz) lz = z;
        if (z > hz) hz = z;
      }
    }
    tri[t - base] = l;
  }
  return finishCollect(positions, badAt, m, lx, ly, lz, hx, hy, hz, scratch);
}

/** `collect` for a face whose vertex indices span more than DIRECT_LOOKUP (a map from index to local index). */
function collectByMap(indices: ArrayLike<number>, base: number, end: number, vertexCount: number, positions: ArrayLike<number>, tri: Uint32Array, scratch: PatchScratch): Uint32Array {
  const local = new Map<number, number>();
  const globalOf = scratch.globalScratch, raw = scratch.collectedPositions;
  let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity;
  let badAt = -1;
  let m = 0;
  for (let t = base; t < end; t++) {
    const g = indices[t]!;
    if (!(g >= 0 && g < vertexCount)) throw badIndex(t, g, vertexCount);
    let l = local.get(g);
    if (l === undefined) {
      l = m++;
      local.set(g, l);
      globalOf[l] = g;
      const x = positions[g * 3]!, y = positions[g * 3 + 1]!, z = positions[g * 3 + 2]!;
      raw[l * 3] = x;
      raw[l * 3 + 1] = y;
      raw[l * 3 + 2] = z;
      if (!Number.isFinite(x + y + z)) {
        if (badAt < 0) badAt = g;
      } else {
        if (x < lx) lx = x;
        if (x > hx) hx = x;
        if (y < ly) ly = y;
        if (y > hy) hy = y;
        if (z < lz) lz = z;
        if (z > hz) hz = z;
      }
    }
    tri[t - base] = l;
  }
  return finishCollect(positions, badAt, m, lx, ly, lz, hx, hy, hz, scratch);
}

/** Reports the first non-finite position, stores the bounding box, returns the local → global view. */
function finishCollect(positions: ArrayLike<number>, badAt: number, m: number, lx: number, ly: number, lz: number, hx: number, hy: number, hz: number, scratch: PatchScratch): Uint32Array {
  if (badAt >= 0) {
    const x = positions[badAt * 3]!, y = positions[badAt * 3 + 1]!;
    const k = badAt * 3 + (!Number.isFinite(x) ? 0 : !Number.isFinite(y) ? 1 : 2);
    throw new SurfcdError('INVALID_MESH', `fitSurface: positions[${k}] is ${positions[k]}, expected a finite number`);
  }
  const box = scratch.collectedBox;
  box[0] = lx; box[1] = ly; box[2] = lz; box[3] = hx; box[4] = hy; box[5] = hz;
  // the same view again for a face of the last one's size (see patchBuffers.ts)
  if (scratch.globalView.length !== m) scratch.globalView = scratch.globalScratch.subarray(0, m);
  return scratch.globalView;
}

