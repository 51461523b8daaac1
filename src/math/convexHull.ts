import { emptyAabb, expandAabbByPoint } from './aabb.js';

/**
 * The convex hull of `count` points (xyz flat) as triangles: indices into the points, three per
 * triangle, counter-clockwise seen from outside; coplanar hull facets stay triangulated. It is
 * exactly the hull of the points snapped to a grid of 2⁻⁵¹ of the cloud's half-size (about an
 * ulp), so a point that close to the hull may be left off it. Null when the points do not span 3-D (fewer than 4, flat, collinear,
 * coincident) or a coordinate is not finite.
 */
export function convexHull(positions: ArrayLike<number>, count?: number): Uint32Array | null {
  const n = count ?? Math.floor(positions.length / 3);
  const q = normalisedPoints(positions, n);
  return q ? hullTriangles(q.q, n) : null;
}

/** Points centred on their AABB and scaled so the largest half-extent is 1 (null if none/degenerate). */
export function normalisedPoints(positions: ArrayLike<number>, n: number): { q: Float64Array; c: [number, number, number]; s: number } | null {
  if (!(n >= 1) || n * 3 > positions.length) return null;
  const box = emptyAabb();
  for (let i = 0; i < n; i++) {
    const x = positions[3 * i]!, y = positions[3 * i + 1]!, z = positions[3 * i + 2]!;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return null;
    expandAabbByPoint(box, x, y, z);
  }
  const c: [number, number, number] = [0.5 * box[0]! + 0.5 * box[3]!, 0.5 * box[1]! + 0.5 * box[4]!, 0.5 * box[2]! + 0.5 * box[5]!];
  const s = Math.max(0.5 * box[3]! - 0.5 * box[0]!, 0.5 * box[4]! - 0.5 * box[1]!, 0.5 * box[5]! - 0.5 * box[2]!);
  if (!(s > 0) || !Number.isFinite(s)) return null;
  const q = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    q[3 * i] = (positions[3 * i]! - c[0]) / s;
    q[3 * i + 1] = (positions[3 * i + 1]! - c[1]) / s;
    q[3 * i + 2] = (positions[3 * i + 2]! - c[2]) / s;
  }
  return { q, c, s };
}

/**
 * Grid of the snapped coordinates. Normalised coordinates lie in [-1, 1], so snapped ones are
 * integers of at most 2⁵¹ (+1 for rounding) and their differences stay exact doubles.
 */
const SNAP = 2 ** 51;
/** Height (in snapped units, ~1e-14 of the set's size) below which a point set counts as flat. */
const FLAT_UNITS = 64;

/**
 * Hull triangles (indices into the points, counter-clockwise seen from outside), or null when
 * the snapped points do not span 3-D (fewer than 4, or all coplanar).
 */
