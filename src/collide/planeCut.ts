// Plane cut in the per-triangle descent (issue 14). Under a general rotation a B triangle's
// box in A's frame is loose (a tilted sliver's box holds much of a face), so A's subtrees and
// triangles inside that box but wholly off the B triangle's plane were all handed to the
// exact test, which then found each one beyond the plane. A node or triangle box that lies
// beyond the plane by more than the exact test's own zero band (with room to spare) holds
// only triangles the exact test rejects by that same first check, so it is not opened.
import type { Aabb } from '../math/aabb.js';
import type { BoxTree } from '../model/types.js';
import { COUNT_MASK, LEAF_FLAG } from '../spatial/boxTree.js';
import type { QueryStats } from './stats.js';

/** Floats of a plane cut: nx ny nz, the plane's point x y z, margin. */
export const CUT = 7;

/**
 * The cut of B triangle q (A's frame) prepared by prepareTriangle as qp (magnitude ≥ every
 * |coordinate| of A), or false when q may be degenerate to the exact test (no cut then).
 * margin ≥ planeSide's quick bound qp[3] + |w|₁·qp[4] for every A vertex (|w|₁ ≤ 6·M, 7 for
 * its rounding), plus 1e-9·M·|n|₁ for the rounding of this box test and of the vertex's own
 * side (each ~1e-14·M·|n|₁), plus 1e-290 should products underflow.
 * A vertex whose side computed this way clears the margin is strictly on that side for
 * trianglesIntersect (its band for the pair's scale is no wider): all three → disjoint.
 */
export function preparePlaneCut(q: Float64Array, qp: Float64Array, out: Float64Array): boolean {
  if (qp[6] === 0) return false;
  const m = qp[7]!;
  out[0] = qp[0]!;
  out[1] = qp[1]!;
  out[2] = qp[2]!;
  out[3] = q[0]!;
  out[4] = q[1]!;
  out[5] = q[2]!;
  out[6] = qp[3]! + 7 * m * qp[4]! + 1e-9 * m * qp[9]! + 1e-290;
  return out[6] < Infinity;
}

/** True when box i of `boxes` lies beyond the cut's plane by more than its margin (either side). */
export function beyondCut(boxes: Float32Array, i: number, cut: Float64Array): boolean {
  const o = 6 * i;
  const nx = cut[0]!, ny = cut[1]!, nz = cut[2]!;
  const lx = boxes[o]!, ly = boxes[o + 1]!, lz = boxes[o + 2]!, hx = boxes[o + 3]!, hy = boxes[o + 4]!, hz = boxes[o + 5]!;
  // Centre relative to the plane's point, and the box's reach along n.
  const s = ((lx + hx) / 2 - cut[3]!) * nx + ((ly + hy) / 2 - cut[4]!) * ny + ((lz + hz) / 2 - cut[5]!) * nz;
  const r = ((hx - lx) / 2) * Math.abs(nx) + ((hy - ly) / 2) * Math.abs(ny) + ((hz - lz) / 2) * Math.abs(nz);
  return s - r > cut[6]! || s + r < -cut[6]!;
}

let stack: Uint32Array = new Uint32Array(256);

/**
 * leafQuery's querySlots with the plane cut: the slots of the tree's items whose boxes
 * overlap `box`, in the same depth-first order, less the subtrees whose node boxes are beyond
 * the cut. Box and cut tests both count in stats.aabbTests.
 */
export function querySlotsCut(tree: BoxTree, box: Aabb, cut: Float64Array, out: Uint32Array, stats: QueryStats): number {
  const { nodeBoxes, nodeFirst, nodeCount, itemBoxes } = tree;
  const x0 = box[0]!, y0 = box[1]!, z0 = box[2]!, x1 = box[3]!, y1 = box[4]!, z1 = box[5]!;
  stats.aabbTests++;
  if (!(nodeBoxes[0]! <= x1 && nodeBoxes[3]! >= x0 && nodeBoxes[1]! <= y1 && nodeBoxes[4]! >= y0 && nodeBoxes[2]! <= z1 && nodeBoxes[5]! >= z0)) return 0;
  let found = 0;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const node = stack[--top]!;
    const first = nodeFirst[node]!;
    const packed = nodeCount[node]!;
    const count = packed & COUNT_MASK;
    if ((packed & LEAF_FLAG) !== 0) {
      for (let i = first, end = first + count; i < end; i++) {
        const o = 6 * i;
        stats.aabbTests++;
        // Triangles themselves are left to the exact test's first check (as cheap as a cut).
        if (itemBoxes[o]! <= x1 && itemBoxes[o + 3]! >= x0 && itemBoxes[o + 1]! <= y1 && itemBoxes[o + 4]! >= y0 && itemBoxes[o + 2]! <= z1 && itemBoxes[o + 5]! >= z0) out[found++] = i;
      }
    } else {
      if (top + count > stack.length) {
        const grown = new Uint32Array(stack.length * 2);
        grown.set(stack);
        stack = grown;
      }
      for (let c = first, end = first + count; c < end; c++) {
        const o = 6 * c;
        stats.aabbTests++;
        if (!(nodeBoxes[o]! <= x1 && nodeBoxes[o + 3]! >= x0 && nodeBoxes[o + 1]! <= y1 && nodeBoxes[o + 4]! >= y0 && nodeBoxes[o + 2]! <= z1 && nodeBoxes[o + 5]! >= z0)) continue;
        stats.aabbTests++;
        if (!beyondCut(nodeBoxes, c, cut)) stack[top++] = c;
      }
    }
  }
  return found;
}
