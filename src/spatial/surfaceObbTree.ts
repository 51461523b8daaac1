// Per-surface OBB trees (tumbling all-triangles), built on first use: a binary tree
// of oriented boxes over one surface's triangles, one triangle per leaf, for the pair descent
// under rotated poses (traverse/pairDescent.ts). Each leaf's box is its triangle's own
// rectangle (an edge, the normal and their cross product as axes, zero thickness but for
// the containment margin), which is what makes slivers of tilted faces cheap: an axis-aligned
// box of a diagonal sliver is as large as the sliver is long. Nodes of at least FRAME_MIN
// triangles take their axes from the covariance of their vertices (Gottschalk 1996, without
// the hull: the build must stay cheap, it runs inside a query); smaller ones keep their
// parent's. Boxes are kept in double precision with orthonormal axes, so the 15-axis test
// reads them as they are.
import { aabbMagnitude } from '../math/aabb.js';
import { orthonormalizeRows, symmetricEigen3Into } from '../math/symmetricEigen.js';
import type { Surface } from '../model/types.js';
import { derivedOf, perSurface, type DerivedKind } from '../model/derived.js';

/** Numbers per node box: centre (3), axes as rows (9), half-extents (3). */
export const OBB_NODE = 15;
/** Set in `child` for leaves; the low bits are the triangle's index within its surface. */
export const OBB_LEAF = 0x80000000;

export interface SurfaceObbTree {
  /** OBB_NODE numbers per node, in the part's frame; node 0 is the root. */
  readonly boxes: Float64Array;
  /** Per node: index of the first of its two children (the second follows it), or OBB_LEAF | triangle. */
  readonly child: Uint32Array;
  /**
   * Per node: the largest shape factor (la + lb + lc)² / |n|₁ of its triangles (L1 edge
   * lengths and normal; ∞ for a triangle without area). The exact test's zero band, as a
   * distance, grows with it: the descent grows each box by it (traverse/pairDescent.ts).
   */
  readonly shape: Float64Array;
}

/** Nodes with fewer triangles keep their parent's axes (an eigen solve per node would be most of the build). */
const FRAME_MIN = 16;
/** Boxes grow by this fraction of the part's coordinate magnitude, so rounding never lets a vertex out. */
const CONTAIN_EPS = 1e-12;

/** Each surface's OBB tree once built, kept with the part and by the cache (its arrays as they are). */
const OBB_TREES: DerivedKind<(SurfaceObbTree | undefined)[]> = {
  name: 'surface-obb-trees',
  encode: (trees) => (trees.some((t) => t !== undefined) ? trees.map((t) => (t ? [t.boxes, t.child, t.shape] : 0)) : undefined),
  decode: (data, part) => {
    if (!Array.isArray(data) || data.length !== part.surfaces.length) throw new Error('OBB trees do not fit the part');
    return data.map((t, i): SurfaceObbTree | undefined => {
      if (t === 0) return undefined;
      const nodes = 2 * part.surfaces[i]!.triangleCount - 1;
      if (!Array.isArray(t) || !(t[0] instanceof Float64Array && t[1] instanceof Uint32Array && t[2] instanceof Float64Array)) throw new Error('not an OBB tree');
      if (t[0].length !== OBB_NODE * nodes || t[1].length !== nodes || t[2].length !== nodes) throw new Error('OBB tree does not fit the surface');
      return { boxes: t[0], child: t[1], shape: t[2] };
    });
  },
};

/** The surface's OBB tree, built now if it was not yet; null for an empty surface. */
export function surfaceObbTreeOf(surface: Surface): SurfaceObbTree | null {
  if (surface.triangleCount === 0) return null;
  const trees = perSurface(OBB_TREES, surface.part);
  let tree = trees[surface.index];
  if (tree === undefined) {
    trees[surface.index] = tree = buildSurfaceObbTree(surface);
    derivedOf(surface.part).touch(OBB_TREES);
  }
  return tree;
}

