import { SurfcdError } from '../errors.js';
import { aabbMagnitude, emptyAabb } from './aabb.js';
import { firstOccurrences, normalisedPoints } from './convexHull.js';
import { allFinite, hullStatistics, paddedVolume, pointCovariance, rectangleFrame } from './obbFrames.js';
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

/** Extents grow by this times the coordinate magnitude so rounding never lets a point out. */
const CONTAIN_EPS = 1e-12;
/** A candidate must be smaller by this factor to replace an earlier one (AABB comes first). */
const IMPROVEMENT = 1 - 1e-9;

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
 * Above 1024 points the axes are chosen on a bounded sample (the extreme points along 13
 * directions plus an even stride), so the fit stays linear; the extents still come from every
 * point, and the AABB wins when the sampled frame turns out bigger.
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
  const n = pointCount(positions, count, 'fitObb');
  const box = finiteBounds(positions, n, 'fitObb');
  const identity = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  // Near the subnormal range products and halvings round by whole units of the last place, which
  // is no longer relative to the coordinates: keep the box's own axes, extents widened by a few units.
  const magnitude = aabbMagnitude(box);
  if (magnitude > 0 && magnitude < TINY) return tinyAabbObb(box, identity);
  // Large clouds: choose the axes from a bounded sample (the extremes plus an even stride),
  // then bound every point along them. Linear in n; the exact hull of 300k points took seconds.
  const sample = n > SAMPLE_ABOVE ? boundedSample(positions, n) : null;
  // A point repeated (CAD meshes repeat each vertex once per face) changes neither the hull,
  // its statistics and support (built from first occurrences, in order), nor any extent; only
  // a flat set's point covariance counts repeats, so that fallback takes every point.
  const distinct = sample ? null : distinctPoints(positions, n);
  const norm = sample ? normalisedPoints(sample, sample.length / 3) : normalisedPoints(distinct!, distinct!.length / 3);
  const centre: [number, number, number] = [0.5 * box[0]! + 0.5 * box[3]!, 0.5 * box[1]! + 0.5 * box[4]!, 0.5 * box[2]! + 0.5 * box[5]!];
  // all coincident (or one point): the AABB, i.e. the point itself
  if (!norm) return finalize(positions, n, centre, identity, CONTAIN_EPS * aabbMagnitude(box));
  // Work in normalised coordinates: centred on the AABB, largest half-extent 1.
  const { q, c, s } = norm;
  const eps = CONTAIN_EPS * (aabbMagnitude(box) + s);

  let m = sample ? sample.length / 3 : distinct!.length / 3;
  const hull = hullStatistics(q, m);
  let points = sample ?? distinct!;
  if (!hull && !sample && m < n) {
    // Flat: the fallback below weighs every point, repeats included, as it always has.
    points = positions instanceof Float64Array ? positions.subarray(0, 3 * n) : Float64Array.from({ length: 3 * n }, (_, k) => positions[k]!);
    m = n;
  }
  const qs = points === distinct || points === sample ? q : normalisedPoints(points, m)!.q;
  const support = hull ? hull.vertices : allIndices(m);
  const covariance = hull ? hull.covariance : pointCovariance(qs, m);
  const eigen = symmetricEigen3(covariance);

  const candidates: Float64Array[] = [identity, eigen.vectors];
  for (let k = 0; k < 3; k++) {
    candidates.push(rectangleFrame(qs, support, eigen.vectors.subarray(3 * k, 3 * k + 3)));
  }
  if (hull) {
    for (const normal of hull.largestFaceNormals) candidates.push(rectangleFrame(q, support, normal));
  }

  let best: Float64Array = identity;
  let bestVolume = paddedVolume(qs, support, identity);
  for (let k = 1; k < candidates.length; k++) {
    const axes = candidates[k]!;
    if (!allFinite(axes)) continue;
    const volume = paddedVolume(qs, support, axes);
    if (volume < bestVolume * IMPROVEMENT) {
      best = axes;
      bestVolume = volume;
    }
  }
  const fitted = distinct ? finalize(distinct, distinct.length / 3, c, best, eps) : finalize(positions, n, c, best, eps);
  if (!sample || best === identity) return fitted;
  // The sample chose the axes; all points decide: never worse than the AABB.
  const aligned = finalize(positions, n, c, identity, eps);
  return obbVolume(fitted) <= obbVolume(aligned) ? fitted : aligned;
}

/** The number of points `count` says (default: all of `positions`), checked against the array. */
function pointCount(positions: ArrayLike<number>, count: number | undefined, fn: string): number {
  const n = count ?? Math.floor(positions.length / 3);
  if (!Number.isInteger(n) || n < 0 || n * 3 > positions.length) {
    throw new SurfcdError('INVALID_MESH', `${fn}: count ${count} does not fit ${positions.length} coordinates (need 3 per point)`);
  }
  if (n === 0) throw new SurfcdError('INVALID_MESH', `${fn}: no points to bound`);
  return n;
}

/** The AABB of the first n points; throws on a coordinate that is not finite. */
function finiteBounds(positions: ArrayLike<number>, n: number, fn: string): Float64Array {
  const box = emptyAabb();
  // Inline min / max: this loop runs once per part in a cold process, where a call per point costs more than the point.
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = positions[3 * i]!, y = positions[3 * i + 1]!, z = positions[3 * i + 2]!;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      throw new SurfcdError('INVALID_MESH', `${fn}: point ${i} is (${x}, ${y}, ${z}), expected finite coordinates`);
    }
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  box[0] = x0; box[1] = y0; box[2] = z0; box[3] = x1; box[4] = y1; box[5] = z1;
  return box;
}

