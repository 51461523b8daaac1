/**
 * Where two triangles meet, as geometry (for drawing and for contact normals, not for the
 * yes/no test: that is triangleIntersect.ts / triangleDistance.ts). Triangles are
 * Float64Array(9). Not hot code: called only for pairs the query already found.
 */

export const NO_CONTACT = 0, SEGMENT = 1, COPLANAR = 2;

/** Relative band under which a signed distance to a plane counts as 0. */
const PLANE_EPS = 1e-12;

const np = new Float64Array(3), nq = new Float64Array(3), dir = new Float64Array(3);
const dp = new Float64Array(3), dq = new Float64Array(3);
const onA = new Float64Array(6), onB = new Float64Array(6);

/** Unit normal of t into out; its length before normalising (0 = degenerate). */
export function triangleNormal(t: ArrayLike<number>, out: Float64Array): number {
  const ux = t[3]! - t[0]!, uy = t[4]! - t[1]!, uz = t[5]! - t[2]!;
  const vx = t[6]! - t[0]!, vy = t[7]! - t[1]!, vz = t[8]! - t[2]!;
  const x = uy * vz - uz * vy, y = uz * vx - ux * vz, z = ux * vy - uy * vx;
  const len = Math.hypot(x, y, z);
  if (!(len > 0)) {
    out.fill(0);
    return 0;
  }
  out[0] = x / len;
  out[1] = y / len;
  out[2] = z / len;
  return len;
}

function scaleOf(p: Float64Array, q: Float64Array): number {
  let m = 1e-300;
  for (let i = 0; i < 9; i++) m = Math.max(m, Math.abs(p[i]!), Math.abs(q[i]!));
  return m;
}

function signedDistances(t: Float64Array, n: Float64Array, origin: Float64Array, eps: number, out: Float64Array): number {
  let pos = 0, neg = 0;
  for (let i = 0; i < 3; i++) {
    let d = n[0]! * (t[3 * i]! - origin[0]!) + n[1]! * (t[3 * i + 1]! - origin[1]!) + n[2]! * (t[3 * i + 2]! - origin[2]!);
    if (Math.abs(d) <= eps) d = 0;
    out[i] = d;
    if (d > 0) pos++;
    else if (d < 0) neg++;
  }
  return pos === 3 || neg === 3 ? 1 : pos === 0 && neg === 0 ? 0 : -1;
}

/** The two extreme points (along dir) where triangle t meets the plane its distances d refer to; false if none. */
function planeChord(t: Float64Array, d: Float64Array, out: Float64Array): boolean {
  let count = 0, lo = Infinity, hi = -Infinity;
  const take = (x: number, y: number, z: number): void => {
    const s = dir[0]! * x + dir[1]! * y + dir[2]! * z;
    if (s < lo) {
      lo = s;
      out[0] = x; out[1] = y; out[2] = z;
    }
    if (s > hi) {
      hi = s;
      out[3] = x; out[4] = y; out[5] = z;
    }
    count++;
  };
  for (let i = 0; i < 3; i++) {
    const j = (i + 1) % 3;
    const di = d[i]!, dj = d[j]!;
    if (di === 0) take(t[3 * i]!, t[3 * i + 1]!, t[3 * i + 2]!);
    if ((di < 0 && dj > 0) || (di > 0 && dj < 0)) {
      const s = di / (di - dj);
      take(t[3 * i]! + s * (t[3 * j]! - t[3 * i]!), t[3 * i + 1]! + s * (t[3 * j + 1]! - t[3 * i + 1]!), t[3 * i + 2]! + s * (t[3 * j + 2]! - t[3 * i + 2]!));
    }
  }
  return count > 0;
}

const along = (a: Float64Array, o: number): number => dir[0]! * a[o]! + dir[1]! * a[o + 1]! + dir[2]! * a[o + 2]!;

/**
 * The segment where two non-coplanar triangles cross (each triangle's chord on the other's
 * plane, intersected along the planes' common line) into out[0..5]. Returns SEGMENT (the
 * segment may be a single point when they only touch), NO_CONTACT, or COPLANAR when the
 * triangles lie in one plane (see `coplanarOverlap`) or either is degenerate.
 */
