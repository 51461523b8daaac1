/**
 * The box a part brings to the part-pair pre-checks (collide's OBB pre-check, the distance
 * query's): `coarseObb` of its vertices, built on first use and kept with the part and by the
 * cache. Not `part.obb`: that tight hull fit is for shape questions (widths, duplicates, turned
 * parts), and fitting it for every part of a cold first answer cost more than all the
 * answer's queries, for the same rejects (as1 at rest: the same box tests with either box).
 */
import { coarseObb, type Obb } from '../math/obb.js';
import { derivedOf, type DerivedKind } from './derived.js';
import type { Part } from './types.js';

const PRECHECK_OBB: DerivedKind<Obb> = {
  name: 'precheck-obb',
  encode: (o) => Float64Array.of(...o.center, ...o.axes, ...o.halfExtents),
  decode: (data) => {
    if (!(data instanceof Float64Array) || data.length !== 15 || !data.every(Number.isFinite)) throw new Error('not a box');
    return { center: data.slice(0, 3), axes: data.slice(3, 12), halfExtents: data.slice(12, 15) };
  },
};

/** The part's pre-check box, in its own frame (a part without vertices: its `obb`, a point at the origin). */
export function precheckObb(part: Part): Obb {
  // Asked twice per query: the known box comes back without a closure made.
  const derived = derivedOf(part);
  return derived.get(PRECHECK_OBB, part) ?? derived.of(PRECHECK_OBB, part, () => (part.positions.length === 0 ? part.obb : coarseObb(part.positions)));
}