export function hullTriangles(q: Float64Array, n: number): Uint32Array | null {
  if (n < 4) return null;
  const X = new Float64Array(3 * n);
  for (let k = 0; k < 3 * n; k++) X[k] = Math.round(q[k]! * SNAP);

  // Initial tetrahedron from well-spread points: extremes on the widest axis, the point
  // farthest from their line, the point farthest from their plane.
  let axis = 0, spread = -1, i0 = 0, i1 = 0;
  for (let c = 0; c < 3; c++) {
    let lo = 0, hi = 0;
    for (let i = 1; i < n; i++) {
      if (X[3 * i + c]! < X[3 * lo + c]!) lo = i;
      if (X[3 * i + c]! > X[3 * hi + c]!) hi = i;
    }
    const d = X[3 * hi + c]! - X[3 * lo + c]!;
    if (d > spread) { spread = d; axis = c; i0 = lo; i1 = hi; }
  }
  void axis;
  if (!(spread > 0)) return null;
  let i2 = -1, best = 0;
  {
    const ux = X[3 * i1]! - X[3 * i0]!, uy = X[3 * i1 + 1]! - X[3 * i0 + 1]!, uz = X[3 * i1 + 2]! - X[3 * i0 + 2]!;
    for (let i = 0; i < n; i++) {
      const wx = X[3 * i]! - X[3 * i0]!, wy = X[3 * i + 1]! - X[3 * i0 + 1]!, wz = X[3 * i + 2]! - X[3 * i0 + 2]!;
      const d = (uy * wz - uz * wy) ** 2 + (uz * wx - ux * wz) ** 2 + (ux * wy - uy * wx) ** 2;
      if (d > best) { best = d; i2 = i; }
    }
  }
  if (i2 < 0) return null;
  const baseCross = Math.sqrt(best);
  let i3 = -1;
  best = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(orientFloat(X, i0, i1, i2, i));
    if (d > best) { best = d; i3 = i; }
  }
  if (i3 < 0) return null;
  // Normalising rounds coordinates by ~1 grid unit, which can lift a flat set off its plane:
  // a set whose farthest point is within a few units of the base plane is flat, no hull.
  if (best / baseCross <= FLAT_UNITS) return null;
  const o = orient(X, i0, i1, i2, i3);
  if (o === 0) return null; // exactly coplanar after snapping

  // Faces: vertices (a, b, c) counter-clockwise from outside; adj[k] = face across edge k
  // (edge 0 = a→b, 1 = b→c, 2 = c→a); conflict = points outside this face.
  const fa: number[] = [], fb: number[] = [], fc: number[] = [];
  const adj: number[] = [];
  const alive: boolean[] = [];
  const conflict: number[][] = [];
  const addFace = (a: number, b: number, c: number): number => {
    fa.push(a); fb.push(b); fc.push(c);
    adj.push(-1, -1, -1);
    alive.push(true);
    conflict.push([]);
    return fa.length - 1;
  };
  // Orient the tetrahedron so every face sees the fourth vertex below it.
  const [a, b, c, d] = o < 0 ? [i0, i1, i2, i3] : [i0, i2, i1, i3];
  const f0 = addFace(a, b, c); // d below
  const f1 = addFace(a, d, b);
  const f2 = addFace(b, d, c);
  const f3 = addFace(c, d, a);
  // f0 edges: a→b (f1 has b→a), b→c (f2 has c→b), c→a (f3 has a→c)
  adj[3 * f0] = f1; adj[3 * f0 + 1] = f2; adj[3 * f0 + 2] = f3;
  // f1 = (a, d, b): a→d (f3 has d→a), d→b (f2 has b→d), b→a (f0)
  adj[3 * f1] = f3; adj[3 * f1 + 1] = f2; adj[3 * f1 + 2] = f0;
  // f2 = (b, d, c): b→d (f1), d→c (f3 has c→d), c→b (f0)
  adj[3 * f2] = f1; adj[3 * f2 + 1] = f3; adj[3 * f2 + 2] = f0;
  // f3 = (c, d, a): c→d (f2), d→a (f1), a→c (f0)
  adj[3 * f3] = f2; adj[3 * f3 + 1] = f1; adj[3 * f3 + 2] = f0;

  const sees = (f: number, p: number) => orient(X, fa[f]!, fb[f]!, fc[f]!, p) > 0;
  for (let p = 0; p < n; p++) {
    if (p === a || p === b || p === c || p === d) continue;
    for (const f of [f0, f1, f2, f3]) {
      if (sees(f, p)) { conflict[f]!.push(p); break; }
    }
  }

  const pending = [f0, f1, f2, f3];
  const visible: number[] = [];
  const isVisible = new Map<number, boolean>();
  while (pending.length > 0) {
    const seed = pending.pop()!;
    if (!alive[seed] || conflict[seed]!.length === 0) continue;
    // The farthest conflict point of this face goes in next (as in quickhull).
    let p = -1, far = -Infinity;
    for (const i of conflict[seed]!) {
      const dist = orientFloat(X, fa[seed]!, fb[seed]!, fc[seed]!, i);
      if (dist > far) { far = dist; p = i; }
    }
    // Visible region: connected faces that see p (exactly).
    visible.length = 0;
    isVisible.clear();
    isVisible.set(seed, true);
    visible.push(seed);
    const horizon: number[] = []; // triples: u, v, face beyond edge u→v
    for (let k = 0; k < visible.length; k++) {
      const f = visible[k]!;
      const vs = [fa[f]!, fb[f]!, fc[f]!];
      for (let e = 0; e < 3; e++) {
        const g = adj[3 * f + e]!;
        let gv = isVisible.get(g);
        if (gv === undefined) {
          gv = sees(g, p);
          isVisible.set(g, gv);
          if (gv) visible.push(g);
        }
        if (!gv) horizon.push(vs[e]!, vs[(e + 1) % 3]!, g);
      }
    }
    // New faces (u, v, p) on the horizon edges, stitched to the faces beyond and each other.
    const startsAt = new Map<number, number>();
    const endsAt = new Map<number, number>();
    const created: number[] = [];
    for (let h = 0; h < horizon.length; h += 3) {
      const u = horizon[h]!, v = horizon[h + 1]!, g = horizon[h + 2]!;
      const f = addFace(u, v, p);
      adj[3 * f] = g;
      for (let e = 0; e < 3; e++) {
        const s = e === 0 ? fa[g]! : e === 1 ? fb[g]! : fc[g]!;
        const t = e === 0 ? fb[g]! : e === 1 ? fc[g]! : fa[g]!;
        if (s === v && t === u) adj[3 * g + e] = f;
      }
      startsAt.set(u, f);
      endsAt.set(v, f);
      created.push(f);
    }
    for (const f of created) {
      adj[3 * f + 1] = startsAt.get(fb[f]!)!; // edge v→p is shared with the face starting at v
      adj[3 * f + 2] = endsAt.get(fa[f]!)!; // edge p→u with the face ending at u
    }
    // Hand the orphaned conflict points to the new faces; points seeing none are inside.
    for (const f of visible) {
      alive[f] = false;
      for (const i of conflict[f]!) {
        if (i === p) continue;
        for (const g of created) {
          if (sees(g, i)) { conflict[g]!.push(i); break; }
        }
      }
      conflict[f] = [];
    }
    for (const f of created) if (conflict[f]!.length > 0) pending.push(f);
  }

  const out: number[] = [];
  for (let f = 0; f < fa.length; f++) if (alive[f]) out.push(fa[f]!, fb[f]!, fc[f]!);
  return Uint32Array.from(out);
}