export function intersectionSegment(p: Float64Array, q: Float64Array, out: Float64Array): number {
  const scale = scaleOf(p, q);
  // Slivers (area below rounding at this scale) have no trustworthy plane: leave them to the caller.
  const sliver = 1e-10 * scale * scale;
  if (triangleNormal(p, np) <= sliver || triangleNormal(q, nq) <= sliver) return COPLANAR;
  const eps = PLANE_EPS * scale;
  const sideP = signedDistances(p, nq, q, eps, dp);
  if (sideP === 1) return NO_CONTACT;
  if (sideP === 0) return COPLANAR;
  const sideQ = signedDistances(q, np, p, eps, dq);
  if (sideQ === 1) return NO_CONTACT;
  if (sideQ === 0) return COPLANAR;
  dir[0] = np[1]! * nq[2]! - np[2]! * nq[1]!;
  dir[1] = np[2]! * nq[0]! - np[0]! * nq[2]!;
  dir[2] = np[0]! * nq[1]! - np[1]! * nq[0]!;
  if (Math.hypot(dir[0]!, dir[1]!, dir[2]!) < 1e-12) return COPLANAR;
  if (!planeChord(p, dp, onA) || !planeChord(q, dq, onB)) return NO_CONTACT;
  const loA = along(onA, 0), hiA = along(onA, 3), loB = along(onB, 0), hiB = along(onB, 3);
  if (Math.max(loA, loB) > Math.min(hiA, hiB) + eps) return NO_CONTACT;
  const lo = loA >= loB ? onA : onB, hi = hiA <= hiB ? onA : onB;
  out[0] = lo[0]!; out[1] = lo[1]!; out[2] = lo[2]!;
  out[3] = hi[3]!; out[4] = hi[4]!; out[5] = hi[5]!;
  return SEGMENT;
}

const poly = new Float64Array(2 * 12), next = new Float64Array(2 * 12);

/**
 * The region where q, projected onto p's plane, overlaps p: a convex polygon (≤ 9 vertices,
 * in order, in p's plane) into out (3 numbers per vertex). Returns the vertex count (0 when
 * they do not overlap or p is degenerate). Used for faces that lie on each other.
 */
export function coplanarOverlap(p: Float64Array, q: Float64Array, out: Float64Array): number {
  if (triangleNormal(p, np) === 0) return 0;
  // A 2-D frame in p's plane: u along p's first edge, v = n × u.
  const ul = Math.hypot(p[3]! - p[0]!, p[4]! - p[1]!, p[5]! - p[2]!);
  const ux = (p[3]! - p[0]!) / ul, uy = (p[4]! - p[1]!) / ul, uz = (p[5]! - p[2]!) / ul;
  const vx = np[1]! * uz - np[2]! * uy, vy = np[2]! * ux - np[0]! * uz, vz = np[0]! * uy - np[1]! * ux;
  const u2 = (t: Float64Array, i: number): number => (t[3 * i]! - p[0]!) * ux + (t[3 * i + 1]! - p[1]!) * uy + (t[3 * i + 2]! - p[2]!) * uz;
  const v2 = (t: Float64Array, i: number): number => (t[3 * i]! - p[0]!) * vx + (t[3 * i + 1]! - p[1]!) * vy + (t[3 * i + 2]! - p[2]!) * vz;
  // q's projection, counter-clockwise.
  let count = 3;
  for (let i = 0; i < 3; i++) {
    poly[2 * i] = u2(q, i);
    poly[2 * i + 1] = v2(q, i);
  }
  const area = (poly[2]! - poly[0]!) * (poly[5]! - poly[1]!) - (poly[4]! - poly[0]!) * (poly[3]! - poly[1]!);
  if (area === 0) return 0;
  if (area < 0) {
    const x = poly[2]!, y = poly[3]!;
    poly[2] = poly[4]!; poly[3] = poly[5]!; poly[4] = x; poly[5] = y;
  }
  // Clip against p's three edges (p is counter-clockwise in its own frame).
  const px = [u2(p, 0), u2(p, 1), u2(p, 2)], py = [v2(p, 0), v2(p, 1), v2(p, 2)];
  for (let e = 0; e < 3 && count > 0; e++) {
    const ax = px[e]!, ay = py[e]!, bx = px[(e + 1) % 3]!, by = py[(e + 1) % 3]!;
    const side = (k: number): number => (bx - ax) * (poly[2 * k + 1]! - ay) - (by - ay) * (poly[2 * k]! - ax);
    let n = 0;
    for (let k = 0; k < count; k++) {
      const l = (k + 1) % count;
      const sk = side(k), sl = side(l);
      if (sk >= 0) {
        next[2 * n] = poly[2 * k]!;
        next[2 * n + 1] = poly[2 * k + 1]!;
        n++;
      }
      if ((sk > 0 && sl < 0) || (sk < 0 && sl > 0)) {
        const s = sk / (sk - sl);
        next[2 * n] = poly[2 * k]! + s * (poly[2 * l]! - poly[2 * k]!);
        next[2 * n + 1] = poly[2 * k + 1]! + s * (poly[2 * l + 1]! - poly[2 * k + 1]!);
        n++;
      }
    }
    poly.set(next.subarray(0, 2 * n));
    count = n;
  }
  for (let k = 0; k < count; k++) {
    const a = poly[2 * k]!, b = poly[2 * k + 1]!;
    out[3 * k] = p[0]! + a * ux + b * vx;
    out[3 * k + 1] = p[1]! + a * uy + b * vy;
    out[3 * k + 2] = p[2]! + a * uz + b * vz;
  }
  return count;
}

