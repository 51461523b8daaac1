import { orient3d } from 'robust-predicates';
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
  // CAD meshes repeat every vertex once per face that uses it. A later copy of a point can
  // never change the hull: every choice below takes the first of equal candidates, a copy
  // always shares its first occurrence's conflict list (after it, in list order), and once that
  // occurrence is a hull vertex no new face sees the copy (orientation 0). So only first
  // occurrences take part, and the hull is the same triangle for triangle.
  const points = firstOccurrences(X, n);
  const m = points.length;

  // Initial tetrahedron from well-spread points: extremes on the widest axis, the point
  // farthest from their line, the point farthest from their plane.
  let spread = -1, i0 = 0, i1 = 0;
  for (let c = 0; c < 3; c++) {
    let lo = 0, hi = 0;
    for (let k = 1; k < m; k++) {
      const i = points[k]!;
      if (X[3 * i + c]! < X[3 * lo + c]!) lo = i;
      if (X[3 * i + c]! > X[3 * hi + c]!) hi = i;
    }
    const d = X[3 * hi + c]! - X[3 * lo + c]!;
    if (d > spread) { spread = d; i0 = lo; i1 = hi; }
  }
  if (!(spread > 0)) return null;
  let i2 = -1, best = 0;
  {
    const ux = X[3 * i1]! - X[3 * i0]!, uy = X[3 * i1 + 1]! - X[3 * i0 + 1]!, uz = X[3 * i1 + 2]! - X[3 * i0 + 2]!;
    for (let k = 0; k < m; k++) {
      const i = points[k]!;
      const wx = X[3 * i]! - X[3 * i0]!, wy = X[3 * i + 1]! - X[3 * i0 + 1]!, wz = X[3 * i + 2]! - X[3 * i0 + 2]!;
      const d = (uy * wz - uz * wy) ** 2 + (uz * wx - ux * wz) ** 2 + (ux * wy - uy * wx) ** 2;
      if (d > best) { best = d; i2 = i; }
    }
  }
  if (i2 < 0) return null;
  const baseCross = Math.sqrt(best);
  let i3 = -1;
  best = 0;
  for (let k = 0; k < m; k++) {
    const i = points[k]!;
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
  // (edge 0 = a→b, 1 = b→c, 2 = c→a); conflict = points outside this face. seenIn[f] is the
  // round that last tested face f against the new point, visibleIn[f] the round it saw it.
  const fa: number[] = [], fb: number[] = [], fc: number[] = [];
  const adj: number[] = [];
  const alive: boolean[] = [];
  const conflict: number[][] = [];
  const seenIn: number[] = [], visibleIn: number[] = [];
  const addFace = (a: number, b: number, c: number): number => {
    fa.push(a); fb.push(b); fc.push(c);
    adj.push(-1, -1, -1);
    alive.push(true);
    conflict.push([]);
    seenIn.push(-1); visibleIn.push(-1);
    return fa.length - 1;
  };
  // Orient the tetrahedron so every face sees the fourth vertex below it.
  const a = i0, d = i3;
  const b = o < 0 ? i1 : i2, c = o < 0 ? i2 : i1;
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

  for (let k = 0; k < m; k++) {
    const p = points[k]!;
    if (p === a || p === b || p === c || p === d) continue;
    for (let f = f0; f <= f3; f++) {
      if (orient(X, fa[f]!, fb[f]!, fc[f]!, p) > 0) { conflict[f]!.push(p); break; }
    }
  }

  const pending = [f0, f1, f2, f3];
  const visible: number[] = [];
  const horizon: number[] = []; // triples: u, v, face beyond edge u→v
  const created: number[] = [];
  // The new face whose horizon edge starts / ends at a vertex, valid for this round's horizon.
  const startsAt = new Int32Array(n), endsAt = new Int32Array(n);
  let round = 0;
  while (pending.length > 0) {
    const seed = pending.pop()!;
    if (!alive[seed] || conflict[seed]!.length === 0) continue;
    round++;
    // The farthest conflict point of this face goes in next (as in quickhull).
    const seedConflict = conflict[seed]!;
    let p = -1, far = -Infinity;
    for (let k = 0; k < seedConflict.length; k++) {
      const i = seedConflict[k]!;
      const dist = orientFloat(X, fa[seed]!, fb[seed]!, fc[seed]!, i);
      if (dist > far) { far = dist; p = i; }
    }
    // Visible region: connected faces that see p (exactly).
    visible.length = 0;
    horizon.length = 0;
    seenIn[seed] = round; visibleIn[seed] = round;
    visible.push(seed);
    for (let k = 0; k < visible.length; k++) {
      const f = visible[k]!;
      for (let e = 0; e < 3; e++) {
        const g = adj[3 * f + e]!;
        if (seenIn[g] !== round) {
          seenIn[g] = round;
          if (orient(X, fa[g]!, fb[g]!, fc[g]!, p) > 0) { visibleIn[g] = round; visible.push(g); }
        }
        if (visibleIn[g] !== round) {
          const u = e === 0 ? fa[f]! : e === 1 ? fb[f]! : fc[f]!;
          const v = e === 0 ? fb[f]! : e === 1 ? fc[f]! : fa[f]!;
          horizon.push(u, v, g);
        }
      }
    }
    // New faces (u, v, p) on the horizon edges, stitched to the faces beyond and each other.
    created.length = 0;
    for (let h = 0; h < horizon.length; h += 3) {
      const u = horizon[h]!, v = horizon[h + 1]!, g = horizon[h + 2]!;
      const f = addFace(u, v, p);
      adj[3 * f] = g;
      if (fa[g] === v && fb[g] === u) adj[3 * g] = f;
      if (fb[g] === v && fc[g] === u) adj[3 * g + 1] = f;
      if (fc[g] === v && fa[g] === u) adj[3 * g + 2] = f;
      startsAt[u] = f;
      endsAt[v] = f;
      created.push(f);
    }
    for (let k = 0; k < created.length; k++) {
      const f = created[k]!;
      adj[3 * f + 1] = startsAt[fb[f]!]!; // edge v→p is shared with the face starting at v
      adj[3 * f + 2] = endsAt[fa[f]!]!; // edge p→u with the face ending at u
    }
    // Hand the orphaned conflict points to the new faces; points seeing none are inside.
    for (let k = 0; k < visible.length; k++) {
      const f = visible[k]!;
      alive[f] = false;
      const orphans = conflict[f]!;
      for (let j = 0; j < orphans.length; j++) {
        const i = orphans[j]!;
        if (i === p) continue;
        for (let l = 0; l < created.length; l++) {
          const g = created[l]!;
          if (orient(X, fa[g]!, fb[g]!, fc[g]!, i) > 0) { conflict[g]!.push(i); break; }
        }
      }
      orphans.length = 0;
    }
    for (let k = 0; k < created.length; k++) if (conflict[created[k]!]!.length > 0) pending.push(created[k]!);
  }

  let aliveCount = 0;
  for (let f = 0; f < fa.length; f++) if (alive[f]) aliveCount++;
  const out = new Uint32Array(3 * aliveCount);
  for (let f = 0, k = 0; f < fa.length; f++) {
    if (!alive[f]) continue;
    out[k++] = fa[f]!; out[k++] = fb[f]!; out[k++] = fc[f]!;
  }
  return out;
}

