/**
 * Σ n nᵀ of a patch's vertex normals and its eigen-decomposition, computed once per patch:
 * the plane and cylinder rule-outs, the cylinder axis and the cone's second
 * axis all read it, and each used to build and decompose it again.
 */
import { symmetricEigen, type SymmetricEigen } from './linalg.js';
import type { Patch } from './patch.js';

/** Σ n nᵀ of the normals; the eigen-decomposition is computed on first read (a plane needs none). */
export class NormalScatter {
  private decomposed: SymmetricEigen | null = null;
  /**
   * @param m Σ n nᵀ, row-major 3×3.
   * @param used number of normals summed.
   * @param sum Σ n (orientation as given).
   */
  constructor(readonly m: number[], readonly used: number, readonly sum: number[]) {}

  /** Its eigen-decomposition, ascending. */
  get eigen(): SymmetricEigen {
    return (this.decomposed ??= symmetricEigen(this.m, 3));
  }

  /** Rayleigh quotient vᵀ m v / |v|² (a lower bound of the largest eigenvalue); 0 for v = 0. */
  rayleigh(v: ArrayLike<number>): number {
    const x = v[0]!, y = v[1]!, z = v[2]!;
    const l2 = x * x + y * y + z * z;
    if (!(l2 > 0)) return 0;
    const m = this.m;
    return (x * (m[0]! * x + m[1]! * y + m[2]! * z) + y * (m[3]! * x + m[4]! * y + m[5]! * z) + z * (m[6]! * x + m[7]! * y + m[8]! * z)) / l2;
  }
}


function build(patch: Patch, givenOnly: boolean): NormalScatter {
  // sums on scalars, in vertex order (every surface's plane rule-out reads this;
  // adding into small arrays per vertex was most of it), then plain arrays, not typed ones
  const { n, given } = patch;
  let sx = 0, sy = 0, sz = 0, xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0;
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    if (givenOnly && !given[i]) continue;
    const x = n[i * 3]!, y = n[i * 3 + 1]!, z = n[i * 3 + 2]!;
    if (x === 0 && y === 0 && z === 0) continue;
    used++;
    sx += x; sy += y; sz += z;
    xx += x * x; xy += x * y; xz += x * z;
    yy += y * y; yz += y * z; zz += z * z;
  }
  return new NormalScatter([xx, xy, xz, xy, yy, yz, xz, yz, zz], used, [sx, sy, sz]);
}

/** The scatter over the vertices that have a normal (only the given ones with `givenOnly`). */
export function normalScatter(patch: Patch, givenOnly = false): NormalScatter {
  const memo = patch.memo;
  const hit = (givenOnly ? memo.scatterGiven : memo.scatterAll) as NormalScatter | null;
  if (hit) return hit;
  // every normal given: both sums are the same sum
  let allGiven = true;
  for (let i = 0; i < patch.count && allGiven; i++) if (!patch.given[i]) allGiven = false;
  const other = (givenOnly ? memo.scatterAll : memo.scatterGiven) as NormalScatter | null;
  const s = allGiven && other ? other : build(patch, givenOnly);
  if (givenOnly) memo.scatterGiven = s;
  else memo.scatterAll = s;
  return s;
}

/**
 * One instance kept alive for good: the instance map is reached through transitions, which
 * a full GC drops when no instance is alive, deoptimising every function that checks it
 * (the bench collects before each pass).
 */
export const KEEP_SHAPE = new NormalScatter([0.5, 0, 0, 0, 0.5, 0, 0, 0, 0.5], 0, [0.5, 0, 0]);
KEEP_SHAPE.eigen;
