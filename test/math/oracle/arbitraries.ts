/**
 * fast-check generators of triangle pairs with small integer coordinates, biased towards
 * the configurations that break triangle tests: shared vertices and edges, coplanar
 * pairs (also tilted by an integer matrix), segments and points, near misses.
 * Small integers keep every float operation exact, so the BigInt oracle is the truth.
 */
import fc from 'fast-check';

export type Pair = { p: Float64Array; q: Float64Array };

const tri = (range: number): fc.Arbitrary<number[]> =>
  fc.array(fc.integer({ min: -range, max: range }), { minLength: 9, maxLength: 9 });

const pair = (p: number[], q: number[]): Pair => ({ p: Float64Array.from(p), q: Float64Array.from(q) });

/** Independent triangles in [-4, 4]³ (or a tighter cube, where degeneracies abound). */
const independent = fc.oneof(
  fc.tuple(tri(4), tri(4)),
  fc.tuple(tri(1), tri(1)),
  fc.tuple(tri(2), tri(2)),
);

/** q reuses some of p's vertices: shared vertex / shared edge / identical triangles. */
const sharing = fc
  .tuple(tri(3), tri(3), fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 3, maxLength: 3 }))
  .map(([p, q, picks]) => {
    const r = q.slice();
    picks.forEach((src, v) => {
      if (src >= 0) for (let k = 0; k < 3; k++) r[3 * v + k] = p[3 * src + k]!;
    });
    return [p, r] as [number[], number[]];
  });

/** Both triangles in the plane z = 0 (tilted later by `transformed`). */
const coplanar = fc.tuple(tri(3), tri(3)).map(([p, q]) => {
  for (let i = 2; i < 9; i += 3) { p[i] = 0; q[i] = 0; }
  return [p, q] as [number[], number[]];
});

/** Makes a triangle collinear (c = a + k·(b − a)) or a point. */
function degenerate(t: number[], how: number): number[] {
  const r = t.slice();
  for (let k = 0; k < 3; k++) {
    if (how === 3) { r[3 + k] = r[k]!; r[6 + k] = r[k]!; }
    else r[6 + k] = r[k]! + (how - 1) * (r[3 + k]! - r[k]!); // k = −1, 0, 1 → c before a, = a, = b
  }
  if (how === 4) for (let k = 0; k < 3; k++) r[6 + k] = 2 * r[3 + k]! - r[k]!; // c beyond b
  return r;
}

const degenerates = fc
  .tuple(fc.oneof(independent, sharing, coplanar), fc.integer({ min: 0, max: 4 }), fc.integer({ min: -1, max: 4 }))
  .map(([[p, q], hp, hq]) => [degenerate(p, hp), hq < 0 ? q : degenerate(q, hq)] as [number[], number[]]);

/** Applies x ↦ M·x + t with a random invertible integer M: intersection is affine-invariant. */
const transformed = fc
  .tuple(
    fc.oneof(coplanar, sharing, degenerates),
    fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 9, maxLength: 9 }).filter((m) => det3(m) !== 0),
    fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 3, maxLength: 3 }),
  )
  .map(([[p, q], m, t]) => [affine(p, m, t), affine(q, m, t)] as [number[], number[]]);

/** Only the touchy kinds: shared features, coplanar pairs and degenerate ones among them. */
export const touchyPairs: fc.Arbitrary<Pair> = fc
  .oneof(sharing, coplanar, fc.tuple(coplanar, fc.integer({ min: 0, max: 4 })).map(([[p, q], h]) => [degenerate(p, h), q] as [number[], number[]]))
  .map(([p, q]) => pair(p, q));

/** The general mix used by the oracle properties. */
export const pairs: fc.Arbitrary<Pair> = fc
  .oneof(independent, sharing, coplanar, degenerates, transformed)
  .map(([p, q]) => pair(p, q));

export function det3(m: readonly number[]): number {
  return m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) - m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) + m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
}

export function affine(t: readonly number[], m: readonly number[], d: readonly number[]): number[] {
  const r: number[] = [];
  for (let v = 0; v < 9; v += 3) {
    for (let i = 0; i < 3; i++) r.push(m[3 * i]! * t[v]! + m[3 * i + 1]! * t[v + 1]! + m[3 * i + 2]! * t[v + 2]! + d[i]!);
  }
  return r;
}

/** Reorders the vertices of t by the permutation `perm` (indices 0..2). */
export function permute(t: Float64Array, perm: readonly number[]): Float64Array {
  const r = new Float64Array(9);
  for (let v = 0; v < 3; v++) for (let k = 0; k < 3; k++) r[3 * v + k] = t[3 * perm[v]! + k]!;
  return r;
}

export const PERMUTATIONS: readonly (readonly number[])[] = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 2, 1], [2, 1, 0], [1, 0, 2]];

export function mapCoords(t: Float64Array, f: (x: number, axis: number) => number): Float64Array {
  return t.map((x, i) => f(x, i % 3));
}

/** A random rotation (unit quaternion) applied in floats, then scale and offset. */
export function rotate(t: Float64Array, quat: readonly number[], scale: number, offset: readonly number[]): Float64Array {
  const [a, b, c, d] = quat as [number, number, number, number];
  const m = [
    a * a + b * b - c * c - d * d, 2 * (b * c - a * d), 2 * (b * d + a * c),
    2 * (b * c + a * d), a * a - b * b + c * c - d * d, 2 * (c * d - a * b),
    2 * (b * d - a * c), 2 * (c * d + a * b), a * a - b * b - c * c + d * d,
  ];
  const r = new Float64Array(9);
  for (let v = 0; v < 9; v += 3) {
    for (let i = 0; i < 3; i++) {
      r[v + i] = (m[3 * i]! * t[v]! + m[3 * i + 1]! * t[v + 1]! + m[3 * i + 2]! * t[v + 2]!) * scale + offset[i]!;
    }
  }
  return r;
}

/** Uniform-ish random rotations (fc.double would favour axis-aligned ones). */
export const unitQuaternion: fc.Arbitrary<number[]> = fc
  .array(fc.integer({ min: -(2 ** 30), max: 2 ** 30 }).map((i) => i * 2 ** -30), { minLength: 4, maxLength: 4 })
  .filter((q) => Math.hypot(...q) > 0.1)
  .map((q) => {
    const l = Math.hypot(...q);
    return q.map((x) => x / l);
  });