/** Closest points of segment a0→a1 and segment b0→b1 (clamped), as parameters into st[0..1]. */
function segmentParameters(p: Float64Array, a: number, a1: number, q: Float64Array, b: number, b1: number, st: Float64Array): void {
  const dx = p[a1]! - p[a]!, dy = p[a1 + 1]! - p[a + 1]!, dz = p[a1 + 2]! - p[a + 2]!;
  const ex = q[b1]! - q[b]!, ey = q[b1 + 1]! - q[b + 1]!, ez = q[b1 + 2]! - q[b + 2]!;
  const rx = p[a]! - q[b]!, ry = p[a + 1]! - q[b + 1]!, rz = p[a + 2]! - q[b + 2]!;
  const A = dx * dx + dy * dy + dz * dz, E = ex * ex + ey * ey + ez * ez, F = ex * rx + ey * ry + ez * rz;
  const clamp = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
  let s: number, t: number;
  if (A === 0 && E === 0) {
    s = 0;
    t = 0;
  } else if (A === 0) {
    s = 0;
    t = clamp(F / E);
  } else {
    const C = dx * rx + dy * ry + dz * rz;
    if (E === 0) {
      t = 0;
      s = clamp(-C / A);
    } else {
      const B = dx * ex + dy * ey + dz * ez, den = A * E - B * B;
      s = den > 0 ? clamp((B * F - C * E) / den) : 0;
      t = (B * s + F) / E;
      if (t < 0) {
        t = 0;
        s = clamp(-C / A);
      } else if (t > 1) {
        t = 1;
        s = clamp((B - C) / A);
      }
    }
  }
  st[0] = s;
  st[1] = t;
}

const st = new Float64Array(2), cand = new Float64Array(6), bary = new Float64Array(3);

/** Closest point of triangle t to point x (within the face only); false when the projection falls outside. */
function projectInside(t: Float64Array, n: Float64Array, x: Float64Array, xi: number, out: Float64Array, oi: number): boolean {
  const d = n[0]! * (x[xi]! - t[0]!) + n[1]! * (x[xi + 1]! - t[1]!) + n[2]! * (x[xi + 2]! - t[2]!);
  const px = x[xi]! - d * n[0]!, py = x[xi + 1]! - d * n[1]!, pz = x[xi + 2]! - d * n[2]!;
  for (let i = 0; i < 3; i++) {
    const j = (i + 1) % 3;
    const ex = t[3 * j]! - t[3 * i]!, ey = t[3 * j + 1]! - t[3 * i + 1]!, ez = t[3 * j + 2]! - t[3 * i + 2]!;
    const wx = px - t[3 * i]!, wy = py - t[3 * i + 1]!, wz = pz - t[3 * i + 2]!;
    bary[i] = n[0]! * (ey * wz - ez * wy) + n[1]! * (ez * wx - ex * wz) + n[2]! * (ex * wy - ey * wx);
  }
  if (bary[0]! < 0 || bary[1]! < 0 || bary[2]! < 0) return false;
  out[oi] = px;
  out[oi + 1] = py;
  out[oi + 2] = pz;
  return true;
}

/**
 * The closest points of two triangles (on p into out[0..2], on q into out[3..5]) over the
 * 9 edge pairs and the 6 vertex–face projections; returns their distance. Exact for
 * disjoint triangles; for crossing ones use `intersectionSegment`.
 */
export function closestPoints(p: Float64Array, q: Float64Array, out: Float64Array): number {
  let best = Infinity;
  const consider = (): void => {
    const d = Math.hypot(cand[0]! - cand[3]!, cand[1]! - cand[4]!, cand[2]! - cand[5]!);
    if (d < best) {
      best = d;
      out.set(cand.subarray(0, 6));
    }
  };
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const a = 3 * i, a1 = 3 * ((i + 1) % 3), b = 3 * j, b1 = 3 * ((j + 1) % 3);
      segmentParameters(p, a, a1, q, b, b1, st);
      for (let k = 0; k < 3; k++) {
        cand[k] = p[a + k]! + st[0]! * (p[a1 + k]! - p[a + k]!);
        cand[3 + k] = q[b + k]! + st[1]! * (q[b1 + k]! - q[b + k]!);
      }
      consider();
    }
  }
  const hasP = triangleNormal(p, np) > 0, hasQ = triangleNormal(q, nq) > 0;
  for (let i = 0; i < 3; i++) {
    if (hasQ && projectInside(q, nq, p, 3 * i, cand, 3)) {
      cand[0] = p[3 * i]!; cand[1] = p[3 * i + 1]!; cand[2] = p[3 * i + 2]!;
      consider();
    }
    if (hasP && projectInside(p, np, q, 3 * i, cand, 0)) {
      cand[3] = q[3 * i]!; cand[4] = q[3 * i + 1]!; cand[5] = q[3 * i + 2]!;
      consider();
    }
  }
  return best;
}
