// The incremental hull's faces and insertion rounds (convexHull.ts picks the first
// tetrahedron and calls quickhull), and the exact orientation test both use.
import { orient3d } from 'robust-predicates';

/**
 * The hull's faces: vertices (a, b, c) counter-clockwise from outside, adj (the face across
 * edge k: 0 = a→b, 1 = b→c, 2 = c→a), each face's plane (PLANE numbers: vertex a, the normal
 * (b − a) × (c − a) and the absolute terms of its products, `orient`'s filter) and its
 * conflict list (points outside it, a linked list through the points, in the order they
 * joined). Typed arrays grown by doubling: a cold process runs this interpreted, where an
 * array of arrays costs an allocation per face and a call per push.
 */
export class HullFaces {
  count = 0;
  verts: Int32Array;
  adj: Int32Array;
  plane: Float64Array;
  alive: Uint8Array;
  /** The round that last tested the face against the new point, and the round it saw it. */
  seenIn: Int32Array;
  visibleIn: Int32Array;
  head: Int32Array;
  tail: Int32Array;
  /** Per point: the next point of its conflict list (−1 last). */
  readonly next: Int32Array;

  constructor(readonly X: Float64Array, points: number, capacity: number) {
    this.verts = new Int32Array(3 * capacity);
    this.adj = new Int32Array(3 * capacity);
    this.plane = new Float64Array(PLANE * capacity);
    this.alive = new Uint8Array(capacity);
    this.seenIn = new Int32Array(capacity);
    this.visibleIn = new Int32Array(capacity);
    this.head = new Int32Array(capacity);
    this.tail = new Int32Array(capacity);
    this.next = new Int32Array(points);
  }

  /** A new live face (u, v, w) with no neighbours and no conflict points; its index. */
  add(u: number, v: number, w: number): number {
    if (this.count === this.alive.length) this.grow();
    const f = this.count++;
    this.verts[3 * f] = u; this.verts[3 * f + 1] = v; this.verts[3 * f + 2] = w;
    this.adj[3 * f] = -1; this.adj[3 * f + 1] = -1; this.adj[3 * f + 2] = -1;
    this.alive[f] = 1;
    this.seenIn[f] = -1; this.visibleIn[f] = -1;
    this.head[f] = -1; this.tail[f] = -1;
    // The normal and the filter's absolute terms, in orient's operations and order.
    const X = this.X, P = this.plane, o = PLANE * f;
    const ax = X[3 * u]!, ay = X[3 * u + 1]!, az = X[3 * u + 2]!;
    const ux = X[3 * v]! - ax, uy = X[3 * v + 1]! - ay, uz = X[3 * v + 2]! - az;
    const vx = X[3 * w]! - ax, vy = X[3 * w + 1]! - ay, vz = X[3 * w + 2]! - az;
    P[o] = ax; P[o + 1] = ay; P[o + 2] = az;
    P[o + 3] = uy * vz - uz * vy; P[o + 4] = uz * vx - ux * vz; P[o + 5] = ux * vy - uy * vx;
    P[o + 6] = Math.abs(uy * vz) + Math.abs(uz * vy);
    P[o + 7] = Math.abs(uz * vx) + Math.abs(ux * vz);
    P[o + 8] = Math.abs(ux * vy) + Math.abs(uy * vx);
    return f;
  }

  /** Appends point p to face f's conflict list. */
  push(f: number, p: number): void {
    const t = this.tail[f]!;
    if (t < 0) this.head[f] = p;
    else this.next[t] = p;
    this.tail[f] = p;
    this.next[p] = -1;
  }

  /**
   * orient(X, a, b, c, p) of face f = (a, b, c): the same determinant and filter bit for bit
   * (the face's products are the same floating-point operations, made once), so the same
   * exact sign.
   */
  orient(f: number, p: number): number {
    const X = this.X, P = this.plane, o = PLANE * f;
    const wx = X[3 * p]! - P[o]!, wy = X[3 * p + 1]! - P[o + 1]!, wz = X[3 * p + 2]! - P[o + 2]!;
    const det = P[o + 3]! * wx + P[o + 4]! * wy + P[o + 5]! * wz;
    const permanent = P[o + 6]! * Math.abs(wx) + P[o + 7]! * Math.abs(wy) + P[o + 8]! * Math.abs(wz);
    const bound = 1e-14 * permanent;
    if (det > bound) return 1;
    if (det < -bound) return -1;
    if (permanent === 0) return 0;
    return orient(X, this.verts[3 * f]!, this.verts[3 * f + 1]!, this.verts[3 * f + 2]!, p);
  }

