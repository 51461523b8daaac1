/**
 * The restricted boxtree as Zachmann's paper builds and stores it ("Minimal hierarchical
 * collision detection", VRST 2002, §3.1 and §4.2).
 *
 * Storage (§3.1, Table 1): a node's box is never stored. A child is its parent's box with one
 * side moved inwards; the node keeps that side's axis and whether the box lies below or above
 * the plane (1 byte), the plane's distance from the parent's side as a float (4 bytes) and one
 * link, the first of its two adjacent children or its triangle (4 bytes): 9 bytes per node,
 * 2n − 1 nodes for n triangles, plus one root box per part.
 *
 * Construction (§4.1–4.2): a split should minimise Vol(child 1) + Vol(child 2). For each axis,
 * three cases are tried: both children below their planes (their upper sides moved), both
 * above (lower sides moved), or one below and one above. In each case a seed triangle is
 * taken for each child as close as possible to the outer border it keeps, then every other
 * triangle goes to the child whose volume it increases least. The axis and case with the
 * least total volume win. Both children's planes are perpendicular to the same axis, as in
 * the paper's implementation.
 */
import type { Part } from '../../src/plugin.js';
import { LEAF, triangleBoxes } from './build.js';

/** flags: bits 0–1 the axis, bit 2 set when the child lies above its plane (its lower side moved). */
export const ABOVE = 4;

export interface PaperBoxtree {
  /** The root box (min xyz, max xyz), part frame. */
  root: Float64Array;
  /** Per node: first child (children are adjacent), or LEAF | triangle. */
  link: Uint32Array;
  /** Per node except the root: the moved side's distance from the parent's side, in mm. */
  cut: Float32Array;
  /** Per node: axis and side of the moved plane. */
  flags: Uint8Array;
  nodeCount: number;
}

/**
 * The moved side's coordinate. Build and traversal both use exactly this expression, so the
 * containment the build checks holds bit for bit when the tree is walked.
 */
export function paperSide(min: number, max: number, cut: number, above: boolean): number {
  return above ? min + cut : max - cut;
}

/** Writes the child box (from the parent box `p` at `po`) into `out` at `oo`. */
export function paperChildBox(p: Float64Array, po: number, flags: number, cut: number, out: Float64Array, oo: number): void {
  for (let i = 0; i < 6; i++) out[oo + i] = p[po + i]!;
  const k = flags & 3, above = (flags & ABOVE) !== 0;
  out[oo + (above ? k : 3 + k)] = paperSide(p[po + k]!, p[po + 3 + k]!, cut, above);
}

/** Per-build scratch: triangle boxes, the order being partitioned, a trial's assignment (0 = first child) and the best trial's. */
interface BuildScratch {
  triBox: Float64Array;
  order: Uint32Array;
  side: Uint8Array;
  bestSide: Uint8Array;
}

export function buildPaperBoxtree(part: Part): PaperBoxtree {
  const n = part.indices.length / 3;
  const nodeCount = Math.max(0, 2 * n - 1);
  const link = new Uint32Array(nodeCount), cut = new Float32Array(nodeCount), flags = new Uint8Array(nodeCount);
  const root = new Float64Array(6);
  if (n === 0) return { root, link, cut, flags, nodeCount };
  const s: BuildScratch = { triBox: triangleBoxes(part), order: new Uint32Array(n), side: new Uint8Array(n), bestSide: new Uint8Array(n) };
  for (let t = 0; t < n; t++) s.order[t] = t;
  boundsOf(s, 0, n, root);
  const boxes = new Float64Array(6 * nodeCount);
  boxes.set(root);
  const work: number[] = [0, 0, n];
  let next = 1;
  while (work.length > 0) {
    const end = work.pop()!, first = work.pop()!, node = work.pop()!;
    if (end - first === 1) {
      link[node] = LEAF | s.order[first]!;
      continue;
    }
    const split = bestSplit(s, first, end, boxes, 6 * node);
    const mid = partition(s, first, end);
    link[node] = next;
    for (const [c, lo, hi, above] of [[next, first, mid, split.firstAbove], [next + 1, mid, end, split.secondAbove]] as const) {
      const [f, q] = planeOf(s, lo, hi, boxes, 6 * node, split.axis, above);
      flags[c] = f;
      cut[c] = q;
      paperChildBox(boxes, 6 * node, f, q, boxes, 6 * c);
    }
    work.push(next, first, mid, next + 1, mid, end);
    next += 2;
  }
  return { root, link, cut, flags, nodeCount };
}

