import { SurfcdError } from '../errors.js';
import { aabbMagnitude, emptyAabb, expandAabbByPoint } from './aabb.js';
import type { Rigid } from './rigid.js';
import { orthonormalizeRows, symmetricEigen3 } from './symmetricEigen.js';

/**
 * An oriented bounding box in some local frame (usually a part's frame).
 * `axes` is row-major 3×3: row i (`axes[3i..3i+2]`) is the unit vector of box axis i; the rows
 * form a right-handed orthonormal basis. `halfExtents[i]` is the half-size along axis i.
 */
export interface Obb {
  center: Float64Array;
  axes: Float64Array;
  halfExtents: Float64Array;
}

/**
 * A hull whose volume (in coordinates normalised so the largest AABB half-extent is 1, i.e.
 * against a box volume of up to 8) is below this counts as flat: its covariance says nothing
 * about the thin direction, and the point covariance plus rectangle search do better.
 */
const FLAT_HULL_VOLUME = 1e-9;
/** Extents grow by this times the coordinate magnitude so rounding never lets a point out. */
const CONTAIN_EPS = 1e-12;
/** Padding (normalised units) when comparing candidate boxes: flat boxes compare by area. */
const COMPARE_PAD = 1e-9;
/** A candidate must be smaller by this factor to replace an earlier one (AABB comes first). */
const IMPROVEMENT = 1 - 1e-9;
/** Largest hull faces whose normals seed extra candidate frames. */
const FACE_CANDIDATES = 4;
/** At most this many 2-D hull edges are tried by the rotating-rectangle search. */
const MAX_RECT_EDGES = 256;

/**
 * Fits an OBB to `count` points (xyz flat in `positions`; default all of them), per
 * Gottschalk et al. (OBBTree, 1996): the axes are the eigenvectors of the covariance of the
 * convex hull's surface (integrated over the hull triangles, area-weighted), and the extents
 * come from projecting every input point on them.
 *
 * The covariance frame is only a guess when eigenvalues repeat (cubes, square bars), so it
 * competes with a few cheap alternatives and the smallest box wins: the AABB axes (kept on
 * ties, so axis-aligned CAD parts get exact axis-aligned boxes), the minimum-area rectangle
 * around each eigenvector, and around the normals of the largest hull faces.
 *
 * Fallbacks: fewer than 4 points, or points that are coplanar, collinear or coincident (no hull
 * with volume) use the covariance of the points instead of the hull's; all coincident points
 * give the AABB axes. The hull is built here with exact predicates (see `convexHull`): the
 * quickhull3d package hangs on nearly collinear or coplanar input. The result never holds NaN
 * and always contains every input point: extents are grown by a relative epsilon (1e-12 of
 * the coordinate magnitude).
 *
 * @throws SurfcdError INVALID_MESH when there are no points, `count` does not fit `positions`,
 *   or a coordinate is not finite.
 */