// Build scratch, reused: covariance, eigen output, axes.
const covariance = new Float64Array(9);
const eigenValues = new Float64Array(3);
const eigenVectors = new Float64Array(9);

export function buildSurfaceObbTree(surface: Surface): SurfaceObbTree {
  const { part, firstTriangle: first, triangleCount: n } = surface;
  const { positions, indices } = part;
  const nodeCount = 2 * n - 1;
  const boxes = new Float64Array(OBB_NODE * nodeCount);
  const child = new Uint32Array(nodeCount);
  const shape = new Float64Array(nodeCount);
  const eps = CONTAIN_EPS * aabbMagnitude(part.bounds);
  const order = new Uint32Array(n);
  const centroid = new Float64Array(3 * n);
  for (let t = 0; t < n; t++) {
    order[t] = t;
    const i = 3 * (first + t);
    for (let k = 0; k < 3; k++) centroid[3 * t + k] = (positions[3 * indices[i]! + k]! + positions[3 * indices[i + 1]! + k]! + positions[3 * indices[i + 2]! + k]!) / 3;
  }
  // Work items: node, range first, range end, node whose axes to inherit (−1: none).
  const work: number[] = [0, 0, n, -1];
  let next = 1;
  while (work.length > 0) {
    const parent = work.pop()!, end = work.pop()!, from = work.pop()!, node = work.pop()!;
    const count = end - from, o = OBB_NODE * node;
    if (count === 1) {
      triangleFrame(positions, indices, first + order[from]!, boxes, o, parent);
      fitBox(positions, indices, first, order, from, end, eps, boxes, o);
      child[node] = OBB_LEAF | order[from]!;
      shape[node] = shapeFactor(positions, indices, first + order[from]!);
      continue;
    }
    if (count >= FRAME_MIN || parent < 0) covarianceFrame(positions, indices, first, order, from, end, boxes, o);
    else for (let i = 3; i < 12; i++) boxes[o + i] = boxes[OBB_NODE * parent + i]!;
    fitBox(positions, indices, first, order, from, end, eps, boxes, o);
    const split = splitRange(order, from, end, centroid, boxes, o);
    child[node] = next;
    work.push(next, from, split, node, next + 1, split, end, node);
    next += 2;
  }
  // Children come after their parents: a backward pass gives every node its subtree's largest.
  for (let node = nodeCount - 1; node >= 0; node--) {
    const c = child[node]!;
    if ((c & OBB_LEAF) === 0) shape[node] = Math.max(shape[c]!, shape[c + 1]!);
  }
  return { boxes, child, shape };
}

/** (la + lb + lc)² / |n|₁ of triangle t, ∞ when it has no area. */
function shapeFactor(positions: Float64Array, indices: ArrayLike<number>, t: number): number {
  const p = 3 * indices[3 * t]!, q = 3 * indices[3 * t + 1]!, r = 3 * indices[3 * t + 2]!;
  const ux = positions[q]! - positions[p]!, uy = positions[q + 1]! - positions[p + 1]!, uz = positions[q + 2]! - positions[p + 2]!;
  const vx = positions[r]! - positions[p]!, vy = positions[r + 1]! - positions[p + 1]!, vz = positions[r + 2]! - positions[p + 2]!;
  const n1 = Math.abs(uy * vz - uz * vy) + Math.abs(uz * vx - ux * vz) + Math.abs(ux * vy - uy * vx);
  const sides = Math.abs(ux) + Math.abs(uy) + Math.abs(uz) + Math.abs(vx) + Math.abs(vy) + Math.abs(vz) + Math.abs(vx - ux) + Math.abs(vy - uy) + Math.abs(vz - uz);
  const f = (sides * sides) / n1;
  return f > 0 ? f : n1 > 0 ? 0 : Infinity;
}