function boundsOf(s: BuildScratch, first: number, end: number, out: Float64Array): void {
  out.fill(Infinity, 0, 3);
  out.fill(-Infinity, 3, 6);
  for (let i = first; i < end; i++) {
    const t = 6 * s.order[i]!;
    for (let k = 0; k < 6; k++) {
      const v = s.triBox[t + k]!;
      if (k < 3 ? v < out[k]! : v > out[k]!) out[k] = v;
    }
  }
}

interface Split {
  axis: number;
  firstAbove: boolean;
  secondAbove: boolean;
}

const CASES: readonly (readonly [boolean, boolean])[] = [[false, true], [false, false], [true, true]];

/** The axis and case with the least total child volume (§4.2), each split by seeds and least volume increase. */
function bestSplit(s: BuildScratch, first: number, end: number, boxes: Float64Array, po: number): Split {
  let best: Split | null = null;
  let bestVolume = Infinity;
  // Extents are padded by a millionth of the parent's size, so flat boxes still compare by area.
  const pad = 1e-6 * (boxes[po + 3]! - boxes[po]! + boxes[po + 4]! - boxes[po + 1]! + boxes[po + 5]! - boxes[po + 2]!);
  for (let k = 0; k < 3; k++) {
    const min = boxes[po + k]!, max = boxes[po + 3 + k]!;
    // A child differs from its parent only along k: its volume is its extent along k times
    // the parent's face across k.
    const area = faceArea(boxes, po, k, pad);
    for (const [aboveA, aboveB] of CASES) {
      const volume = area * (trialSplit(s, first, end, k, min, max, aboveA, aboveB) + 2 * pad);
      if (volume < bestVolume) {
        bestVolume = volume;
        best = { axis: k, firstAbove: aboveA, secondAbove: aboveB };
        s.bestSide.set(s.side.subarray(first, end), first);
      }
    }
  }
  if (best) return best;
  // No trial found two seeds (every triangle the same box): halve the range.
  const mid = first + ((end - first) >> 1);
  s.bestSide.fill(0, first, mid);
  s.bestSide.fill(1, mid, end);
  return { axis: 0, firstAbove: false, secondAbove: true };
}

function faceArea(boxes: Float64Array, po: number, k: number, pad: number): number {
  const e1 = boxes[po + 3 + ((k + 1) % 3)]! - boxes[po + ((k + 1) % 3)]!;
  const e2 = boxes[po + 3 + ((k + 2) % 3)]! - boxes[po + ((k + 2) % 3)]!;
  return (e1 + pad) * (e2 + pad);
}

/**
 * One trial on axis k: seeds, then each triangle to the child whose extent along k it grows
 * least (ties to the smaller child). Writes the assignment to `side`; returns the children's
 * total extent along k (a child below its plane spans [min, its top], one above [its bottom, max]).
 * A trial that leaves a child empty scores Infinity.
 */