  /** orientFloat(X, a, b, c, p) of face f = (a, b, c), bit for bit. */
  height(f: number, p: number): number {
    const X = this.X, P = this.plane, o = PLANE * f;
    return P[o + 3]! * (X[3 * p]! - P[o]!) + P[o + 4]! * (X[3 * p + 1]! - P[o + 1]!) + P[o + 5]! * (X[3 * p + 2]! - P[o + 2]!);
  }

  private grow(): void {
    const size = 2 * this.alive.length;
    const more = <T extends Int32Array | Uint8Array | Float64Array>(old: T, width: number): T => {
      const out = new (old.constructor as new (n: number) => T)(width * size);
      out.set(old);
      return out;
    };
    this.verts = more(this.verts, 3);
    this.adj = more(this.adj, 3);
    this.plane = more(this.plane, PLANE);
    this.alive = more(this.alive, 1);
    this.seenIn = more(this.seenIn, 1);
    this.visibleIn = more(this.visibleIn, 1);
    this.head = more(this.head, 1);
    this.tail = more(this.tail, 1);
  }
}

/** Numbers per face plane in HullFaces. */
const PLANE = 9;

/** A stack of integers (face indices, horizon triples) that grows by doubling and is reused. */
class IntStack {
  length = 0;
  items: Int32Array;
  constructor(capacity: number) {
    this.items = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.items.length) {
      const more = new Int32Array(2 * this.items.length);
      more.set(this.items);
      this.items = more;
    }
    this.items[this.length++] = v;
  }
}

/**
 * Incremental insertion from the tetrahedron (a, b, c, d) (d below face (a, b, c)) over the
 * first occurrences `points`: the hull's triangles, live faces in creation order.
 */
export function quickhull(X: Float64Array, points: Uint32Array, n: number, a: number, b: number, c: number, d: number): Uint32Array {
  const faces = new HullFaces(X, n, 8 * points.length + 16);
  const f0 = faces.add(a, b, c); // d below
  const f1 = faces.add(a, d, b);
  const f2 = faces.add(b, d, c);
  const f3 = faces.add(c, d, a);
  const adj = faces.adj;
  // f0 edges: a→b (f1 has b→a), b→c (f2 has c→b), c→a (f3 has a→c)
  adj[3 * f0] = f1; adj[3 * f0 + 1] = f2; adj[3 * f0 + 2] = f3;
  // f1 = (a, d, b): a→d (f3 has d→a), d→b (f2 has b→d), b→a (f0)
  adj[3 * f1] = f3; adj[3 * f1 + 1] = f2; adj[3 * f1 + 2] = f0;
  // f2 = (b, d, c): b→d (f1), d→c (f3 has c→d), c→b (f0)
  adj[3 * f2] = f1; adj[3 * f2 + 1] = f3; adj[3 * f2 + 2] = f0;
  // f3 = (c, d, a): c→d (f2), d→a (f1), a→c (f0)
  adj[3 * f3] = f2; adj[3 * f3 + 1] = f1; adj[3 * f3 + 2] = f0;

  assignFirstConflicts(faces, points, a, b, c, d, f0, f3);

  const pending = new IntStack(64);
  pending.push(f0); pending.push(f1); pending.push(f2); pending.push(f3);
  const visible = new IntStack(64);
  const horizon = new IntStack(192); // triples: u, v, face beyond edge u→v
  const created = new IntStack(64);
  // The new face whose horizon edge starts / ends at a vertex, valid for this round's horizon.
  const startsAt = new Int32Array(n), endsAt = new Int32Array(n);
  let round = 0;
  while (pending.length > 0) {
    const seed = pending.items[--pending.length]!;
    if (!faces.alive[seed] || faces.head[seed]! < 0) continue;
    round++;
    const p = farthestConflict(faces, seed);
    findHorizon(faces, seed, p, round, visible, horizon);
    addCone(faces, horizon, p, created, startsAt, endsAt);
    handOver(faces, visible, created, p);
    for (let k = 0; k < created.length; k++) if (faces.head[created.items[k]!]! >= 0) pending.push(created.items[k]!);
  }
  return liveTriangles(faces);
}

/** Each point but the tetrahedron's corners joins the first of faces f0 … f3 it is outside of (inside all: dropped). */
function assignFirstConflicts(faces: HullFaces, points: Uint32Array, a: number, b: number, c: number, d: number, f0: number, f3: number): void {
  for (let k = 0; k < points.length; k++) {
    const p = points[k]!;
    if (p === a || p === b || p === c || p === d) continue;
    for (let f = f0; f <= f3; f++) {
      if (faces.orient(f, p) > 0) { faces.push(f, p); break; }
    }
  }
}