/** Axes of one triangle: its longest edge, its normal, their cross product; the parent's (or the coordinate axes) when it has no area. */
function triangleFrame(positions: Float64Array, indices: ArrayLike<number>, t: number, boxes: Float64Array, o: number, parent: number): void {
  const p = 3 * indices[3 * t]!, q = 3 * indices[3 * t + 1]!, r = 3 * indices[3 * t + 2]!;
  const ux = positions[q]! - positions[p]!, uy = positions[q + 1]! - positions[p + 1]!, uz = positions[q + 2]! - positions[p + 2]!;
  const vx = positions[r]! - positions[p]!, vy = positions[r + 1]! - positions[p + 1]!, vz = positions[r + 2]! - positions[p + 2]!;
  const wx = vx - ux, wy = vy - uy, wz = vz - uz;
  const lu = ux * ux + uy * uy + uz * uz, lv = vx * vx + vy * vy + vz * vz, lw = wx * wx + wy * wy + wz * wz;
  let ex = ux, ey = uy, ez = uz;
  if (lv >= lu && lv >= lw) { ex = vx; ey = vy; ez = vz; } else if (lw >= lu) { ex = wx; ey = wy; ez = wz; }
  const axes = eigenVectors;
  axes[0] = ex; axes[1] = ey; axes[2] = ez;
  axes[3] = uy * vz - uz * vy; axes[4] = uz * vx - ux * vz; axes[5] = ux * vy - uy * vx;
  if (!(Math.hypot(axes[3]!, axes[4]!, axes[5]!) > 1e-12 * Math.max(lu, lv, lw)) || !(Math.max(lu, lv, lw) > 0)) {
    if (parent >= 0) for (let i = 0; i < 9; i++) axes[i] = boxes[OBB_NODE * parent + 3 + i]!;
    else axes.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  }
  orthonormalizeRows(axes);
  // Rows: edge, normal, edge × normal (orthonormalizeRows made row 2 = row 0 × row 1).
  for (let i = 0; i < 9; i++) boxes[o + 3 + i] = axes[i]!;
}

/** Axes from the covariance of the range's vertices (each triangle's three, shared ones repeated). */
function covarianceFrame(positions: Float64Array, indices: ArrayLike<number>, first: number, order: Uint32Array, from: number, end: number, boxes: Float64Array, o: number): void {
  let mx = 0, my = 0, mz = 0;
  const count = 3 * (end - from);
  for (let i = from; i < end; i++) {
    const b = 3 * (first + order[i]!);
    for (let k = 0; k < 3; k++) {
      const v = 3 * indices[b + k]!;
      mx += positions[v]!; my += positions[v + 1]!; mz += positions[v + 2]!;
    }
  }
  mx /= count; my /= count; mz /= count;
  let xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0;
  for (let i = from; i < end; i++) {
    const b = 3 * (first + order[i]!);
    for (let k = 0; k < 3; k++) {
      const v = 3 * indices[b + k]!;
      const x = positions[v]! - mx, y = positions[v + 1]! - my, z = positions[v + 2]! - mz;
      xx += x * x; xy += x * y; xz += x * z; yy += y * y; yz += y * z; zz += z * z;
    }
  }
  covariance[0] = xx; covariance[1] = xy; covariance[2] = xz;
  covariance[3] = xy; covariance[4] = yy; covariance[5] = yz;
  covariance[6] = xz; covariance[7] = yz; covariance[8] = zz;
  symmetricEigen3Into(covariance, eigenValues, eigenVectors);
  let finite = true;
  for (let i = 0; i < 9; i++) if (!Number.isFinite(eigenVectors[i]!)) finite = false;
  if (!finite) eigenVectors.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  orthonormalizeRows(eigenVectors);
  for (let i = 0; i < 9; i++) boxes[o + 3 + i] = eigenVectors[i]!;
}

