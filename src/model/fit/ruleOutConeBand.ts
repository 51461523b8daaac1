/**
 * Cone rule-out from the given normals: a cone's normals make the constant angle
 * 90° − α with its axis, so for the axis a every given normal (within θ of the cone's, as
 * lines) has φ = acos|n·a| inside a band of width 2θ. This proves that no axis direction
 * has such a band, by branch and bound over directions (cube-map cells of the hemisphere):
 * φᵢ is 1-Lipschitz in a, so in a cell of angular radius δ around c the spread of φ is at
 * least spread(c) − 2δ. A cell whose centre has a band ≤ 2θ ends the search (no proof).
 *
 * Vertices on the axis (the apex) have no cone normal and are skipped by the acceptance
 * test: the K smallest and largest φ are left out, K bounding how many vertices lie within
 * 2·10⁻⁶ (local units) of one vertex (the apex, duplicated or split by rounding).
 */
import type { FitContext } from './evaluate.js';
import type { FitScratch } from './fitScratch.js';
import type { Patch } from './patch.js';

/** Normals looked at per direction (a subset only weakens the proof). */
const MAX_NORMALS = 384;
/** Directions evaluated before giving up (no proof). */
const MAX_CELLS = 1500;
/** Cluster size beyond which the test gives up. */
const MAX_TRIM = 8;

/**
 * Upper bound of the number of vertices within 2e-6 of one another: such a cluster spans at
 * most 4e-6 along any unit direction, so it is no larger than the fullest window of that
 * width of the sorted projections on it. One generic direction first (one sort
 * instead of three): exact duplicates (a pole or an apex split per triangle) count the same
 * along every direction, while rings of a structured mesh share x, y or z but hardly ever a
 * projection on it. Only when that bound is above MAX_TRIM are x, y and z tried as well.
 */
export function clusterBound(patch: Patch, scratch: FitScratch): number {
  const xs = scratch.projectionsFor(patch.count);
  const generic = windowBound(patch, GENERIC[0]!, GENERIC[1]!, GENERIC[2]!, 4e-6 * (1 + 1e-9), xs);
  if (generic <= MAX_TRIM) return generic;
  let best = generic;
  for (let axis = 0; axis < 3 && best > 1; axis++) best = Math.min(best, windowBound(patch, axis === 0 ? 1 : 0, axis === 1 ? 1 : 0, axis === 2 ? 1 : 0, 4e-6, xs));
  return best;
}

/** A unit direction no mesh axis or diagonal lies along. */
const GENERIC = ((): number[] => {
  const d = [0.5773, 0.6118, 0.5402];
  const l = Math.hypot(d[0]!, d[1]!, d[2]!);
  return d.map((x) => x / l);
})();

/**
 * The fullest window of `width` of the patch's vertices projected on (dx, dy, dz); `width`
 * covers the projection's rounding. `xs`: sort scratch, at least the patch's vertex count long.
 */
function windowBound(patch: Patch, dx: number, dy: number, dz: number, width: number, xs: Float64Array): number {
  const { p, count } = patch;
  const v = xs.subarray(0, count);
  for (let i = 0; i < count; i++) v[i] = p[i * 3]! * dx + p[i * 3 + 1]! * dy + p[i * 3 + 2]! * dz;
  v.sort();
  let worst = 1;
  for (let i = 0, j = 0; i < count; i++) {
    while (v[i]! - v[j]! > width) j++;
    if (i - j + 1 > worst) worst = i - j + 1;
  }
  return worst;
}

/** Writes the K+1-th smallest and largest |n·c| into out[0], out[1]. */
function trimmedExtremes(ns: Float64Array, m: number, cx: number, cy: number, cz: number, k: number, lo: Float64Array, hi: Float64Array, out: Float64Array): void {
  // lo: k+1 smallest ascending; hi: k+1 largest descending
  const w = k + 1;
  lo.fill(Infinity, 0, w);
  hi.fill(-Infinity, 0, w);
  for (let i = 0; i < m; i++) {
    const d = Math.abs(ns[i * 3]! * cx + ns[i * 3 + 1]! * cy + ns[i * 3 + 2]! * cz);
    if (d < lo[k]!) {
      let j = k;
      while (j > 0 && lo[j - 1]! > d) {
        lo[j] = lo[j - 1]!;
        j--;
      }
      lo[j] = d;
    }
    if (d > hi[k]!) {
      let j = k;
      while (j > 0 && hi[j - 1]! < d) {
        hi[j] = hi[j - 1]!;
        j--;
      }
      hi[j] = d;
    }
  }
  out[0] = lo[k]!;
  out[1] = hi[k]!;
}