export function fitObb(positions: ArrayLike<number>, count?: number): Obb {
  const n = count ?? Math.floor(positions.length / 3);
  if (!Number.isInteger(n) || n < 0 || n * 3 > positions.length) {
    throw new SurfcdError('INVALID_MESH', `fitObb: count ${count} does not fit ${positions.length} coordinates (need 3 per point)`);
  }
  if (n === 0) throw new SurfcdError('INVALID_MESH', 'fitObb: no points to bound');

  const box = emptyAabb();
  for (let i = 0; i < n; i++) {
    const x = positions[3 * i]!, y = positions[3 * i + 1]!, z = positions[3 * i + 2]!;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      throw new SurfcdError('INVALID_MESH', `fitObb: point ${i} is (${x}, ${y}, ${z}), expected finite coordinates`);
    }
    expandAabbByPoint(box, x, y, z);
  }
  const identity = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const norm = normalisedPoints(positions, n);
  const centre: [number, number, number] = [0.5 * box[0]! + 0.5 * box[3]!, 0.5 * box[1]! + 0.5 * box[4]!, 0.5 * box[2]! + 0.5 * box[5]!];
  // all coincident (or one point): the AABB, i.e. the point itself
  if (!norm) return finalize(positions, n, centre, identity, CONTAIN_EPS * aabbMagnitude(box));
  // Work in normalised coordinates: centred on the AABB, largest half-extent 1.
  const { q, c, s } = norm;
  const eps = CONTAIN_EPS * (aabbMagnitude(box) + s);

  const hull = hullStatistics(q, n);
  const support = hull ? hull.vertices : allIndices(n);
  const covariance = hull ? hull.covariance : pointCovariance(q, n);
  const eigen = symmetricEigen3(covariance);

  const candidates: Float64Array[] = [identity, eigen.vectors];
  for (let k = 0; k < 3; k++) {
    candidates.push(rectangleFrame(q, support, eigen.vectors.subarray(3 * k, 3 * k + 3)));
  }
  if (hull) {
    for (const normal of hull.largestFaceNormals) candidates.push(rectangleFrame(q, support, normal));
  }

  let best: Float64Array = identity;
  let bestVolume = paddedVolume(q, support, identity);
  for (let k = 1; k < candidates.length; k++) {
    const axes = candidates[k]!;
    if (!allFinite(axes)) continue;
    const volume = paddedVolume(q, support, axes);
    if (volume < bestVolume * IMPROVEMENT) {
      best = axes;
      bestVolume = volume;
    }
  }
  return finalize(positions, n, c, best, eps);
}

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
function normalisedPoints(positions: ArrayLike<number>, n: number): { q: Float64Array; c: [number, number, number]; s: number } | null {
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
 * The covariance of the convex hull's surface as OBBTree defines it (every hull triangle
 * integrated, area-weighted), with the hull's surface centroid `mean`, in the points' units.
 * Null when there is no hull with volume (fewer than 4 points, flat, collinear, coincident).
 */
export function hullCovariance(
  positions: ArrayLike<number>,
  count?: number,
): { mean: Float64Array; covariance: Float64Array; area: number } | null {
  const n = count ?? Math.floor(positions.length / 3);
  const norm = normalisedPoints(positions, n);
  if (!norm) return null;
  const { q, c, s } = norm;
  const hull = hullStatistics(q, n);
  if (!hull) return null;
  const covariance = new Float64Array(9);
  for (let i = 0; i < 9; i++) covariance[i] = hull.covariance[i]! * s * s;
  const mean = new Float64Array([c[0] + s * hull.mean[0]!, c[1] + s * hull.mean[1]!, c[2] + s * hull.mean[2]!]);
  return { mean, covariance, area: hull.area * s * s };
}

interface Hull {
  /** Indices of the points on the hull. */
  vertices: Uint32Array;
  mean: Float64Array;
  covariance: Float64Array;
  area: number;
  /** Unit normals of the largest hull facets (coplanar triangles grouped). */
  largestFaceNormals: Float64Array[];
}

