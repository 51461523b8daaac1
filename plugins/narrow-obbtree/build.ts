/**
 * OBBTree construction (Gottschalk, Lin & Manocha 1996, §4): top-down, one triangle per
 * leaf. A node's box takes its axes from the covariance of the convex hull of its
 * triangles' vertices (hull surface integrated, as in the paper; flat sets fall back to the
 * area-weighted covariance of the triangles themselves, then of the points), and its extents
 * from projecting every vertex. The triangles are split by a plane orthogonal to the longest
 * box axis through the mean of their centroids; if that leaves one side empty the other two
 * axes are tried, and failing all, the range is halved.
 */
import { aabbMagnitude, hullCovariance, orthonormalizeRows, splitRange, symmetricEigen3, type Part } from '../../src/plugin.js';

/** Floats per node box: centre (3), axes as rows (9), half-extents (3). */
export const BOX = 15;
/** Set in `child` for leaves; the low bits are then the triangle index. */
export const LEAF = 0x80000000;

export interface ObbTree {
  /**
   * BOX numbers per node, in the part's frame, in single precision (as RAPID stores them:
   * 60 + 4 bytes per node). Rounding the axes and centre to floats makes each box a slightly
   * skewed parallelepiped; the half-extents are grown to cover that (see `toSingle`).
   */
  boxes: Float32Array;
  /** Per node: the index of the first of its two children, or LEAF | triangle. */
  child: Uint32Array;
  nodeCount: number;
}

/** Boxes grow by this fraction of the part's coordinate magnitude, so rounding never lets a vertex out. */
const CONTAIN_EPS = 1e-12;

export function buildObbTree(part: Part): ObbTree {
  const n = part.indices.length / 3;
  const nodeCount = Math.max(0, 2 * n - 1);
  const boxes = new Float64Array(BOX * nodeCount);
  const child = new Uint32Array(nodeCount);
  if (n === 0) return { boxes: new Float32Array(0), child, nodeCount };
  const { positions, indices } = part;
  const eps = CONTAIN_EPS * aabbMagnitude(part.bounds);
  const order = new Uint32Array(n);
  for (let t = 0; t < n; t++) order[t] = t;
  const centroid = new Float64Array(3 * n);
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 3; k++) {
      centroid[3 * t + k] = (positions[3 * indices[3 * t]! + k]! + positions[3 * indices[3 * t + 1]! + k]! + positions[3 * indices[3 * t + 2]! + k]!) / 3;
    }
  }
  let points = new Float64Array(9 * n);
  // Work items: node, first, end (a range of `order`).
  const work: number[] = [0, 0, n];
  let next = 1;
  while (work.length > 0) {
    const end = work.pop()!, first = work.pop()!, node = work.pop()!;
    const count = end - first;
    if (points.length < 9 * count) points = new Float64Array(9 * count);
    for (let i = 0; i < count; i++) {
      const t = order[first + i]!;
      for (let v = 0; v < 3; v++) {
        const p = 3 * indices[3 * t + v]!;
        points[9 * i + 3 * v] = positions[p]!;
        points[9 * i + 3 * v + 1] = positions[p + 1]!;
        points[9 * i + 3 * v + 2] = positions[p + 2]!;
      }
    }
    const o = BOX * node;
    fitBox(points, 3 * count, frameOf(points, count), eps, boxes, o);
    if (count === 1) {
      child[node] = LEAF | order[first]!;
      continue;
    }
    const split = splitRange(order, first, end, centroid, boxes, o);
    child[node] = next;
    work.push(next, first, split, next + 1, split, end);
    next += 2;
  }
  return { boxes: toSingle(boxes, nodeCount), child, nodeCount };
}

/**
 * Relative growth of the half-extents when boxes go to single precision. Rounding moves each
 * axis by at most 2⁻²⁴ per component and the centre by 2⁻²⁴ of its size, so every point of
 * the exact box lies within about 1e-7 · (Σ half-extents + |centre|₁) of the rounded box in
 * its own (skewed) coordinates, and the 15-axis formulas, which take the rounded axes as
 * orthonormal, err by as much again; 1e-6 covers both with a wide margin.
 */
const SINGLE_GROWTH = 1e-6;

function toSingle(boxes: Float64Array, nodeCount: number): Float32Array {
  const out = new Float32Array(boxes.length);
  for (let node = 0; node < nodeCount; node++) {
    const o = BOX * node;
    for (let i = 0; i < 12; i++) out[o + i] = boxes[o + i]!;
    const grow = SINGLE_GROWTH * (boxes[o + 12]! + boxes[o + 13]! + boxes[o + 14]! + Math.abs(boxes[o]!) + Math.abs(boxes[o + 1]!) + Math.abs(boxes[o + 2]!));
    for (let r = 12; r < 15; r++) {
      const h = boxes[o + r]! + grow;
      let f = Math.fround(h);
      // Round up, never down.
      if (f < h) f = Math.fround(f + Math.max(Math.abs(f) * 2 ** -23, Number.MIN_VALUE));
      out[o + r] = f;
    }
  }
  return out;
}

