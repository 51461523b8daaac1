import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Matrix4, Quaternion, Vector3 } from 'three';
import {
  aabbMagnitude,
  aabbsOverlap,
  aabbToObject,
  emptyAabb,
  expandAabbByPoint,
  growAabb,
  intersectAabbs,
  isEmptyAabb,
  transformAabb,
  unionAabb,
  type Aabb,
} from '../../src/math/aabb.js';
import { identityRigid, toRigid, transformPointInto } from '../../src/math/rigid.js';

/** Uniform in value (fc.double is uniform over representations, so it crowds around 0). */
const uniform = (r: number) => fc.noBias(fc.integer({ min: -(2 ** 30), max: 2 ** 30 })).map((i) => (r * i) / 2 ** 30);
/** Mostly uniform, sometimes fc.double's tiny, extreme and exactly-zero values. */
const d = (r: number) => fc.oneof({ weight: 3, arbitrary: uniform(r) }, { weight: 1, arbitrary: fc.double({ min: -r, max: r, noNaN: true }) });
const point = fc.tuple(d(100), d(100), d(100));
const box = fc.tuple(point, point).map(([p, q]) => new Float64Array([
  Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.min(p[2], q[2]),
  Math.max(p[0], q[0]), Math.max(p[1], q[1]), Math.max(p[2], q[2]),
]));
const rigid = fc
  .tuple(d(1), d(1), d(1), d(1), point)
  .filter(([w, x, y, z]) => Math.hypot(w, x, y, z) > 0.1)
  .map(([w, x, y, z, t]) => toRigid(new Matrix4().compose(new Vector3(...t), new Quaternion(x, y, z, w).normalize(), new Vector3(1, 1, 1))));

function corners(b: Aabb): number[][] {
  const out: number[][] = [];
  for (let k = 0; k < 8; k++) out.push([k & 1 ? b[3]! : b[0]!, k & 2 ? b[4]! : b[1]!, k & 4 ? b[5]! : b[2]!]);
  return out;
}

function contains(b: Aabb, p: ArrayLike<number>): boolean {
  return b[0]! <= p[0]! && p[0]! <= b[3]! && b[1]! <= p[1]! && p[1]! <= b[4]! && b[2]! <= p[2]! && p[2]! <= b[5]!;
}

describe('empty boxes and expansion', () => {
  it('an empty box is empty until a point goes in; then it is exactly the bounds', () => {
    const b = emptyAabb();
    expect(isEmptyAabb(b)).toBe(true);
    expect(aabbMagnitude(b)).toBe(0);
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 30 }), (pts) => {
        const b = emptyAabb();
        for (const p of pts) expandAabbByPoint(b, ...p);
        expect(isEmptyAabb(b)).toBe(false);
        for (const p of pts) expect(contains(b, p)).toBe(true);
        for (let c = 0; c < 3; c++) {
          expect(b[c]).toBe(Math.min(...pts.map((p) => p[c]!)));
          expect(b[c + 3]).toBe(Math.max(...pts.map((p) => p[c]!)));
        }
        expect(aabbMagnitude(b)).toBe(Math.max(...pts.flat().map(Math.abs)));
      }),
      { numRuns: 100 },
    );
  });

  it('a box of one point is not empty; NaN boxes count as empty', () => {
    const b = emptyAabb();
    expandAabbByPoint(b, 1, 2, 3);
    expect(isEmptyAabb(b)).toBe(false);
    expect(aabbToObject(b)).toEqual({ min: [1, 2, 3], max: [1, 2, 3] });
    expect(isEmptyAabb(new Float64Array([NaN, 0, 0, 1, 1, 1]))).toBe(true);
  });
});

