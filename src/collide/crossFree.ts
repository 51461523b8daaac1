// Classify mode (findContacts, reports): once a surface pair is known to touch, its other
// triangle pairs are tested only to find crossings (trianglesCross) and their depth. Mating
// faces at rest are coplanar flat faces: hundreds of thousands of touching triangle pairs on
// a fine model, none of which can cross. This proves that once per surface pair, so the pair
// is settled at its first hit (issue 14: at-rest contacts on fine tessellations).
//
// Why no pair can cross: trianglesCross(p, q) first measures q's vertices against p's plane,
// d = n̂·(v − p0) in floats, and calls a vertex "on the plane" when |d| ≤ eps, eps ≥
// CROSS_RELATIVE·extent(p); with all three on the plane it returns false. For p in a flat A
// surface S (slab u·x = c, every vertex within delta, every triangle normal within asin(sin)
// of u) and v a vertex of B's surface T with |u·v − c| ≤ H (floats, rounding added back):
//   |n̂·(v − p0)| ≤ |u·(v − p0)| + sin·|v − p0| ≤ H + delta + sin·D₁,
// D₁ the L1 diameter of S's and T's boxes together, and the float d is within 16·EPS·D₁ of
// that (differences, three products and sums, and n̂'s own normalisation, each a few ulps of
// |v − p0|₁). When the sum stays under CROSS_RELATIVE times S's smallest triangle extent, no
// (p, q) of S × T crosses: the pair is "touching" with depth 0, as the oracle finds it.
import { EPS } from '../math/trianglePredicates.js';
import { CROSS_RELATIVE } from '../math/triangleCross.js';
import type { Rigid } from '../math/rigid.js';
import type { Part, Surface } from '../model/types.js';
import type { SurfaceSlab } from './surfaceSlab.js';

/**
 * True when no triangle of the flat A surface `flat` can cross any triangle of B's surface
 * `surfaceB` moved into A's frame by `bToA` (the transform loadTransformedTriangle applies).
 * `margin` scales the budget (1; tests raise it to see the proof fail without it).
 */
export function crossFree(flat: SurfaceSlab, b: Part, surfaceB: Surface, bToA: Rigid, margin = 1): boolean {
  const budget = margin * CROSS_RELATIVE * flat.minExtent * (1 - 1e-12);
  // The slab's own share first: a surface too thick or too large for its triangles never qualifies.
  const fixed = flat.delta + 16 * EPS * Math.abs(flat.c);
  if (!(fixed < budget)) return false;
  const { positions, indices } = b;
  const m = bToA;
  const ux = flat.ux, uy = flat.uy, uz = flat.uz, c = flat.c;
  let h = 0, own = 0;
  let x0 = flat.lo0, y0 = flat.lo1, z0 = flat.lo2, x1 = flat.hi0, y1 = flat.hi1, z1 = flat.hi2;
  const end = 3 * (surfaceB.firstTriangle + surfaceB.triangleCount);
  for (let k = 3 * surfaceB.firstTriangle; k < end; k++) {
    const v = 3 * indices[k]!;
    const x = positions[v]!, y = positions[v + 1]!, z = positions[v + 2]!;
    // loadTransformedTriangle's expressions, so these are the coordinates trianglesCross sees.
    const tx = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    const ty = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
    const tz = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
    const d = Math.abs(ux * tx + uy * ty + uz * tz - c);
    if (d > h) {
      h = d;
      if (!(fixed + h < budget)) return false; // not coplanar: most pairs leave here, after a vertex or two
    }
    const a = Math.max(Math.abs(tx), Math.abs(ty), Math.abs(tz));
    if (a > own) own = a;
    if (tx < x0) x0 = tx; else if (tx > x1) x1 = tx;
    if (ty < y0) y0 = ty; else if (ty > y1) y1 = ty;
    if (tz < z0) z0 = tz; else if (tz > z1) z1 = tz;
  }
  const diameter = ((x1 - x0) + (y1 - y0) + (z1 - z0)) * (1 + 1e-12);
  // h = u·v − c to 16·EPS·(2|v|∞ + |c|), as surfaceSlab measures delta.
  const bound = h + 32 * EPS * own + fixed + flat.sin * diameter + 16 * EPS * diameter;
  return bound * (1 + 1e-12) < budget;
}
