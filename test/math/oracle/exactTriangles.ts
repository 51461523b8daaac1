/**
 * Exact reference for triangle pairs, in BigInt: intersection by a separating-axis test
 * over a candidate set that is complete for possibly degenerate triangles, and the
 * squared distance as an exact rational. Deliberately a different formulation from
 * src/math (no orientation case analysis), and slow: tests only.
 *
 * Triangles are 9 bigints [x0 y0 z0 x1 y1 z1 x2 y2 z2]. Any float input can be made
 * integer exactly with toExactIntegers (a common power-of-two scale).
 */

type V = [bigint, bigint, bigint];

const sub = (a: V, b: V): V => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V, b: V): bigint => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V, b: V): V => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const isZero = (a: V): boolean => a[0] === 0n && a[1] === 0n && a[2] === 0n;
const vertices = (t: readonly bigint[]): V[] => [
  [t[0]!, t[1]!, t[2]!],
  [t[3]!, t[4]!, t[5]!],
  [t[6]!, t[7]!, t[8]!],
];

/**
 * Exact: do the closed triangles share a point? They are disjoint iff 0 ∉ D = P ⊖ Q,
 * iff some facet of D (in its affine hull) excludes 0. D's edges are parallel to edges
 * of P or Q (set E), so its facet normals are in E×E (3-D), (E×E)×E (in-plane, 2-D),
 * or — when D is a segment or a point — r⊥ = (e×r)×e and r itself, r = p0 − q0 ∈ D.
 * Along each candidate axis the projections are compared strictly.
 */
export function exactIntersect(p: readonly bigint[], q: readonly bigint[]): boolean {
  const P = vertices(p), Q = vertices(q);
  const E: V[] = [sub(P[1]!, P[0]!), sub(P[2]!, P[0]!), sub(P[2]!, P[1]!), sub(Q[1]!, Q[0]!), sub(Q[2]!, Q[0]!), sub(Q[2]!, Q[1]!)];
  const axes: V[] = [...E];
  for (let i = 0; i < E.length; i++) {
    for (let j = i + 1; j < E.length; j++) {
      const c = cross(E[i]!, E[j]!);
      if (isZero(c)) continue;
      axes.push(c);
      for (const e of E) axes.push(cross(c, e));
    }
  }
  const r = sub(P[0]!, Q[0]!);
  axes.push(r);
  for (const e of E) {
    const c = cross(e, r);
    axes.push(c, cross(c, e));
  }
  for (const w of axes) {
    if (isZero(w)) continue;
    let pMin = dot(w, P[0]!), pMax = pMin, qMin = dot(w, Q[0]!), qMax = qMin;
    for (let i = 1; i < 3; i++) {
      const a = dot(w, P[i]!), b = dot(w, Q[i]!);
      if (a < pMin) pMin = a;
      if (a > pMax) pMax = a;
      if (b < qMin) qMin = b;
      if (b > qMax) qMax = b;
    }
    if (pMax < qMin || qMax < pMin) return false;
  }
  return true;
}

/** A nonnegative rational num/den, den > 0. */
export type Rational = { num: bigint; den: bigint };

const less = (a: Rational, b: Rational): boolean => a.num * b.den < b.num * a.den;

/**
 * Exact squared distance between the closed triangles: 0 if they intersect, else the
 * minimum over the feature pairs where a closest pair can lie — vertex–vertex,
 * vertex–edge interior, vertex–face interior, and edge–edge interiors of non-parallel
 * edges (every other contact also has a closest pair among these).
 */
export function exactDistance2(p: readonly bigint[], q: readonly bigint[]): Rational {
  if (exactIntersect(p, q)) return { num: 0n, den: 1n };
  const P = vertices(p), Q = vertices(q);
  let best: Rational = { num: -1n, den: 1n };
  const offer = (r: Rational): void => {
    if (best.num < 0n || less(r, best)) best = r;
  };
  const edges = (T: V[]): [V, V][] => [[T[0]!, T[1]!], [T[1]!, T[2]!], [T[2]!, T[0]!]];
  for (const [A, B] of [[P, Q], [Q, P]] as const) {
    for (const x of A) {
      for (const y of B) {
        const d = sub(x, y);
        offer({ num: dot(d, d), den: 1n });
      }
      for (const [a, b] of edges(B)) {
        const d = sub(b, a), dd = dot(d, d), v = sub(x, a), t = dot(v, d);
        if (dd !== 0n && t > 0n && t < dd) offer({ num: dot(v, v) * dd - t * t, den: dd });
      }
      const n = cross(sub(B[1]!, B[0]!), sub(B[2]!, B[0]!)), nn = dot(n, n);
      if (nn !== 0n && edges(B).every(([a, b]) => dot(cross(sub(b, a), sub(x, a)), n) >= 0n)) {
        const h = dot(sub(x, B[0]!), n);
        offer({ num: h * h, den: nn });
      }
    }
  }
  for (const [a, b] of edges(P)) {
    for (const [c, d] of edges(Q)) {
      const u = sub(b, a), v = sub(d, c), w = cross(u, v), ww = dot(w, w);
      if (ww === 0n) continue;
      const r = sub(a, c);
      const A = dot(u, u), B = dot(u, v), C = dot(v, v), D = dot(u, r), E = dot(v, r);
      const sNum = B * E - C * D, tNum = A * E - B * D; // over ww = AC − B²
      if (sNum > 0n && sNum < ww && tNum > 0n && tNum < ww) {
        const h = dot(r, w);
        offer({ num: h * h, den: ww });
      }
    }
  }
  return best;
}

/** sqrt of a rational to ~1e-17 relative (each side keeps its top 60 bits). */
export function rationalSqrt(r: Rational): number {
  if (r.num === 0n) return 0;
  let sa = Math.max(0, bitLength(r.num) - 60);
  const sb = Math.max(0, bitLength(r.den) - 60);
  if ((sa - sb) % 2 !== 0) sa++;
  return Math.sqrt(Number(r.num >> BigInt(sa)) / Number(r.den >> BigInt(sb))) * 2 ** ((sa - sb) / 2);
}

function bitLength(x: bigint): number {
  return x.toString(2).length;
}

/**
 * Exact integer copies of two float triangles: all 18 coordinates multiplied by the same
 * 2^k (the smallest k ≥ 0 making them integers). Distances scale by 2^k.
 */
export function toExactIntegers(p: ArrayLike<number>, q: ArrayLike<number>): { p: bigint[]; q: bigint[]; k: number } {
  const parts: [bigint, number][] = [];
  for (const t of [p, q]) for (let i = 0; i < 9; i++) parts.push(dyadic(t[i]!));
  const k = Math.max(0, ...parts.map(([, e]) => -e));
  const ints = parts.map(([m, e]) => m << BigInt(e + k));
  return { p: ints.slice(0, 9), q: ints.slice(9), k };
}

/** x = m·2^e exactly, m an integer (finite x only). */
function dyadic(x: number): [bigint, number] {
  if (!Number.isFinite(x)) throw new Error(`not finite: ${x}`);
  let e = 0;
  while (!Number.isInteger(x)) {
    x *= 2; // exact: x has a fractional part, so it is far below the overflow range
    e--;
  }
  return [BigInt(x), e];
}

export function toBig(t: ArrayLike<number>): bigint[] {
  return Array.from({ length: 9 }, (_, i) => BigInt(t[i]!));
}