/** The convex hull of normalised points and its surface statistics, or null if degenerate. */
function hullStatistics(q: Float64Array, n: number): Hull | null {
  const triangles = hullTriangles(q, n);
  if (!triangles) return null;

  let area = 0;
  let volume6 = 0;
  let sx = 0, sy = 0, sz = 0;
  // Second moments about the origin (the AABB centre, so no cancellation).
  let mxx = 0, myy = 0, mzz = 0, mxy = 0, mxz = 0, myz = 0;
  const onHull = new Uint8Array(n);
  const tCount = triangles.length / 3;
  const triArea = new Float64Array(tCount);
  const triNormal = new Float64Array(3 * tCount);
  for (let t = 0; t < tCount; t++) {
    const i0 = triangles[3 * t]!, i1 = triangles[3 * t + 1]!, i2 = triangles[3 * t + 2]!;
    onHull[i0] = 1; onHull[i1] = 1; onHull[i2] = 1;
    const px = q[3 * i0]!, py = q[3 * i0 + 1]!, pz = q[3 * i0 + 2]!;
    const qx = q[3 * i1]!, qy = q[3 * i1 + 1]!, qz = q[3 * i1 + 2]!;
    const rx = q[3 * i2]!, ry = q[3 * i2 + 1]!, rz = q[3 * i2 + 2]!;
    const ux = qx - px, uy = qy - py, uz = qz - pz;
    const vx = rx - px, vy = ry - py, vz = rz - pz;
    const cxp = uy * vz - uz * vy, cyp = uz * vx - ux * vz, czp = ux * vy - uy * vx;
    const len = Math.hypot(cxp, cyp, czp);
    const m = 0.5 * len;
    volume6 += px * (qy * rz - qz * ry) + py * (qz * rx - qx * rz) + pz * (qx * ry - qy * rx);
    if (!(m > 0)) continue;
    triArea[t] = m;
    triNormal[3 * t] = cxp / len; triNormal[3 * t + 1] = cyp / len; triNormal[3 * t + 2] = czp / len;
    // ∫ x xᵀ dA over a triangle = m/12 · (9 g gᵀ + p pᵀ + q qᵀ + r rᵀ), g its centroid.
    const gx = (px + qx + rx) / 3, gy = (py + qy + ry) / 3, gz = (pz + qz + rz) / 3;
    const w = m / 12;
    area += m;
    sx += m * gx; sy += m * gy; sz += m * gz;
    mxx += w * (9 * gx * gx + px * px + qx * qx + rx * rx);
    myy += w * (9 * gy * gy + py * py + qy * qy + ry * ry);
    mzz += w * (9 * gz * gz + pz * pz + qz * qz + rz * rz);
    mxy += w * (9 * gx * gy + px * py + qx * qy + rx * ry);
    mxz += w * (9 * gx * gz + px * pz + qx * qz + rx * rz);
    myz += w * (9 * gy * gz + py * pz + qy * qz + ry * rz);
  }
  if (!(area > 0) || !(Math.abs(volume6) / 6 > FLAT_HULL_VOLUME) || !Number.isFinite(volume6)) return null;

  const mean = new Float64Array([sx / area, sy / area, sz / area]);
  const covariance = new Float64Array(9);
  covariance[0] = mxx / area - mean[0]! * mean[0]!;
  covariance[4] = myy / area - mean[1]! * mean[1]!;
  covariance[8] = mzz / area - mean[2]! * mean[2]!;
  covariance[1] = covariance[3] = mxy / area - mean[0]! * mean[1]!;
  covariance[2] = covariance[6] = mxz / area - mean[0]! * mean[2]!;
  covariance[5] = covariance[7] = myz / area - mean[1]! * mean[2]!;
  if (!allFinite(covariance)) return null;

  let hullCount = 0;
  for (let i = 0; i < n; i++) hullCount += onHull[i]!;
  const vertices = new Uint32Array(hullCount);
  for (let i = 0, k = 0; i < n; i++) if (onHull[i]) vertices[k++] = i;

  return { vertices, mean, covariance, area, largestFaceNormals: largestFacets(triArea, triNormal) };
}

/** Normals of the largest hull facets: coplanar triangles grouped by normal, by total area. */
function largestFacets(triArea: Float64Array, triNormal: Float64Array): Float64Array[] {
  const order = Array.from(triArea.keys()).sort((i, j) => triArea[j]! - triArea[i]!);
  const groups: { normal: Float64Array; area: number }[] = [];
  for (const t of order) {
    if (!(triArea[t]! > 0)) break;
    const nx = triNormal[3 * t]!, ny = triNormal[3 * t + 1]!, nz = triNormal[3 * t + 2]!;
    const g = groups.find((h) => h.normal[0]! * nx + h.normal[1]! * ny + h.normal[2]! * nz > 1 - 1e-9);
    if (g) g.area += triArea[t]!;
    else if (groups.length < 64) groups.push({ normal: new Float64Array([nx, ny, nz]), area: triArea[t]! });
  }
  groups.sort((a, b) => b.area - a.area);
  return groups.slice(0, FACE_CANDIDATES).map((g) => g.normal);
}