function trialSplit(s: BuildScratch, first: number, end: number, k: number, min: number, max: number, aboveA: boolean, aboveB: boolean): number {
  const { triBox, order, side } = s;
  // Seeds: a child below its plane keeps the parent's lower border, so its seed is the
  // triangle reaching least far up; a child above, the triangle reaching least far down.
  // Two children on the same side take the two best candidates.
  let seedA = -1, seedB = -1;
  for (let i = first; i < end; i++) {
    const t = order[i]!;
    if (seedA < 0 || closer(triBox, t, order[seedA]!, k, aboveA)) {
      if (aboveA === aboveB) seedB = seedA;
      seedA = i;
    } else if (aboveA === aboveB && (seedB < 0 || closer(triBox, t, order[seedB]!, k, aboveB))) seedB = i;
  }
  if (aboveA !== aboveB) {
    for (let i = first; i < end; i++) if (seedB < 0 || closer(triBox, order[i]!, order[seedB]!, k, aboveB)) seedB = i;
    if (seedB === seedA) return Infinity;
  }
  // Each child's moving side: the top of a child below its plane, the bottom of one above.
  let edgeA = aboveA ? triBox[6 * order[seedA]! + k]! : triBox[6 * order[seedA]! + 3 + k]!;
  let edgeB = aboveB ? triBox[6 * order[seedB]! + k]! : triBox[6 * order[seedB]! + 3 + k]!;
  let countA = 1, countB = 1;
  for (let i = first; i < end; i++) {
    if (i === seedA || i === seedB) {
      side[i] = i === seedA ? 0 : 1;
      continue;
    }
    const t = 6 * order[i]!;
    const lo = triBox[t + k]!, hi = triBox[t + 3 + k]!;
    const growA = aboveA ? Math.max(0, edgeA - lo) : Math.max(0, hi - edgeA);
    const growB = aboveB ? Math.max(0, edgeB - lo) : Math.max(0, hi - edgeB);
    if (growA < growB || (growA === growB && countA <= countB)) {
      side[i] = 0;
      countA++;
      edgeA = aboveA ? Math.min(edgeA, lo) : Math.max(edgeA, hi);
    } else {
      side[i] = 1;
      countB++;
      edgeB = aboveB ? Math.min(edgeB, lo) : Math.max(edgeB, hi);
    }
  }
  const extentA = aboveA ? max - edgeA : edgeA - min;
  const extentB = aboveB ? max - edgeB : edgeB - min;
  return extentA + extentB;
}

/** Is triangle t closer than triangle u to the border a child on this side keeps? */
function closer(triBox: Float64Array, t: number, u: number, k: number, above: boolean): boolean {
  return above ? triBox[6 * t + k]! > triBox[6 * u + k]! : triBox[6 * t + 3 + k]! < triBox[6 * u + 3 + k]!;
}

/** Moves the first child's triangles (side 0) to the front of [first, end); returns where the second child starts. */
function partition(s: BuildScratch, first: number, end: number): number {
  const chosen = s.bestSide;
  let mid = first;
  for (let i = first; i < end; i++) {
    if (chosen[i] === 0) {
      const t = s.order[i]!;
      s.order[i] = s.order[mid]!;
      chosen[i] = chosen[mid]!;
      s.order[mid] = t;
      chosen[mid++] = 0;
    }
  }
  // A trial can leave a child empty only when every case did; halve the range then.
  return mid === first || mid === end ? first + ((end - first) >> 1) : mid;
}

/**
 * The child's plane: its side of the parent moved as far in as its triangles allow along the
 * split axis. The distance is rounded to float32 downwards and checked with `paperSide`
 * itself, so the child's box provably holds its triangles.
 */
function planeOf(s: BuildScratch, first: number, end: number, boxes: Float64Array, po: number, k: number, above: boolean): [number, number] {
  let edge = above ? Infinity : -Infinity;
  for (let i = first; i < end; i++) {
    const t = 6 * s.order[i]!;
    edge = above ? Math.min(edge, s.triBox[t + k]!) : Math.max(edge, s.triBox[t + 3 + k]!);
  }
  const min = boxes[po + k]!, max = boxes[po + 3 + k]!;
  let c = Math.fround(Math.max(0, above ? edge - min : max - edge));
  while (c > 0 && (above ? paperSide(min, max, c, true) > edge : paperSide(min, max, c, false) < edge)) c = nextDownFloat32(c);
  return [k | (above ? ABOVE : 0), c];
}

function nextDownFloat32(x: number): number {
  const f = new Float32Array([x]);
  const bits = new Uint32Array(f.buffer);
  bits[0] = bits[0]! - 1;
  return f[0]!;
}
