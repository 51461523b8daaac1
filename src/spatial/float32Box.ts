// Float32 boxes halve the index size; rounding each bound outward keeps them conservative.
import { SurfcdError } from '../errors.js';

const f32 = new Float32Array(1);
const bits = new Int32Array(f32.buffer);

/** Largest float32 ≤ v. */
export function floatDown(v: number): number {
  f32[0] = v;
  const r = f32[0]!;
  if (r <= v) return r;
  // r > v: step one float32 toward −∞
  if (r === 0) return -1.401298464324817e-45;
  bits[0] = r > 0 ? bits[0]! - 1 : bits[0]! + 1;
  return f32[0]!;
}

/** Smallest float32 ≥ v. */
export function floatUp(v: number): number {
  f32[0] = v;
  const r = f32[0]!;
  if (r >= v) return r;
  if (r === 0) return 1.401298464324817e-45;
  bits[0] = r > 0 ? bits[0]! + 1 : bits[0]! - 1;
  return f32[0]!;
}

/**
 * Elements per call of the loop below (and of the other per-item loops of a cold build): a
 * call short enough that V8 never compiles its loop on-stack (a second optimizing compile
 * of the same function) when the function turns hot in the middle of a long run.
 */
export const CHUNK = 2048;

/**
 * float32 bit patterns (as int32) ↔ order keys, in place over view[from..to): an order key
 * compares as an int32 exactly as its float compares (−0 just below +0; no NaNs here), and
 * consecutive floats have consecutive keys. The map is its own inverse.
 */
export function keysFromFloat32(view: Int32Array, from: number, to: number): void {
  for (let at = from; at < to; at += CHUNK) flipKeys(view, at, at + CHUNK < to ? at + CHUNK : to);
}

function flipKeys(view: Int32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const b = view[i]!;
    view[i] = b ^ ((b >> 31) & 0x7fffffff);
  }
}

/** The sign bit as an int32: XOR-ing it into two words makes their signed order the unsigned one. */
const SIGN = 1 << 31;
/** Where a double's low and high 32-bit words sit in an Int32Array view (the platform's byte order). */
const LOW = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 0 : 1;
const HIGH = 1 - LOW;

/**
 * out[0..length) = order keys of boxes[0..length) (6 per box: min xyz, max xyz) rounded
 * outward to float32: floatDown for mins, floatUp for maxes, key for key. The engine
 * rounds to nearest in one native copy; where that went inward, the key steps one outward
 * (consecutive floats have consecutive keys). The rounded value is compared with the input
 * on the doubles' 32-bit words: a cold process runs this loop interpreted, where every
 * float read is a heap allocation and every int32 is not. `widened` (at least `length`
 * long, scratch of the caller's) receives the rounded values back in float64, whose words
 * are compared with the input's.
 */
export function outwardKeys(boxes: Float64Array, length: number, out: Int32Array, widened: Float64Array): void {
  if (widened.length < length) throw new SurfcdError('INVALID_ARGUMENT', `outwardKeys: scratch of ${widened.length} values for ${length} bounds`);
  new Float32Array(out.buffer, out.byteOffset, length).set(boxes.subarray(0, length)); // round to nearest
  widened.set(new Float32Array(out.buffer, out.byteOffset, length)); // exact
  const input = new Int32Array(boxes.buffer, boxes.byteOffset, 2 * length);
  const rounded = new Int32Array(widened.buffer, widened.byteOffset, 2 * length);
  const low = LOW, high = HIGH, sign = SIGN; // locals: a module-level read is a context load and a hole check
  for (let i = 0; i < length; i++) {
    let key = out[i]!;
    key ^= (key >> 31) & 0x7fffffff;
    const lo = input[2 * i + low]!, hi = input[2 * i + high]!, roundedLo = rounded[2 * i + low]!, roundedHi = rounded[2 * i + high]!;
    if (lo !== roundedLo || hi !== roundedHi) {
      // Same sign (rounding keeps it): compare magnitudes, high words first.
      const larger = hi !== roundedHi ? roundedHi > hi : (roundedLo ^ sign) > (lo ^ sign);
      const above = (hi >= 0) === larger; // rounded > input
      if (i % 6 < 3) {
        if (above) key--;
      } else if (!above) key++;
    }
    out[i] = key;
  }
}