// ---------------------------------------------------------------------------------------------
// Convex hull. quickhull3d (the package) loops forever on nearly collinear or nearly coplanar
// input (ten points on a line are enough) and its package entry does not load in plain Node, so
// the hull is built here: incremental insertion with conflict lists, on coordinates snapped to
// a 2⁻⁵¹ grid (about one ulp), with an exact orientation predicate (floating-point filter,
// BigInt fallback).
// Exact signs keep the combinatorics consistent, so it always terminates with a closed,
// outward-oriented triangulated surface (coplanar triangles are not merged).

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
function hullTriangles(q: Float64Array, n: number): Uint32Array | null {
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
function orient(X: Float64Array, a: number, b: number, c: number, p: number): number {
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

/** Covariance of the points themselves (the fallback when there is no hull with volume). */
function pointCovariance(q: Float64Array, n: number): Float64Array {
  let mx = 0, my = 0, mz = 0;
  for (let i = 0; i < n; i++) { mx += q[3 * i]!; my += q[3 * i + 1]!; mz += q[3 * i + 2]!; }
  mx /= n; my /= n; mz /= n;
  let xx = 0, yy = 0, zz = 0, xy = 0, xz = 0, yz = 0;
  for (let i = 0; i < n; i++) {
    const x = q[3 * i]! - mx, y = q[3 * i + 1]! - my, z = q[3 * i + 2]! - mz;
    xx += x * x; yy += y * y; zz += z * z; xy += x * y; xz += x * z; yz += y * z;
  }
  return new Float64Array([xx / n, xy / n, xz / n, xy / n, yy / n, yz / n, xz / n, yz / n, zz / n]);
}

/**
 * The frame (a, normal × a, normal) whose first two axes bound the projection of the points
 * on the plane ⊥ `normal` with the smallest rectangle. The minimum-area rectangle has a side
 * on the 2-D hull, so the hull edges are the candidates (at most MAX_RECT_EDGES of them).
 */
function rectangleFrame(q: Float64Array, support: Uint32Array, normalIn: ArrayLike<number>): Float64Array {
  const frame = new Float64Array(9);
  frame[0] = normalIn[0]!; frame[1] = normalIn[1]!; frame[2] = normalIn[2]!;
  orthonormalizeRows(frame); // rows: normal, u, v
  const ex = frame[0]!, ey = frame[1]!, ez = frame[2]!;
  const ux = frame[3]!, uy = frame[4]!, uz = frame[5]!;
  const vx = frame[6]!, vy = frame[7]!, vz = frame[8]!;
  const m = support.length;
  const xs = new Float64Array(m), ys = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const i = support[k]!;
    const px = q[3 * i]!, py = q[3 * i + 1]!, pz = q[3 * i + 2]!;
    xs[k] = px * ux + py * uy + pz * uz;
    ys[k] = px * vx + py * vy + pz * vz;
  }
  const ring = hull2d(xs, ys);
  let dx = 1, dy = 0;
  if (ring.length >= 2) {
    const edges = ring.length === 2 ? 1 : ring.length;
    const stride = Math.ceil(edges / MAX_RECT_EDGES);
    let bestArea = Infinity;
    for (let e = 0; e < edges; e += stride) {
      const a = ring[e]!, b = ring[(e + 1) % ring.length]!;
      let ex2 = xs[b]! - xs[a]!, ey2 = ys[b]! - ys[a]!;
      const len = Math.hypot(ex2, ey2);
      if (!(len > 0)) continue;
      ex2 /= len; ey2 /= len;
      let lo1 = Infinity, hi1 = -Infinity, lo2 = Infinity, hi2 = -Infinity;
      for (const k of ring) {
        const p1 = xs[k]! * ex2 + ys[k]! * ey2;
        const p2 = ys[k]! * ex2 - xs[k]! * ey2;
        if (p1 < lo1) lo1 = p1;
        if (p1 > hi1) hi1 = p1;
        if (p2 < lo2) lo2 = p2;
        if (p2 > hi2) hi2 = p2;
      }
      const area = (hi1 - lo1 + COMPARE_PAD) * (hi2 - lo2 + COMPARE_PAD);
      if (area < bestArea) {
        bestArea = area;
        dx = ex2;
        dy = ey2;
      }
    }
  }
  const ax = dx * ux + dy * vx, ay = dx * uy + dy * vy, az = dx * uz + dy * vz;
  const axes = new Float64Array(9);
  axes[0] = ax; axes[1] = ay; axes[2] = az;
  axes[3] = ey * az - ez * ay; axes[4] = ez * ax - ex * az; axes[5] = ex * ay - ey * ax;
  return orthonormalizeRows(axes);
}

/** Andrew's monotone chain; returns indices of the counter-clockwise hull (no collinear points). */
function hull2d(xs: Float64Array, ys: Float64Array): number[] {
  const m = xs.length;
  const idx = Array.from({ length: m }, (_, i) => i).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]!);
  if (m < 3) {
    if (m === 2 && xs[idx[0]!] === xs[idx[1]!] && ys[idx[0]!] === ys[idx[1]!]) return [idx[0]!];
    return idx;
  }
  const cross = (o: number, a: number, b: number) =>
    (xs[a]! - xs[o]!) * (ys[b]! - ys[o]!) - (ys[a]! - ys[o]!) * (xs[b]! - xs[o]!);
  const out: number[] = [];
  for (const i of idx) {
    while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, i) <= 0) out.pop();
    out.push(i);
  }
  const lower = out.length + 1;
  for (let k = m - 2; k >= 0; k--) {
    const i = idx[k]!;
    while (out.length >= lower && cross(out[out.length - 2]!, out[out.length - 1]!, i) <= 0) out.pop();
    out.push(i);
  }
  out.pop();
  if (out.length === 2 && xs[out[0]!] === xs[out[1]!] && ys[out[0]!] === ys[out[1]!]) out.pop();
  return out;
}

