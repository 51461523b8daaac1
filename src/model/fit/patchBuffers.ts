/**
 * Reusable arrays for a patch that lives only inside one `fitSurface` call (issue 14): five
 * typed arrays per surface were most of building a patch (each a zeroed off-heap block and
 * work for the collector). Every call gets views over the same growing buffers, so a patch
 * built this way must not be kept past the call; diagnostics build their own.
 */
let f64A = new Float64Array(3072);
let f64B = new Float64Array(3072);
let u32 = new Uint32Array(3072);
let u8 = new Uint8Array(1024);
// the last view of each buffer: consecutive patches of one size (a part's many small faces)
// get the same view again instead of a new typed-array object (issue 14: five views per
// surface were a tenth of fitting a 2-triangle face)
let viewA = f64A.subarray(0, 0);
let viewB = f64B.subarray(0, 0);
let viewU32 = u32.subarray(0, 0);
let viewU8 = u8.subarray(0, 0);

const grow = (n: number): number => Math.max(1024, 2 * n);

/** Scratch Float64Array of `length` (slot 0 or 1), contents undefined. */
export function scratchF64(slot: 0 | 1, length: number): Float64Array {
  if (slot === 0) {
    if (f64A.length < length) viewA = (f64A = new Float64Array(grow(length))).subarray(0, length);
    else if (viewA.length !== length) viewA = f64A.subarray(0, length);
    return viewA;
  }
  if (f64B.length < length) viewB = (f64B = new Float64Array(grow(length))).subarray(0, length);
  else if (viewB.length !== length) viewB = f64B.subarray(0, length);
  return viewB;
}

/** Scratch Uint32Array of `length`, contents undefined. */
export function scratchU32(length: number): Uint32Array {
  if (u32.length < length) viewU32 = (u32 = new Uint32Array(grow(length))).subarray(0, length);
  else if (viewU32.length !== length) viewU32 = u32.subarray(0, length);
  return viewU32;
}

/** Scratch Uint8Array of `length`, contents undefined. */
export function scratchU8(length: number): Uint8Array {
  if (u8.length < length) viewU8 = (u8 = new Uint8Array(grow(length))).subarray(0, length);
  else if (viewU8.length !== length) viewU8 = u8.subarray(0, length);
  return viewU8;
}
