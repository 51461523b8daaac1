/**
 * Σ n nᵀ of a patch's vertex normals and its eigen-decomposition, computed once per patch
 * (issue 14): the plane and cylinder rule-outs, the cylinder axis and the cone's second
 * axis all read it, and each used to build and decompose it again.
 */
import { symmetricEigen, type SymmetricEigen } from './linalg.js';
import type { Patch } from './patch.js';

export interface NormalScatter {
  /** Σ n nᵀ, row-major 3×3. */
  m: Float64Array;
  /** Number of normals summed. */
  used: number;
  /** Its eigen-decomposition, ascending. */
  eigen: SymmetricEigen;
}

const memo = new WeakMap<Patch, { all?: NormalScatter; given?: NormalScatter }>();

function build(patch: Patch, givenOnly: boolean): NormalScatter {
  const m = new Float64Array(9);
  let used = 0;
  for (let i = 0; i < patch.count; i++) {
    if (givenOnly && !patch.given[i]) continue;
    const x = patch.n[i * 3]!, y = patch.n[i * 3 + 1]!, z = patch.n[i * 3 + 2]!;
    if (x === 0 && y === 0 && z === 0) continue;
    used++;
    m[0] += x * x; m[1] += x * y; m[2] += x * z;
    m[4] += y * y; m[5] += y * z; m[8] += z * z;
  }
  m[3] = m[1]!; m[6] = m[2]!; m[7] = m[5]!;
  return { m, used, eigen: symmetricEigen(m, 3) };
}

/** The scatter over the vertices that have a normal (only the given ones with `givenOnly`). */
export function normalScatter(patch: Patch, givenOnly = false): NormalScatter {
  let entry = memo.get(patch);
  if (!entry) memo.set(patch, (entry = {}));
  const key = givenOnly ? 'given' : 'all';
  const hit = entry[key];
  if (hit) return hit;
  // every normal given: both sums are the same sum
  let allGiven = true;
  for (let i = 0; i < patch.count && allGiven; i++) if (!patch.given[i]) allGiven = false;
  const other = entry[givenOnly ? 'all' : 'given'];
  const s = allGiven && other ? other : build(patch, givenOnly);
  entry[key] = s;
  return s;
}