/** Centre and half-extents of the box with the node's axes around the range's vertices, grown by eps. */
function fitBox(positions: Float64Array, indices: ArrayLike<number>, first: number, order: Uint32Array, from: number, end: number, eps: number, boxes: Float64Array, o: number): void {
  const a0 = boxes[o + 3]!, a1 = boxes[o + 4]!, a2 = boxes[o + 5]!, b0 = boxes[o + 6]!, b1 = boxes[o + 7]!, b2 = boxes[o + 8]!, c0 = boxes[o + 9]!, c1 = boxes[o + 10]!, c2 = boxes[o + 11]!;
  let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
  for (let i = from; i < end; i++) {
    const b = 3 * (first + order[i]!);
    for (let k = 0; k < 3; k++) {
      const v = 3 * indices[b + k]!;
      const x = positions[v]!, y = positions[v + 1]!, z = positions[v + 2]!;
      const p = a0 * x + a1 * y + a2 * z, q = b0 * x + b1 * y + b2 * z, r = c0 * x + c1 * y + c2 * z;
      if (p < lo0) lo0 = p;
      if (p > hi0) hi0 = p;
      if (q < lo1) lo1 = q;
      if (q > hi1) hi1 = q;
      if (r < lo2) lo2 = r;
      if (r > hi2) hi2 = r;
    }
  }
  const m0 = 0.5 * lo0 + 0.5 * hi0, m1 = 0.5 * lo1 + 0.5 * hi1, m2 = 0.5 * lo2 + 0.5 * hi2;
  // The centre is rebuilt from the axes, so its rounding is inside eps too (eps ≫ a few ulps).
  boxes[o] = m0 * a0 + m1 * b0 + m2 * c0;
  boxes[o + 1] = m0 * a1 + m1 * b1 + m2 * c1;
  boxes[o + 2] = m0 * a2 + m1 * b2 + m2 * c2;
  boxes[o + 12] = 0.5 * hi0 - 0.5 * lo0 + eps;
  boxes[o + 13] = 0.5 * hi1 - 0.5 * lo1 + eps;
  boxes[o + 14] = 0.5 * hi2 - 0.5 * lo2 + eps;
}

/**
 * Partitions order[from, end) (triangle ids; centroid: 3 per id) by centroid at the mean along
 * the box's longest axis, then the others by length (Gottschalk 1996); halves the range when
 * no axis splits it. `boxes[o..]` is the node's box (centre, axes as rows, half-extents).
 * Returns the split. The OBBTree plugin builds with it too.
 */
export function splitRange(order: Uint32Array, from: number, end: number, centroid: Float64Array, boxes: Float64Array, o: number): number {
  const h0 = boxes[o + 12]!, h1 = boxes[o + 13]!, h2 = boxes[o + 14]!;
  // Axes by decreasing half-extent (ties keep index order).
  const first = h0 >= h1 && h0 >= h2 ? 0 : h1 >= h2 ? 1 : 2;
  const [p, q] = first === 0 ? [1, 2] : first === 1 ? [0, 2] : [0, 1];
  const second = boxes[o + 12 + p]! >= boxes[o + 12 + q]! ? p : q;
  for (let k = 0; k < 3; k++) {
    const r = k === 0 ? first : k === 1 ? second : 3 - first - second;
    const ax = boxes[o + 3 + 3 * r]!, ay = boxes[o + 4 + 3 * r]!, az = boxes[o + 5 + 3 * r]!;
    let mean = 0;
    for (let i = from; i < end; i++) {
      const t = 3 * order[i]!;
      mean += ax * centroid[t]! + ay * centroid[t + 1]! + az * centroid[t + 2]!;
    }
    mean /= end - from;
    let split = from;
    for (let i = from; i < end; i++) {
      const t = order[i]!;
      if (ax * centroid[3 * t]! + ay * centroid[3 * t + 1]! + az * centroid[3 * t + 2]! < mean) {
        order[i] = order[split]!;
        order[split++] = t;
      }
    }
    if (split > from && split < end) return split;
  }
  return from + ((end - from) >> 1);
}
