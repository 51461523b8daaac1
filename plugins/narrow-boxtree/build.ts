/**
 * The restricted boxtree (Zachmann, "Minimal hierarchical collision detection", VRST 2002):
 * axis-aligned boxes in the part's frame, one triangle per leaf, where a child's box is its
 * parent's box with exactly one side moved inwards. A node therefore stores only which side
 * (axis and lower/upper: 1 byte), how far it moved (quantized to 16 bits as a fraction of
 * the parent's extent on that axis, rounded so the box only grows) and one link (the first of
 * its two children, or its triangle): 7 bytes per node, against the paper's 9 (a float offset).
 *
 * Construction follows the paper's criterion (§4.1, minimise the children's total volume):
 * for each axis the triangles are split by centroid at the mean, each child takes the single
 * side cut that shrinks it most, and the axis whose two children have the least total volume
 * wins; if no axis separates the set, the range is halved.
 */
import { aabbMagnitude, type Part } from '../../src/plugin.js';

export const LEAF = 0x80000000;
/** flags: bits 0–1 the axis, bit 2 set when the upper side moved (else the lower one). */
export const UPPER = 4;
export const QUANT = 65535;
const INV_QUANT = 1 / QUANT;

export interface Boxtree {
  /** The root box (min xyz, max xyz), part frame. */
  root: Float64Array;
  /** Per node: first child (children are adjacent), or LEAF | triangle. */
  link: Uint32Array;
  /** Per node except the root: how far its moved side moved, in 1/65535 of the parent's extent. */
  cut: Uint16Array;
  /** Per node: axis and side of the moved plane. */
  flags: Uint8Array;
  nodeCount: number;
}

/**
 * The moved side's new coordinate; build and query both use exactly this expression, so the
 * containment checked at build time holds bit for bit at query time.
 */
export function movedSide(min: number, max: number, q: number, upper: boolean): number {
  const d = q * INV_QUANT * (max - min);
  return upper ? max - d : min + d;
}

/** Writes the child box (from the parent box `p` at `po`) into `out` at `oo`. */
export function childBox(p: Float64Array, po: number, flags: number, q: number, out: Float64Array, oo: number): void {
  for (let i = 0; i < 6; i++) out[oo + i] = p[po + i]!;
  const k = flags & 3, upper = (flags & UPPER) !== 0;
  out[oo + (upper ? 3 + k : k)] = movedSide(p[po + k]!, p[po + 3 + k]!, q, upper);
}

export function buildBoxtree(part: Part): Boxtree {
  const n = part.indices.length / 3;
  const nodeCount = Math.max(0, 2 * n - 1);
  const link = new Uint32Array(nodeCount), cut = new Uint16Array(nodeCount), flags = new Uint8Array(nodeCount);
  const root = new Float64Array(6);
  if (n === 0) return { root, link, cut, flags, nodeCount };
  const centroid = new Float64Array(3 * n);
  const triBox = triangleBoxes(part, centroid);
  const order = new Uint32Array(n);
  for (let t = 0; t < n; t++) order[t] = t;
  const eps = 1e-12 * aabbMagnitude(part.bounds);
  boundsOf(order, 0, n, triBox, root, 0);
  for (let k = 0; k < 3; k++) {
    root[k] = root[k]! - eps;
    root[3 + k] = root[3 + k]! + eps;
  }
  // Work items: node, first, end; the node's box in `boxes` at 6 · node.
  const boxes = new Float64Array(6 * nodeCount);
  boxes.set(root);
  const work: number[] = [0, 0, n];
  const tight = new Float64Array(12);
  let next = 1;
  while (work.length > 0) {
    const end = work.pop()!, first = work.pop()!, node = work.pop()!;
    if (end - first === 1) {
      link[node] = LEAF | order[first]!;
      continue;
    }
    const split = chooseSplit(order, first, end, triBox, centroid, boxes, 6 * node, tight);
    link[node] = next;
    boundsOf(order, first, split, triBox, tight, 0);
    boundsOf(order, split, end, triBox, tight, 6);
    for (const [c, o] of [[next, 0], [next + 1, 6]] as const) {
      const [f, q] = bestCut(boxes, 6 * node, tight, o);
      flags[c] = f;
      cut[c] = q;
      childBox(boxes, 6 * node, f, q, boxes, 6 * c);
    }
    work.push(next, first, split, next + 1, split, end);
    next += 2;
  }
  return { root, link, cut, flags, nodeCount };
}

/** Per triangle its tight box (min xyz, max xyz); with `centroid`, its centroid there too. */
export function triangleBoxes(part: Part, centroid?: Float64Array): Float64Array {
  const { positions, indices } = part;
  const n = indices.length / 3;
  const triBox = new Float64Array(6 * n);
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 3; k++) {
      const a = positions[3 * indices[3 * t]! + k]!, b = positions[3 * indices[3 * t + 1]! + k]!, c = positions[3 * indices[3 * t + 2]! + k]!;
      triBox[6 * t + k] = Math.min(a, b, c);
      triBox[6 * t + 3 + k] = Math.max(a, b, c);
      if (centroid) centroid[3 * t + k] = (a + b + c) / 3;
    }
  }
  return triBox;
}