function direction(face: number, u: number, v: number, out: Float64Array): void {
  const l = Math.sqrt(u * u + v * v + 1);
  out[face] = 1 / l;
  out[(face + 1) % 3] = u / l;
  out[(face + 2) % 3] = v / l;
}

export function givenNormalsRuleOutConeBand(patch: Patch, ctx: FitContext): boolean {
  const band = 2 * ctx.angleTolerance;
  if (!(band < Math.PI / 2)) return false;
  const { n, given, count } = patch;
  let total = 0;
  for (let i = 0; i < count; i++) if (given[i]) total++;
  if (total < 5) return false;
  const stride = Math.ceil(total / MAX_NORMALS);
  const ns = new Float64Array(Math.ceil(total / stride) * 3 + 3);
  let m = 0;
  for (let i = 0, g = 0; i < count; i++) {
    if (!given[i]) continue;
    if (g++ % stride !== 0) continue;
    ns[m * 3] = n[i * 3]!; ns[m * 3 + 1] = n[i * 3 + 1]!; ns[m * 3 + 2] = n[i * 3 + 2]!;
    m++;
  }
  const k = clusterBound(patch, ctx.scratch);
  if (k > MAX_TRIM || m <= 2 * k + 1) return false;
  const lo = new Float64Array(k + 1), hi = new Float64Array(k + 1), ext = new Float64Array(2);
  const c = new Float64Array(3), corner = new Float64Array(3);
  // cells (face, u0, v0, size) best-first by the spread at their parent's centre: near a
  // true axis the narrow band is found in a few steps, instead of refining the rim of the
  // feasible region (where neither proof nor feasibility comes) depth-first
  const heap = new CellHeap();
  for (let face = 0; face < 3; face++) for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) heap.push(0, face, -1 + i * 0.5, -1 + j * 0.5, 0.5);
  let cells = 0;
  while (heap.size > 0) {
    if (++cells > MAX_CELLS) return false;
    const { face, u0, v0, size } = heap.pop();
    direction(face, u0 + size / 2, v0 + size / 2, c);
    let delta = 0;
    for (let q = 0; q < 4; q++) {
      direction(face, u0 + (q & 1) * size, v0 + (q >> 1) * size, corner);
      const dot = Math.min(1, c[0]! * corner[0]! + c[1]! * corner[1]! + c[2]! * corner[2]!);
      delta = Math.max(delta, Math.acos(dot));
    }
    trimmedExtremes(ns, m, c[0]!, c[1]!, c[2]!, k, lo, hi, ext);
    const spread = Math.acos(Math.min(1, ext[0]!)) - Math.acos(Math.min(1, ext[1]!));
    if (spread <= band * (1 + 1e-9) + 1e-12) return false; // a direction with a narrow band: no proof
    // rounding of acos and the dot products: far below 1e-9 rad
    if (spread - 2 * delta > band * (1 + 1e-9) + 1e-9) continue;
    const h = size / 2;
    for (let q = 0; q < 4; q++) heap.push(spread - 2 * delta, face, u0 + (q & 1) * h, v0 + (q >> 1) * h, h);
  }
  return true;
}

/** Min-heap of direction cells keyed by a lower bound of their spread. */
class CellHeap {
  private keys: number[] = [];
  private cells: { face: number; u0: number; v0: number; size: number }[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, face: number, u0: number, v0: number, size: number): void {
    const { keys, cells } = this;
    let i = keys.length;
    keys.push(key);
    cells.push({ face, u0, v0, size });
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): { face: number; u0: number; v0: number; size: number } {
    const { keys, cells } = this;
    const top = cells[0]!;
    const lastKey = keys.pop()!, lastCell = cells.pop()!;
    if (keys.length > 0) {
      keys[0] = lastKey;
      cells[0] = lastCell;
      for (let i = 0; ; ) {
        const l = 2 * i + 1, r = l + 1;
        let best = i;
        if (l < keys.length && keys[l]! < keys[best]!) best = l;
        if (r < keys.length && keys[r]! < keys[best]!) best = r;
        if (best === i) break;
        this.swap(i, best);
        i = best;
      }
    }
    return top;
  }

  private swap(i: number, j: number): void {
    const k = this.keys[i]!, c = this.cells[i]!;
    this.keys[i] = this.keys[j]!;
    this.cells[i] = this.cells[j]!;
    this.keys[j] = k;
    this.cells[j] = c;
  }
}