/** Π (extent_i + pad) of the box with the given axes around the support points. */
function paddedVolume(q: Float64Array, support: Uint32Array, axes: Float64Array): number {
  let volume = 1;
  for (let r = 0; r < 3; r++) {
    const ax = axes[3 * r]!, ay = axes[3 * r + 1]!, az = axes[3 * r + 2]!;
    let lo = Infinity, hi = -Infinity;
    for (let k = 0; k < support.length; k++) {
      const i = support[k]!;
      const p = q[3 * i]! * ax + q[3 * i + 1]! * ay + q[3 * i + 2]! * az;
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
    volume *= hi - lo + COMPARE_PAD;
  }
  return volume;
}

/** The OBB with the given axes bounding all points (original coordinates), grown by eps. */
function finalize(positions: ArrayLike<number>, n: number, c: readonly [number, number, number], axesIn: Float64Array, eps: number): Obb {
  const axes = orthonormalizeRows(Float64Array.from(axesIn));
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    const dx = positions[3 * i]! - c[0], dy = positions[3 * i + 1]! - c[1], dz = positions[3 * i + 2]! - c[2];
    for (let r = 0; r < 3; r++) {
      const p = axes[3 * r]! * dx + axes[3 * r + 1]! * dy + axes[3 * r + 2]! * dz;
      if (p < lo[r]!) lo[r] = p;
      if (p > hi[r]!) hi[r] = p;
    }
  }
  const center = new Float64Array([c[0], c[1], c[2]]);
  const halfExtents = new Float64Array(3);
  for (let r = 0; r < 3; r++) {
    const mid = 0.5 * lo[r]! + 0.5 * hi[r]!;
    halfExtents[r] = (0.5 * hi[r]! - 0.5 * lo[r]!) + eps;
    center[0] += mid * axes[3 * r]!;
    center[1] += mid * axes[3 * r + 1]!;
    center[2] += mid * axes[3 * r + 2]!;
  }
  return { center, axes, halfExtents };
}

function allIndices(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

function allFinite(v: ArrayLike<number>): boolean {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i]!)) return false;
  return true;
}

/**
 * Relative slack for the overlap test's own rounding, of the magnitudes involved (centres,
 * translation, extents): its few operations err by a few ulps of them, this is twice that.
 */