/** Tight box of the triangles order[first, end) into out at o. */
function boundsOf(order: Uint32Array, first: number, end: number, triBox: Float64Array, out: Float64Array, o: number): void {
  for (let k = 0; k < 3; k++) {
    out[o + k] = Infinity;
    out[o + 3 + k] = -Infinity;
  }
  for (let i = first; i < end; i++) {
    const t = 6 * order[i]!;
    for (let k = 0; k < 3; k++) {
      if (triBox[t + k]! < out[o + k]!) out[o + k] = triBox[t + k]!;
      if (triBox[t + 3 + k]! > out[o + 3 + k]!) out[o + 3 + k] = triBox[t + 3 + k]!;
    }
  }
}

/**
 * The single side of the parent box (at po) to move so that it still holds `tight` (at o)
 * and shrinks the most; returns [flags, quantized cut]. The cut is rounded down and then
 * checked with `movedSide` itself, so the child box provably contains its triangles.
 */
function bestCut(parent: Float64Array, po: number, tight: Float64Array, o: number): [number, number] {
  let best: [number, number] = [0, 0];
  let bestRatio = 0;
  for (let k = 0; k < 3; k++) {
    const min = parent[po + k]!, max = parent[po + 3 + k]!;
    const extent = max - min;
    if (!(extent > 0)) continue;
    for (const upper of [false, true]) {
      const gap = upper ? max - tight[o + 3 + k]! : tight[o + k]! - min;
      let q = Math.max(0, Math.min(QUANT, Math.floor((gap / extent) * QUANT)));
      while (q > 0 && (upper ? movedSide(min, max, q, true) < tight[o + 3 + k]! : movedSide(min, max, q, false) > tight[o + k]!)) q--;
      if (q / QUANT > bestRatio) {
        bestRatio = q / QUANT;
        best = [k | (upper ? UPPER : 0), q];
      }
    }
  }
  return best;
}

/** Picks the split axis by the least total child volume (each child cut once); partitions; returns the split. */
function chooseSplit(order: Uint32Array, first: number, end: number, triBox: Float64Array, centroid: Float64Array, boxes: Float64Array, po: number, tight: Float64Array): number {
  let bestAxis = -1, bestVolume = Infinity;
  for (let k = 0; k < 3; k++) {
    let mean = 0;
    for (let i = first; i < end; i++) mean += centroid[3 * order[i]! + k]!;
    mean /= end - first;
    for (let j = 0; j < 3; j++) {
      tight[j] = tight[6 + j] = Infinity;
      tight[3 + j] = tight[9 + j] = -Infinity;
    }
    let below = 0;
    for (let i = first; i < end; i++) {
      const t = order[i]!;
      const o = centroid[3 * t + k]! < mean ? 0 : 6;
      if (o === 0) below++;
      for (let j = 0; j < 3; j++) {
        if (triBox[6 * t + j]! < tight[o + j]!) tight[o + j] = triBox[6 * t + j]!;
        if (triBox[6 * t + 3 + j]! > tight[o + 3 + j]!) tight[o + 3 + j] = triBox[6 * t + 3 + j]!;
      }
    }
    if (below === 0 || below === end - first) continue;
    const volume = cutVolume(boxes, po, tight, 0) + cutVolume(boxes, po, tight, 6);
    if (volume < bestVolume) {
      bestVolume = volume;
      bestAxis = k;
    }
  }
  if (bestAxis < 0) return first + ((end - first) >> 1);
  let mean = 0;
  for (let i = first; i < end; i++) mean += centroid[3 * order[i]! + bestAxis]!;
  mean /= end - first;
  let split = first;
  for (let i = first; i < end; i++) {
    const t = order[i]!;
    if (centroid[3 * t + bestAxis]! < mean) {
      order[i] = order[split]!;
      order[split++] = t;
    }
  }
  return split;
}

/**
 * Volume of the parent box after the best single cut towards `tight` (at o). Extents are
 * padded by a millionth of the parent's size so flat sets still compare by area.
 */
function cutVolume(parent: Float64Array, po: number, tight: Float64Array, o: number): number {
  const e = [0, 1, 2].map((k) => parent[po + 3 + k]! - parent[po + k]!);
  let bestK = 0, bestCutLength = 0;
  for (let k = 0; k < 3; k++) {
    if (!(e[k]! > 0)) continue;
    const c = Math.max(parent[po + 3 + k]! - tight[o + 3 + k]!, tight[o + k]! - parent[po + k]!);
    if (c / e[k]! > bestCutLength / (e[bestK]! || 1)) {
      bestK = k;
      bestCutLength = c;
    }
  }
  e[bestK] = e[bestK]! - bestCutLength;
  const pad = 1e-6 * (e[0]! + e[1]! + e[2]! + bestCutLength);
  return (e[0]! + pad) * (e[1]! + pad) * (e[2]! + pad);
}
