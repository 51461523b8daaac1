// Float32 boxes halve the index size; rounding each bound outward keeps them conservative.
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