/**
 * Indices of the first occurrence of every distinct point (exact coordinate equality, xyz
 * flat), in increasing order: open addressing on a hash of the coordinates, the table sized
 * per call.
 */
export function firstOccurrences(X: ArrayLike<number>, n: number): Uint32Array {
  let size = 16;
  while (size < 2 * n) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size).fill(-1);
  const out = new Uint32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const x = X[3 * i]!, y = X[3 * i + 1]!, z = X[3 * i + 2]!;
    // Equal points hash alike whatever the mix; this one spreads both millimetre coordinates
    // (fraction bits) and the hull's snapped integers (up to 2⁵²) over the table.
    let h = Math.imul((x * 1048576) | 0, 0x9e3779b1) ^ Math.imul((y * 1048576) | 0, 0x85ebca77) ^ Math.imul((z * 1048576) | 0, 0xc2b2ae3d);
    h ^= Math.imul((x / 4096) | 0, 0x27d4eb2f) ^ Math.imul((y / 4096) | 0, 0x165667b1) ^ Math.imul((z / 4096) | 0, 0x61c88647);
    h ^= Math.imul((x / 1073741824) | 0, 0x7feb352d) ^ Math.imul((y / 1073741824) | 0, 0x846ca68b) ^ Math.imul((z / 1073741824) | 0, 0x2c1b3c6d);
    h ^= h >>> 15;
    let slot = h & mask;
    for (;;) {
      const j = slots[slot]!;
      if (j < 0) {
        slots[slot] = i;
        out[m++] = i;
        break;
      }
      if (X[3 * j] === x && X[3 * j + 1] === y && X[3 * j + 2] === z) break;
      slot = (slot + 1) & mask;
    }
  }
  return out.subarray(0, m);
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
 * else Shewchuk's adaptive predicate (exact expansions, no allocation; its sign convention is
 * the opposite of this one). Points on an axis-aligned face give a zero permanent, hence an
 * exact zero, without the adaptive stage.
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
  const r = orient3d(ax, ay, az, X[3 * b]!, X[3 * b + 1]!, X[3 * b + 2]!, X[3 * c]!, X[3 * c + 1]!, X[3 * c + 2]!, X[3 * p]!, X[3 * p + 1]!, X[3 * p + 2]!);
  return r < 0 ? 1 : r > 0 ? -1 : 0;
}