/** (b − a) × (c − a) · (p − a) in floating point (magnitude only used to rank points). */
function orientFloat(X: Float64Array, a: number, b: number, c: number, p: number): number {
  const ax = X[3 * a]!, ay = X[3 * a + 1]!, az = X[3 * a + 2]!;
  const ux = X[3 * b]! - ax, uy = X[3 * b + 1]! - ay, uz = X[3 * b + 2]! - az;
  const vx = X[3 * c]! - ax, vy = X[3 * c + 1]! - ay, vz = X[3 * c + 2]! - az;
  const wx = X[3 * p]! - ax, wy = X[3 * p + 1]! - ay, wz = X[3 * p + 2]! - az;
  return (uy * vz - uz * vy) * wx + (uz * vx - ux * vz) * wy + (ux * vy - uy * vx) * wz;
}

/**
 * Exact sign of (b − a) × (c − a) · (p − a) for integer coordinates of at most 2⁵¹ + 1 (their
 * differences are exact doubles): a floating-point evaluation when its error bound allows,
 * BigInt otherwise.
 */
export function orient(X: Float64Array, a: number, b: number, c: number, p: number): number {
  const ax = X[3 * a]!, ay = X[3 * a + 1]!, az = X[3 * a + 2]!;
  const ux = X[3 * b]! - ax, uy = X[3 * b + 1]! - ay, uz = X[3 * b + 2]! - az;
  const vx = X[3 * c]! - ax, vy = X[3 * c + 1]! - ay, vz = X[3 * c + 2]! - az;
  const wx = X[3 * p]! - ax, wy = X[3 * p + 1]! - ay, wz = X[3 * p + 2]! - az;
  const det = (uy * vz - uz * vy) * wx + (uz * vx - ux * vz) * wy + (ux * vy - uy * vx) * wz;
  const permanent =
    (Math.abs(uy * vz) + Math.abs(uz * vy)) * Math.abs(wx) +
    (Math.abs(uz * vx) + Math.abs(ux * vz)) * Math.abs(wy) +
    (Math.abs(ux * vy) + Math.abs(uy * vx)) * Math.abs(wz);
  const bound = 1e-14 * permanent; // well above the ≈7ε·permanent worst-case rounding error
  if (det > bound) return 1;
  if (det < -bound) return -1;
  if (permanent === 0) return 0;
  const Ux = BigInt(ux), Uy = BigInt(uy), Uz = BigInt(uz);
  const Vx = BigInt(vx), Vy = BigInt(vy), Vz = BigInt(vz);
  const exact = (Uy * Vz - Uz * Vy) * BigInt(wx) + (Uz * Vx - Ux * Vz) * BigInt(wy) + (Ux * Vy - Uy * Vx) * BigInt(wz);
  return exact > 0n ? 1 : exact < 0n ? -1 : 0;
}