const OVERLAP_SLACK = 16 * Number.EPSILON;
/** Added to |R| entries so that (nearly) parallel edges cannot produce a false separation. */
const ABS_R_EPS = 1e-12;

const R = new Float64Array(9);
const AR = new Float64Array(9);

/**
 * Gottschalk's 15-axis separating-axis test. `bToA` takes b's local coordinates to a's (both
 * boxes are given in their own parts' frames). Inclusive: touching boxes overlap. `margin`
 * grows both boxes by that much on every side (so boxes whose distance is at most 2·margin
 * always overlap). Rounding cannot separate touching boxes: every comparison gets a slack of
 * a few ulps of the magnitudes involved and |R| entries get the usual epsilon.
 */
export function obbsOverlap(a: Obb, b: Obb, bToA: Rigid, margin = 0): boolean {
  const A = a.axes, B = b.axes, m = bToA, ca = a.center, cb = b.center;
  // R[i][j] = A_i · (M B_j): b's axes in a's box frame (columns of R).
  for (let j = 0; j < 3; j++) {
    const b0 = B[3 * j]!, b1 = B[3 * j + 1]!, b2 = B[3 * j + 2]!;
    const wx = m[0]! * b0 + m[1]! * b1 + m[2]! * b2;
    const wy = m[4]! * b0 + m[5]! * b1 + m[6]! * b2;
    const wz = m[8]! * b0 + m[9]! * b1 + m[10]! * b2;
    for (let i = 0; i < 3; i++) {
      const r = A[3 * i]! * wx + A[3 * i + 1]! * wy + A[3 * i + 2]! * wz;
      R[3 * i + j] = r;
      AR[3 * i + j] = Math.abs(r) + ABS_R_EPS;
    }
  }
  // T: b's centre relative to a's, in a's box frame.
  const c0 = cb[0]!, c1 = cb[1]!, c2 = cb[2]!;
  const tx = m[0]! * c0 + m[1]! * c1 + m[2]! * c2 + m[3]! - ca[0]!;
  const ty = m[4]! * c0 + m[5]! * c1 + m[6]! * c2 + m[7]! - ca[1]!;
  const tz = m[8]! * c0 + m[9]! * c1 + m[10]! * c2 + m[11]! - ca[2]!;
  const T0 = A[0]! * tx + A[1]! * ty + A[2]! * tz;
  const T1 = A[3]! * tx + A[4]! * ty + A[5]! * tz;
  const T2 = A[6]! * tx + A[7]! * ty + A[8]! * tz;

  const a0 = a.halfExtents[0]! + margin, a1 = a.halfExtents[1]! + margin, a2 = a.halfExtents[2]! + margin;
  const b0 = b.halfExtents[0]! + margin, b1 = b.halfExtents[1]! + margin, b2 = b.halfExtents[2]! + margin;
  // Rounding slack: T carries errors of a few ulps of the coordinates it came from (slackT);
  // the radii and the products with R err by ulps of the extents and of T (slackE).
  const slackT =
    OVERLAP_SLACK *
    (Math.abs(ca[0]!) + Math.abs(ca[1]!) + Math.abs(ca[2]!) + Math.abs(c0) + Math.abs(c1) + Math.abs(c2) +
      Math.abs(m[3]!) + Math.abs(m[7]!) + Math.abs(m[11]!));
  const slackE =
    OVERLAP_SLACK *
    (Math.abs(a0) + Math.abs(a1) + Math.abs(a2) + Math.abs(b0) + Math.abs(b1) + Math.abs(b2) +
      Math.abs(T0) + Math.abs(T1) + Math.abs(T2));
  const slack = slackT + slackE;

  const r00 = R[0]!, r01 = R[1]!, r02 = R[2]!, r10 = R[3]!, r11 = R[4]!, r12 = R[5]!, r20 = R[6]!, r21 = R[7]!, r22 = R[8]!;
  const s00 = AR[0]!, s01 = AR[1]!, s02 = AR[2]!, s10 = AR[3]!, s11 = AR[4]!, s12 = AR[5]!, s20 = AR[6]!, s21 = AR[7]!, s22 = AR[8]!;

  // A's face axes.
  if (Math.abs(T0) > a0 + b0 * s00 + b1 * s01 + b2 * s02 + slack) return false;
  if (Math.abs(T1) > a1 + b0 * s10 + b1 * s11 + b2 * s12 + slack) return false;
  if (Math.abs(T2) > a2 + b0 * s20 + b1 * s21 + b2 * s22 + slack) return false;
  // B's face axes.
  if (Math.abs(T0 * r00 + T1 * r10 + T2 * r20) > a0 * s00 + a1 * s10 + a2 * s20 + b0 + slack) return false;
  if (Math.abs(T0 * r01 + T1 * r11 + T2 * r21) > a0 * s01 + a1 * s11 + a2 * s21 + b1 + slack) return false;
  if (Math.abs(T0 * r02 + T1 * r12 + T2 * r22) > a0 * s02 + a1 * s12 + a2 * s22 + b2 + slack) return false;
  // Edge–edge axes A_i × B_j. These are not unit (|L| = sin of the angle between the edges),
  // so the error carried by T shrinks with |L| ≤ the two |R| entries in it.
  if (Math.abs(T2 * r10 - T1 * r20) > a1 * s20 + a2 * s10 + b1 * s02 + b2 * s01 + slackT * (s10 + s20) + slackE) return false;
  if (Math.abs(T2 * r11 - T1 * r21) > a1 * s21 + a2 * s11 + b0 * s02 + b2 * s00 + slackT * (s11 + s21) + slackE) return false;
  if (Math.abs(T2 * r12 - T1 * r22) > a1 * s22 + a2 * s12 + b0 * s01 + b1 * s00 + slackT * (s12 + s22) + slackE) return false;
  if (Math.abs(T0 * r20 - T2 * r00) > a0 * s20 + a2 * s00 + b1 * s12 + b2 * s11 + slackT * (s20 + s00) + slackE) return false;
  if (Math.abs(T0 * r21 - T2 * r01) > a0 * s21 + a2 * s01 + b0 * s12 + b2 * s10 + slackT * (s21 + s01) + slackE) return false;
  if (Math.abs(T0 * r22 - T2 * r02) > a0 * s22 + a2 * s02 + b0 * s11 + b1 * s10 + slackT * (s22 + s02) + slackE) return false;
  if (Math.abs(T1 * r00 - T0 * r10) > a0 * s10 + a1 * s00 + b1 * s22 + b2 * s21 + slackT * (s00 + s10) + slackE) return false;
  if (Math.abs(T1 * r01 - T0 * r11) > a0 * s11 + a1 * s01 + b0 * s22 + b2 * s20 + slackT * (s01 + s11) + slackE) return false;
  if (Math.abs(T1 * r02 - T0 * r12) > a0 * s12 + a1 * s02 + b0 * s21 + b1 * s20 + slackT * (s02 + s12) + slackE) return false;
  return true;
}

/**
 * The 8 corners of the box (24 numbers, xyz each). Corner k takes +halfExtent[i] along axis i
 * when bit i of k is set, −halfExtent[i] otherwise.
 */
export function obbCorners(o: Obb): Float64Array {
  const out = new Float64Array(24);
  const A = o.axes, h = o.halfExtents, c = o.center;
  for (let k = 0; k < 8; k++) {
    const s0 = k & 1 ? h[0]! : -h[0]!;
    const s1 = k & 2 ? h[1]! : -h[1]!;
    const s2 = k & 4 ? h[2]! : -h[2]!;
    out[3 * k] = c[0]! + s0 * A[0]! + s1 * A[3]! + s2 * A[6]!;
    out[3 * k + 1] = c[1]! + s0 * A[1]! + s1 * A[4]! + s2 * A[7]!;
    out[3 * k + 2] = c[2]! + s0 * A[2]! + s1 * A[5]! + s2 * A[8]!;
  }
  return out;
}

/** Volume of the box. */
export function obbVolume(o: Obb): number {
  return 8 * o.halfExtents[0]! * o.halfExtents[1]! * o.halfExtents[2]!;
}