describe('union, overlap, intersection, growth', () => {
  it('union contains both and is tight; the empty box is neutral', () => {
    fc.assert(
      fc.property(box, box, (a, b) => {
        const u = unionAabb(a, b);
        for (const p of [...corners(a), ...corners(b)]) expect(contains(u, p)).toBe(true);
        for (let i = 0; i < 3; i++) {
          expect(u[i]).toBe(Math.min(a[i]!, b[i]!));
          expect(u[i + 3]).toBe(Math.max(a[i + 3]!, b[i + 3]!));
        }
        expect([...unionAabb(a, emptyAabb())]).toEqual([...a]);
      }),
      { numRuns: 100 },
    );
  });

  it('overlap is inclusive: shared faces, edges and corners overlap; one ulp apart does not', () => {
    const a = new Float64Array([0, 0, 0, 1, 1, 1]);
    expect(aabbsOverlap(a, new Float64Array([1, 0, 0, 2, 1, 1]))).toBe(true); // face
    expect(aabbsOverlap(a, new Float64Array([1, 1, 0, 2, 2, 1]))).toBe(true); // edge
    expect(aabbsOverlap(a, new Float64Array([1, 1, 1, 2, 2, 2]))).toBe(true); // corner
    expect(aabbsOverlap(a, new Float64Array([0.5, 0.5, 0.5, 0.5, 0.5, 0.5]))).toBe(true); // point inside
    // every face, from both sides, in both argument orders
    for (let axis = 0; axis < 3; axis++) {
      for (const side of [-1, 1]) {
        const b = Float64Array.from(a);
        b[axis] = side > 0 ? 1 : -1;
        b[axis + 3] = side > 0 ? 2 : 0;
        expect(aabbsOverlap(a, b)).toBe(true);
        expect(aabbsOverlap(b, a)).toBe(true);
        const c = Float64Array.from(b);
        if (side > 0) c[axis] = 1 + Number.EPSILON; else c[axis + 3] = -Number.MIN_VALUE;
        expect(aabbsOverlap(a, c)).toBe(false);
        expect(aabbsOverlap(c, a)).toBe(false);
      }
    }
    const next = 1 + Number.EPSILON;
    expect(aabbsOverlap(a, new Float64Array([next, 0, 0, 2, 1, 1]))).toBe(false);
    expect(aabbsOverlap(a, new Float64Array([0, 0, -1, 1, 1, -Number.MIN_VALUE]))).toBe(false);
    expect(aabbsOverlap(a, emptyAabb())).toBe(false);
    expect(aabbsOverlap(emptyAabb(), emptyAabb())).toBe(false);
  });

  it('overlap agrees with a point-sampling definition and with intersectAabbs', () => {
    // half the cases: b shifted so that one of its faces lies exactly on one of a's
    const touching = fc.tuple(box, box, fc.integer({ min: 0, max: 2 }), fc.boolean()).map(([a, b, axis, up]) => {
      const shift = up ? a[axis + 3]! - b[axis]! : a[axis]! - b[axis + 3]!;
      const moved = Float64Array.from(b);
      moved[axis] = moved[axis]! + shift;
      moved[axis + 3] = moved[axis + 3]! + shift;
      // exact touching only where the shift is exact; keep those
      return [a, moved] as const;
    });
    fc.assert(
      fc.property(fc.oneof(fc.tuple(box, box), touching), ([a, b]) => {
        const overlap = aabbsOverlap(a, b);
        expect(aabbsOverlap(b, a)).toBe(overlap);
        const out = new Float64Array(6);
        expect(intersectAabbs(a, b, out)).toBe(overlap);
        // independent: the intervals overlap on every axis iff some point is in both boxes
        const witness = [0, 1, 2].map((c) => Math.max(a[c]!, b[c]!));
        expect(contains(a, witness) && contains(b, witness)).toBe(overlap);
        if (overlap) {
          for (let c = 0; c < 3; c++) {
            expect(out[c] === Math.max(a[c]!, b[c]!)).toBe(true); // (== : ±0 alike)
            expect(out[c + 3] === Math.min(a[c + 3]!, b[c + 3]!)).toBe(true);
          }
          for (const p of corners(out)) expect(contains(a, p) && contains(b, p)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('growAabb moves every face out by the margin, in place or into out', () => {
    const b = new Float64Array([0, 1, 2, 3, 4, 5]);
    const g = growAabb(b, 0.5, new Float64Array(6));
    expect([...g]).toEqual([-0.5, 0.5, 1.5, 3.5, 4.5, 5.5]);
    expect([...b]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(growAabb(b, 1)).toBe(b);
    expect([...b]).toEqual([-1, 0, 1, 4, 5, 6]);
  });
});

describe('transformAabb (cover box after a rigid motion)', () => {
  it('contains every transformed corner and is tight (each face touches one)', () => {
    fc.assert(
      fc.property(box, rigid, (b, m) => {
        const out = transformAabb(b, m);
        const moved = corners(b).map((p) => {
          const o = new Float64Array(3);
          transformPointInto(m, p, 0, o, 0);
          return o;
        });
        const scale = 1e-12 * (aabbMagnitude(b) + Math.abs(m[3]!) + Math.abs(m[7]!) + Math.abs(m[11]!) + 1);
        for (const p of moved) {
          for (let c = 0; c < 3; c++) {
            expect(p[c]!).toBeGreaterThanOrEqual(out[c]! - scale);
            expect(p[c]!).toBeLessThanOrEqual(out[c + 3]! + scale);
          }
        }
        for (let c = 0; c < 3; c++) {
          expect(Math.abs(Math.min(...moved.map((p) => p[c]!)) - out[c]!)).toBeLessThanOrEqual(scale);
          expect(Math.abs(Math.max(...moved.map((p) => p[c]!)) - out[c + 3]!)).toBeLessThanOrEqual(scale);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the identity keeps the box; a translation shifts it; an empty box stays empty', () => {
    const b = new Float64Array([-1, -2, -3, 1, 2, 3]);
    expect([...transformAabb(b, identityRigid())]).toEqual([...b]);
    const t = identityRigid();
    t[3] = 10; t[7] = 20; t[11] = 30;
    expect([...transformAabb(b, t)]).toEqual([9, 18, 27, 11, 22, 33]);
    // 90° about z swaps x and y extents
    const r = toRigid([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect([...transformAabb(b, r)]).toEqual([-2, -1, -3, 2, 1, 3]);
    for (const m of [identityRigid(), r, toRigid(new Matrix4().makeRotationAxis(new Vector3(1, 1, 1).normalize(), 0.4))]) {
      const out = transformAabb(emptyAabb(), m);
      expect(isEmptyAabb(out)).toBe(true);
      expect([...out].some(Number.isNaN)).toBe(false);
      expect(aabbsOverlap(out, b)).toBe(false);
      expect([...unionAabb(out, b)]).toEqual([...b]);
    }
  });
});