/** The face's conflict point farthest above it (the first of equals), which goes in next (as in quickhull). */
function farthestConflict(faces: HullFaces, seed: number): number {
  let p = -1, far = -Infinity;
  for (let i = faces.head[seed]!; i >= 0; i = faces.next[i]!) {
    const dist = faces.height(seed, i);
    if (dist > far) { far = dist; p = i; }
  }
  return p;
}

/** New faces (u, v, p) on the horizon edges, into `created`, stitched to the faces beyond and to each other. */
function addCone(faces: HullFaces, horizon: IntStack, p: number, created: IntStack, startsAt: Int32Array, endsAt: Int32Array): void {
  created.length = 0;
  for (let h = 0; h < horizon.length; h += 3) {
    const u = horizon.items[h]!, v = horizon.items[h + 1]!, g = horizon.items[h + 2]!;
    const f = faces.add(u, v, p);
    const fv = faces.verts, fadj = faces.adj;
    fadj[3 * f] = g;
    if (fv[3 * g] === v && fv[3 * g + 1] === u) fadj[3 * g] = f;
    if (fv[3 * g + 1] === v && fv[3 * g + 2] === u) fadj[3 * g + 1] = f;
    if (fv[3 * g + 2] === v && fv[3 * g] === u) fadj[3 * g + 2] = f;
    startsAt[u] = f;
    endsAt[v] = f;
    created.push(f);
  }
  const fv = faces.verts, fadj = faces.adj;
  for (let k = 0; k < created.length; k++) {
    const f = created.items[k]!;
    fadj[3 * f + 1] = startsAt[fv[3 * f + 1]!]!; // edge v→p is shared with the face starting at v
    fadj[3 * f + 2] = endsAt[fv[3 * f]!]!; // edge p→u with the face ending at u
  }
}

/** The visible faces die; their conflict points (but p) go to the first new face they are outside of, or are inside. */
function handOver(faces: HullFaces, visible: IntStack, created: IntStack, p: number): void {
  for (let k = 0; k < visible.length; k++) {
    const f = visible.items[k]!;
    faces.alive[f] = 0;
    for (let i = faces.head[f]!, after = -1; i >= 0; i = after) {
      after = faces.next[i]!; // read before push relinks i
      if (i === p) continue;
      for (let l = 0; l < created.length; l++) {
        const g = created.items[l]!;
        if (faces.orient(g, i) > 0) { faces.push(g, i); break; }
      }
    }
    faces.head[f] = faces.tail[f] = -1;
  }
}

/** The live faces' vertices, in creation order. */
function liveTriangles(faces: HullFaces): Uint32Array {
  let aliveCount = 0;
  for (let f = 0; f < faces.count; f++) aliveCount += faces.alive[f]!;
  const out = new Uint32Array(3 * aliveCount);
  for (let f = 0, k = 0; f < faces.count; f++) {
    if (!faces.alive[f]) continue;
    out[k++] = faces.verts[3 * f]!; out[k++] = faces.verts[3 * f + 1]!; out[k++] = faces.verts[3 * f + 2]!;
  }
  return out;
}

/**
 * The faces that see p (exactly), connected to `seed` (which does), into `visible`, and the
 * horizon edges around them (u, v, face beyond u→v) into `horizon`, in search order.
 */
function findHorizon(faces: HullFaces, seed: number, p: number, round: number, visible: IntStack, horizon: IntStack): void {
  visible.length = 0;
  horizon.length = 0;
  faces.seenIn[seed] = round; faces.visibleIn[seed] = round;
  visible.push(seed);
  for (let k = 0; k < visible.length; k++) {
    const f = visible.items[k]!;
    for (let e = 0; e < 3; e++) {
      const g = faces.adj[3 * f + e]!;
      if (faces.seenIn[g] !== round) {
        faces.seenIn[g] = round;
        if (faces.orient(g, p) > 0) { faces.visibleIn[g] = round; visible.push(g); }
      }
      if (faces.visibleIn[g] !== round) {
        horizon.push(faces.verts[3 * f + e]!);
        horizon.push(faces.verts[3 * f + (e === 2 ? 0 : e + 1)]!);
        horizon.push(g);
      }
    }
  }
}

/** (b − a) × (c − a) · (p − a) in floating point (magnitude only used to rank points). */
export function orientFloat(X: Float64Array, a: number, b: number, c: number, p: number): number {
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
