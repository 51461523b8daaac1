// Order keys of float32 values (the integer form the packed builder and the triangle boxes
// work in) and the triangle boxes made from them: ordered as the floats, their own inverse,
// and boxes that hold every triangle while staying within two float32 steps of it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partFromMesh, triangleTreeOf } from '../../src/index.js';
import { floatDown, floatUp, keysFromFloat32, outwardKeys } from '../../src/spatial/float32Box.js';

const float32 = fc.float({ noNaN: true });
const keyOf = (v: number): number => {
  const k = new Int32Array(new Float32Array([v]).buffer);
  keysFromFloat32(k, 0, 1);
  return k[0]!;
};

/** The float32 `steps` steps above v (below for negative steps), through its bits. */
function stepped(v: number, steps: number): number {
  const k = new Int32Array([keyOf(v) + steps]);
  keysFromFloat32(k, 0, 1);
  return new Float32Array(k.buffer)[0]!;
}

describe('float32 order keys', () => {
  it('compare as the floats do (−0 just below +0) and map back to the same bits', () => {
    fc.assert(
      fc.property(float32, float32, (a, b) => {
        if (a < b) expect(keyOf(a)).toBeLessThan(keyOf(b));
        if (a > b) expect(keyOf(a)).toBeGreaterThan(keyOf(b));
        if (Object.is(a, b)) expect(keyOf(a)).toBe(keyOf(b));
        const k = new Int32Array(new Float32Array([a]).buffer);
        const bits = k[0];
        keysFromFloat32(k, 0, 1);
        keysFromFloat32(k, 0, 1);
        expect(k[0]).toBe(bits);
      }),
      { numRuns: 300 },
    );
    expect(keyOf(-0) + 1).toBe(keyOf(0));
    expect(stepped(1, 1)).toBe(1 + 2 ** -23);
  });

  it('triangle boxes hold their triangle and stay within two float32 steps of it, tiny to beyond-float32 coordinates', () => {
    const coordinate = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e-30, max: 1e-30, noNaN: true }), fc.constantFrom(0, -0, 1e39, -1e39, 3.4028235e38));
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate, coordinate), { minLength: 3, maxLength: 60 }), (points) => {
        const n = points.length - (points.length % 3);
        const part = partFromMesh({ name: 'p', positions: points.slice(0, n).flat() });
        const tree = triangleTreeOf(part.surfaces[0]!)!;
        for (let i = 0; i < n / 3; i++) {
          const id = tree.itemIds[i]!;
          for (let k = 0; k < 3; k++) {
            const vs = [0, 1, 2].map((j) => points[3 * id + j]![k]!);
            const lo = Math.min(...vs), hi = Math.max(...vs);
            const boxLo = tree.itemBoxes[6 * i + k]!, boxHi = tree.itemBoxes[6 * i + 3 + k]!;
            expect(boxLo).toBeLessThanOrEqual(lo);
            expect(boxHi).toBeGreaterThanOrEqual(hi);
            if (Math.abs(lo) < 3e38) expect(boxLo).toBeGreaterThanOrEqual(stepped(Math.fround(lo), -2));
            if (Math.abs(hi) < 3e38) expect(boxHi).toBeLessThanOrEqual(stepped(Math.fround(hi), 2));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('outward keys of float64 boxes are the keys of floatDown (mins) and floatUp (maxes), tiny to beyond-float32 values', () => {
    const value = fc.oneof(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.double({ min: -1e-40, max: 1e-40, noNaN: true }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      float32.filter(Number.isFinite), // exact: no step
      fc.constantFrom(0, -0, 1e39, -1e39, 3.4028235e38, -3.4028235e38, 1.401298464324817e-45, -1e-46, 1e-46),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 6, maxLength: 60 }), fc.nat(3), (values, offset) => {
        const n = values.length - (values.length % 6);
        // Views that do not start their buffers, as a caller's may not.
        const boxes = new Float64Array(n + offset).subarray(offset);
        boxes.set(values.slice(0, n));
        const out = new Int32Array(n + offset).subarray(offset);
        const widened = new Float64Array(n + 2 * offset).subarray(2 * offset);
        outwardKeys(boxes, n, out, widened);
        for (let i = 0; i < n; i++) expect(out[i]).toBe(keyOf(i % 6 < 3 ? floatDown(boxes[i]!) : floatUp(boxes[i]!)));
      }),
      { numRuns: 300 },
    );
  });

  it('outwardKeys refuses a scratch shorter than its bounds (one line naming both lengths)', () => {
    expect(() => outwardKeys(new Float64Array(12), 12, new Int32Array(12), new Float64Array(6))).toThrow('outwardKeys: scratch of 6 values for 12 bounds');
  });
});
