// Per-surface triangle trees (S-CD's TBV), built on first use: a query pruned by
// the OBB pre-check and the OAABB reaches few surfaces, so a cold process builds only the
// trees it needs. Every reader goes through triangleTreeOf, never surface.triangleTree.
//
// Triangle boxes are made in integers: the vertices go to float32 in one native conversion
// and then to order keys (float32Box.ts), so a box is a min and max of int32s, widened by
// one float32 step each way (the conversion rounds to nearest, which may be inward). In a
// cold process these loops run interpreted for a while, where every float is a heap
// allocation (and a garbage collection sooner) and every int32 is not.
import type { BoxTree, Part, Surface } from '../model/types.js';
import { MAX_ENTRIES } from './boxTree.js';
import { buildPackedRTreeFromKeys } from './packedRTree.js';
import { treeBuildScratch, type TreeBuildScratch } from './treeBuildScratch.js';

/** The largest float32: a vertex beyond float32's range stands at it, one step inside ±∞. */
const FLOAT32_MAX = 3.4028234663852886e38;

/** The surface's triangle tree, built now if it was not yet; null for an empty surface. */
export function triangleTreeOf(surface: Surface): BoxTree | null {
  // Small, for the queries that ask this of every surface they reach: the build is out of line.
  if (surface.triangleTree || surface.triangleCount === 0) return surface.triangleTree;
  return buildOnLentScratch(surface);
}

/** The surface's tree, built on a scratch borrowed for the build. */
function buildOnLentScratch(surface: Surface): BoxTree {
  const scratch = treeBuildScratch.claim();
  try {
    return (surface.triangleTree = buildTriangleTree(surface, scratch));
  } finally {
    treeBuildScratch.release(scratch);
  }
}

/** The surface's triangle tree, built on `scratch` (a surface with triangles). */
function buildTriangleTree(surface: Surface, scratch: TreeBuildScratch): BoxTree {
  const { part, firstTriangle: first, triangleCount: count } = surface;
  const { indices } = part;
  // The vertices this surface uses: for a CAD face, one contiguous block of its part's.
  let lo = indices[3 * first]!, hi = lo;
  for (let i = 3 * first, end = 3 * (first + count); i < end; i++) {
    const v = indices[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  // A surface spread over the whole part (not what an import makes) converts the whole part.
  if (hi - lo > 4 * 3 * count + 64) {
    lo = 0;
    hi = part.positions.length / 3 - 1;
  }
  const bits = vertexBits(part, lo, hi, scratch);
  triangleBoxes(indices, bits, lo, first, count, scratch);
  return buildPackedRTreeFromKeys(scratch.boxes, count, MAX_ENTRIES, scratch);
}

/**
 * Builds every triangle tree of the part that is not built yet (the cache and workers keep
 * whole indexes): the part's vertices converted once, then per surface its triangles' boxes
 * and its tree.
 */
export function buildTriangleTrees(part: Part): Part {
  const scratch = treeBuildScratch.claim();
  try {
    const bits = vertexBits(part, 0, part.positions.length / 3 - 1, scratch);
    for (let i = 0; i < part.surfaces.length; i++) {
      const s = part.surfaces[i]!;
      if (s.triangleTree || s.triangleCount === 0) continue;
      triangleBoxes(part.indices, bits, 0, s.firstTriangle, s.triangleCount, scratch);
      s.triangleTree = buildPackedRTreeFromKeys(scratch.boxes, s.triangleCount, MAX_ENTRIES, scratch);
    }
  } finally {
    treeBuildScratch.release(scratch);
  }
  return part;
}

/** Triangles per call of triangleKeyBoxes (about as much work as float32Box's CHUNK). */
const TRIANGLE_CHUNK = 256;

/**
 * Key boxes of triangles first..first+count−1 into the scratch's `boxes`, in calls of at most
 * TRIANGLE_CHUNK triangles: short calls get the optimizing compiler's one ordinary
 * compile, where one long loop also gets an on-stack-replacement compile (a second).
 */
function triangleBoxes(indices: Uint32Array, bits: Int32Array, base: number, first: number, count: number, scratch: TreeBuildScratch): void {
  if (scratch.boxes.length < 6 * count) scratch.boxes = new Int32Array(Math.max(6 * count, 2 * scratch.boxes.length));
  const boxes = scratch.boxes;
  for (let t = 0; t < count; t += TRIANGLE_CHUNK) triangleKeyBoxes(indices, bits, base, first + t, Math.min(TRIANGLE_CHUNK, count - t), boxes, t);
}

/**
 * Vertices lo..hi's coordinates rounded to float32, as their bits (a view on scratch). A
 * coordinate beyond float32's range (rounded to ±∞) becomes ±FLOAT32_MAX, so that the box
 * one step outward is ±∞ again and triangleKeyBoxes needs no check.
 */
function vertexBits(part: Part, lo: number, hi: number, scratch: TreeBuildScratch): Int32Array {
  const n = 3 * (hi - lo + 1);
  if (scratch.vertices.length < n) scratch.vertices = new Float32Array(Math.max(n, 2 * scratch.vertices.length));
  const vertices = scratch.vertices;
  const floats = vertices.subarray(0, n);
  floats.set(part.positions.subarray(3 * lo, 3 * lo + n)); // native float64 → float32
  if (floats.includes(Infinity) || floats.includes(-Infinity)) clampInfinite(floats);
  return new Int32Array(vertices.buffer, 0, n);
}

function clampInfinite(floats: Float32Array): void {
  for (let i = 0; i < floats.length; i++) {
    if (floats[i] === Infinity) floats[i] = FLOAT32_MAX;
    else if (floats[i] === -Infinity) floats[i] = -FLOAT32_MAX;
  }
}

/**
 * out key box at + i = box of triangle first + i: per axis the min and max of its vertices'
 * order keys (float32Box.ts; `bits` holds vertex `base` first, as float32 bits, each turned
 * into its key as it is read), widened one step outward (keys are consecutive for
 * consecutive floats, and no vertex is at ±∞: see vertexBits).
 */
function triangleKeyBoxes(indices: Uint32Array, bits: Int32Array, base: number, first: number, count: number, out: Int32Array, at: number): void {
  for (let t = 3 * first, end = 3 * (first + count), o = 6 * at; t < end; t += 3, o += 6) {
    const a = 3 * (indices[t]! - base), b = 3 * (indices[t + 1]! - base), c = 3 * (indices[t + 2]! - base);
    for (let k = 0; k < 3; k++) {
      let u = bits[a + k]!, v = bits[b + k]!, w = bits[c + k]!;
      u ^= (u >> 31) & 0x7fffffff;
      v ^= (v >> 31) & 0x7fffffff;
      w ^= (w >> 31) & 0x7fffffff;
      out[o + k] = (u < v ? (u < w ? u : w) : v < w ? v : w) - 1;
      out[o + 3 + k] = (u > v ? (u > w ? u : w) : v > w ? v : w) + 1;
    }
  }
}