/**
 * A box for cheap rejects (the part-pair pre-checks): the smaller of the AABB and the box along
 * the points' covariance axes, each bounding every point and grown as fitObb's are. Two passes
 * over the points and a 3×3 eigen-solve, no hull. fitObb's hull and rectangle searches cost a
 * cold process more than the whole first pass of a small assembly's queries, while on every
 * part of the shared STEP files this box is within 1.2× of fitObb's volume (the AABB alone is
 * 27× on a diagonal link). Shape questions (widths, duplicates) use fitObb: this box is not
 * the same for two placements of a symmetric part.
 *
 * @throws SurfcdError INVALID_MESH as fitObb.
 */
export function coarseObb(positions: Float64Array, count?: number): Obb {
  const n = pointCount(positions, count, 'coarseObb');
  const box = finiteBounds(positions, n, 'coarseObb');
  const identity = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const magnitude = aabbMagnitude(box);
  if (magnitude > 0 && magnitude < TINY) return tinyAabbObb(box, identity);
  const c: [number, number, number] = [0.5 * box[0]! + 0.5 * box[3]!, 0.5 * box[1]! + 0.5 * box[4]!, 0.5 * box[2]! + 0.5 * box[5]!];
  const half = Math.max(box[3]! - box[0]!, box[4]! - box[1]!, box[5]! - box[2]!) / 2;
  const eps = CONTAIN_EPS * (magnitude + half);
  const aligned = finalize(positions, n, c, identity, eps);
  const eigen = symmetricEigen3(pointCovariance(positions, n));
  if (!allFinite(eigen.vectors)) return aligned;
  const turned = finalize(positions, n, c, eigen.vectors, eps);
  // Padded, so a flat set's boxes compare by area (both volumes are about zero).
  const pad = COARSE_PAD * half;
  const volume = (o: Obb): number => (o.halfExtents[0]! + pad) * (o.halfExtents[1]! + pad) * (o.halfExtents[2]! + pad);
  return volume(turned) < volume(aligned) * IMPROVEMENT ? turned : aligned;
}

/** Padding of coarseObb's comparison, relative to the largest half-extent. */
const COARSE_PAD = 1e-9;

/** Below this coordinate magnitude a cloud gets its AABB (fitObb). */
const TINY = 2 ** -960;

/** The AABB of a tiny cloud as an OBB: hi − lo is exact there, each halving rounds by ≤ half a unit. */
function tinyAabbObb(box: ArrayLike<number>, identity: Float64Array): Obb {
  const center = new Float64Array(3), halfExtents = new Float64Array(3);
  for (let k = 0; k < 3; k++) {
    center[k] = 0.5 * box[k]! + 0.5 * box[3 + k]!;
    halfExtents[k] = 0.5 * (box[3 + k]! - box[k]!) + 4 * Number.MIN_VALUE;
  }
  return { center, axes: identity, halfExtents };
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

/** Above this many points the axes come from a sample of about this many. */
const SAMPLE_ABOVE = 1024;
/** Directions whose extreme points always join the sample: axes, face and space diagonals (xyz flat). */
const DIRECTIONS = Float64Array.from([
  1, 0, 0, 0, 1, 0, 0, 0, 1,
  1, 1, 0, 1, -1, 0, 1, 0, 1, 1, 0, -1, 0, 1, 1, 0, 1, -1,
  1, 1, 1, 1, 1, -1, 1, -1, 1, -1, 1, 1,
]);
const DIRECTION_COUNT = DIRECTIONS.length / 3;

/** The points extreme along 13 directions (both ways) and every k-th point: about SAMPLE_ABOVE points, xyz flat. */
function boundedSample(positions: ArrayLike<number>, n: number): Float64Array {
  const stride = Math.ceil(n / (SAMPLE_ABOVE - 2 * DIRECTION_COUNT));
  const strided = Math.ceil(n / stride);
  const out = new Float64Array(3 * (strided + 2 * DIRECTION_COUNT));
  const lo = new Float64Array(DIRECTION_COUNT).fill(Infinity), hi = new Float64Array(DIRECTION_COUNT).fill(-Infinity);
  const extreme = new Uint32Array(2 * DIRECTION_COUNT);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const x = positions[3 * i]!, y = positions[3 * i + 1]!, z = positions[3 * i + 2]!;
    for (let d = 0; d < DIRECTION_COUNT; d++) {
      const p = DIRECTIONS[3 * d]! * x + DIRECTIONS[3 * d + 1]! * y + DIRECTIONS[3 * d + 2]! * z;
      if (p < lo[d]!) {
        lo[d] = p;
        extreme[2 * d] = i;
      }
      if (p > hi[d]!) {
        hi[d] = p;
        extreme[2 * d + 1] = i;
      }
    }
    if (i % stride === 0) {
      out[3 * k] = x;
      out[3 * k + 1] = y;
      out[3 * k + 2] = z;
      k++;
    }
  }
  for (let e = 0; e < extreme.length; e++) {
    const i = extreme[e]!;
    out[3 * k] = positions[3 * i]!;
    out[3 * k + 1] = positions[3 * i + 1]!;
    out[3 * k + 2] = positions[3 * i + 2]!;
    k++;
  }
  return out.subarray(0, 3 * k);
}

/** The points with every repeat after the first dropped (exact coordinate equality, order kept), xyz flat. */
export function distinctPoints(positions: ArrayLike<number>, n: number): Float64Array {
  const first = firstOccurrences(positions, n);
  const out = new Float64Array(3 * first.length);
  for (let k = 0; k < first.length; k++) {
    const i = first[k]!;
    out[3 * k] = positions[3 * i]!;
    out[3 * k + 1] = positions[3 * i + 1]!;
    out[3 * k + 2] = positions[3 * i + 2]!;
  }
  return out;
}

function allIndices(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
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
