// Classify mode (findContacts, reports): once a surface pair is known to touch, its other
// triangle pairs are tested only to find crossings (trianglesCross) and their depth. Mating
// faces at rest are a flat face against a coplanar face, or against a surface standing on it
// (a bolt's shank on a plate, a hole's rim under a bracket): hundreds of thousands of touching
// triangle pairs on a fine model, none of which can cross. This proves that once per surface
// pair, so the pair is settled at its first hit (at-rest contacts, fine models).
//
// Why no pair can cross. trianglesCross(p, q) is true only if q has vertices strictly on both
// sides of p's plane AND p strictly on both sides of q's: d = n̂·(v − p0) in floats, "on the
// plane" when |d| ≤ eps, eps ≥ CROSS_RELATIVE·extent(p). Let F be a flat surface (slab u·x = c:
// every vertex within delta, every triangle normal within asin(sin) of u, on u's side) and
// every vertex v of the other surface G satisfy u·v − c ≥ −H (G on F's positive side, within
// H; the negative side likewise). For p in F and v in G:
//   n̂·(v − p0) ≥ cosθ·u·(v − p0) − sinθ·|v − p0| ≥ −(H + delta) − sin·D₁,
// D₁ the L1 diameter of both surfaces' boxes, and the float d is within 16·EPS·D₁ of it
// (differences, three products and sums, n̂'s normalisation: a few ulps of |v − p0|₁ each).
// When H + delta + sin·D₁ + 16·EPS·D₁ < CROSS_RELATIVE·(F's smallest triangle extent), no
// vertex of G is strictly below any p's plane: no (p, q) crosses, the pair is "touching" with
// depth 0, as the oracle finds it. trianglesCross treats p and q alike, so F may be either
// surface; B's is measured on its moved coordinates (the floats the test sees).
import { EPS } from '../math/trianglePredicates.js';
import { CROSS_RELATIVE } from '../math/triangleCross.js';
import type { Part, Surface } from '../model/types.js';
import type { SurfaceSlab } from './surfaceSlab.js';

/**
 * True when no triangle of surface `other` (its vertices moved by `m`, row-major 3×4, the
 * transform loadTransformedTriangle applies; null: as they are) can cross a triangle of the
 * flat surface measured as `flat` in the same frame. `margin` scales the budget (1; tests raise
 * it to see the proof fail without it).
 */
export function crossFree(flat: SurfaceSlab, part: Part, other: Surface, m: ArrayLike<number> | null, margin = 1): boolean {
  const budget = margin * CROSS_RELATIVE * flat.minExtent * (1 - 1e-12);
  const fixed = flat.delta + 16 * EPS * Math.abs(flat.c);
  if (!(fixed < budget)) return false; // a surface too thick for its triangles never qualifies
  const { positions, indices } = part;
  const ux = flat.ux, uy = flat.uy, uz = flat.uz, c = flat.c;
  let above = 0, below = 0, own = 0;
  let x0 = flat.lo0, y0 = flat.lo1, z0 = flat.lo2, x1 = flat.hi0, y1 = flat.hi1, z1 = flat.hi2;
  const end = 3 * (other.firstTriangle + other.triangleCount);
  for (let k = 3 * other.firstTriangle; k < end; k++) {
    const v = 3 * indices[k]!;
    let x = positions[v]!, y = positions[v + 1]!, z = positions[v + 2]!;
    if (m !== null) {
      // loadTransformedTriangle's expressions: these are the coordinates trianglesCross sees.
      const tx = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
      const ty = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
      const tz = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
      x = tx; y = ty; z = tz;
    }
    const h = ux * x + uy * y + uz * z - c;
    if (h > above) above = h;
    else if (-h > below) below = -h;
    // on both sides beyond the budget: not provable (most pairs that are not mates leave here)
    if (!(fixed + (above < below ? above : below) < budget)) return false;
    const a = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
    if (a > own) own = a;
    if (x < x0) x0 = x; else if (x > x1) x1 = x;
    if (y < y0) y0 = y; else if (y > y1) y1 = y;
    if (z < z0) z0 = z; else if (z > z1) z1 = z;
  }
  const diameter = ((x1 - x0) + (y1 - y0) + (z1 - z0)) * (1 + 1e-12);
  // h = u·v − c to 16·EPS·(2|v|∞ + |c|), as surfaceSlab measures delta.
  const bound = (above < below ? above : below) + 32 * EPS * own + fixed + flat.sin * diameter + 16 * EPS * diameter;
  return bound * (1 + 1e-12) < budget;
}
