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

const grow = (n: number): number => Math.max(1024, 2 * n);

/** Scratch Float64Array of `length` (slot 0 or 1), contents undefined. */
export function scratchF64(slot: 0 | 1, length: number): Float64Array {
  if (slot === 0) {
    if (f64A.length < length) f64A = new Float64Array(grow(length));
    return f64A.subarray(0, length);
  }
  if (f64B.length < length) f64B = new Float64Array(grow(length));
  return f64B.subarray(0, length);
}

/** Scratch Uint32Array of `length`, contents undefined. */
export function scratchU32(length: number): Uint32Array {
  if (u32.length < length) u32 = new Uint32Array(grow(length));
  return u32.subarray(0, length);
}

/** Scratch Uint8Array of `length`, contents undefined. */
export function scratchU8(length: number): Uint8Array {
  if (u8.length < length) u8 = new Uint8Array(grow(length));
  return u8.subarray(0, length);
}