/** Box axes (rows) for `count` triangles whose vertices are in `points`. */
function frameOf(points: Float64Array, count: number): Float64Array {
  const hull = count > 1 ? hullCovariance(points, 3 * count) : null;
  const covariance = hull ? hull.covariance : triangleCovariance(points, count);
  const axes = orthonormalizeRows(Float64Array.from(symmetricEigen3(covariance).vectors));
  for (let i = 0; i < 9; i++) if (!Number.isFinite(axes[i]!)) return new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  return axes;
}

/**
 * Gottschalk's covariance of a triangle set (area-weighted, each triangle integrated); the
 * points' covariance when the triangles have no area.
 */
function triangleCovariance(points: Float64Array, count: number): Float64Array {
  const c = new Float64Array(9);
  const mean = [0, 0, 0];
  let area = 0;
  for (let t = 0; t < count; t++) {
    const o = 9 * t;
    const ux = points[o + 3]! - points[o]!, uy = points[o + 4]! - points[o + 1]!, uz = points[o + 5]! - points[o + 2]!;
    const vx = points[o + 6]! - points[o]!, vy = points[o + 7]! - points[o + 1]!, vz = points[o + 8]! - points[o + 2]!;
    const w = 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    area += w;
    for (let j = 0; j < 3; j++) mean[j] += (w * (points[o + j]! + points[o + 3 + j]! + points[o + 6 + j]!)) / 3;
  }
  const weighted = area > 0;
  const total = weighted ? area : 3 * count;
  if (!weighted) {
    for (let j = 0; j < 3; j++) {
      mean[j] = 0;
      for (let v = 0; v < 3 * count; v++) mean[j] += points[3 * v + j]!;
    }
  }
  for (let j = 0; j < 3; j++) mean[j] /= total;
  for (let t = 0; t < count; t++) {
    const o = 9 * t;
    const ux = points[o + 3]! - points[o]!, uy = points[o + 4]! - points[o + 1]!, uz = points[o + 5]! - points[o + 2]!;
    const vx = points[o + 6]! - points[o]!, vy = points[o + 7]! - points[o + 1]!, vz = points[o + 8]! - points[o + 2]!;
    const w = weighted ? 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) : 1;
    if (w === 0) continue;
    for (let j = 0; j < 3; j++) {
      for (let k = 0; k < 3; k++) {
        const pj = points[o + j]! - mean[j]!, qj = points[o + 3 + j]! - mean[j]!, rj = points[o + 6 + j]! - mean[j]!;
        const pk = points[o + k]! - mean[k]!, qk = points[o + 3 + k]! - mean[k]!, rk = points[o + 6 + k]! - mean[k]!;
        // ∫ over the triangle of x_j x_k (weighted) or the sum over its three points (unweighted).
        c[3 * j + k] += weighted ? (w / 12) * ((pj + qj + rj) * (pk + qk + rk) + pj * pk + qj * qk + rj * rk) : pj * pk + qj * qk + rj * rk;
      }
    }
  }
  return c;
}

/** Writes the box with these axes around all points (grown by eps) into out[o..o+14]. */
function fitBox(points: Float64Array, count: number, axes: Float64Array, eps: number, out: Float64Array, o: number): void {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    const x = points[3 * i]!, y = points[3 * i + 1]!, z = points[3 * i + 2]!;
    for (let r = 0; r < 3; r++) {
      const p = axes[3 * r]! * x + axes[3 * r + 1]! * y + axes[3 * r + 2]! * z;
      if (p < lo[r]!) lo[r] = p;
      if (p > hi[r]!) hi[r] = p;
    }
  }
  out[o] = out[o + 1] = out[o + 2] = 0;
  for (let r = 0; r < 3; r++) {
    const mid = 0.5 * lo[r]! + 0.5 * hi[r]!;
    for (let k = 0; k < 3; k++) out[o + k] += mid * axes[3 * r + k]!;
    out[o + 3 + 3 * r] = axes[3 * r]!;
    out[o + 4 + 3 * r] = axes[3 * r + 1]!;
    out[o + 5 + 3 * r] = axes[3 * r + 2]!;
    // The centre is rebuilt from the axes, so its rounding is covered too (eps ≫ a few ulps).
    out[o + 12 + r] = 0.5 * hi[r]! - 0.5 * lo[r]! + eps;
  }
}
