/**
 * The true depth of an overlap drawn into a model (unclocked gear teeth, a thread at nominal
 * diameter), searched for rather than sampled.
 *
 * Why: the solid samples (vertices, chord midpoints) of an extruded overlap sit on its end
 * faces or near them, where a point's depth is clipped by the other part's end faces. Slide
 * the part along the extrusion (a gear lifted out of mesh) and that clip is released: the
 * same samples read deeper than the overlap ever was, and a move that only makes the overlap
 * shorter looks like one that deepens it. The depth allowed at the start must be the
 * overlap's own depth, the largest distance of a point of one solid inside the other to the
 * other's surface, so the deepest samples are taken as seeds and climbed (a pattern search
 * over the 26 neighbour directions, halving the step) to the top of that distance field.
 */
import { invertRigid, relativeRigid, type Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import { distanceToPart, pointInPart } from '../collide/partSolid.js';
import { forEachSolidSample } from '../collide/penetration.js';

/** Seeds climbed per side (the deepest samples of A in B, and of B in A). */
const SEEDS = 3;
/** Pattern-search rounds per seed at most. */
const ROUNDS = 60;

/** The 26 unit directions to the neighbours of a cube cell. */
const DIRECTIONS: readonly (readonly [number, number, number])[] = (() => {
  const out: [number, number, number][] = [];
  for (let x = -1; x <= 1; x++) for (let y = -1; y <= 1; y++) for (let z = -1; z <= 1; z++) {
    if (x === 0 && y === 0 && z === 0) continue;
    const l = Math.hypot(x, y, z);
    out.push([x / l, y / l, z / l]);
  }
  return out;
})();

/**
 * Depth (mm) of the deepest point of A inside B or of B inside A, at least the sampled
 * depth: seeds from `maxSamples` solid samples of each part, each climbed to a local
 * maximum of the depth while it stays inside its own part. 0 when no sample overlaps.
 * Both meshes should be closed (the inside test is then exact).
 */
export function overlapDepth(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, maxSamples: number): number {
  const bToA = relativeRigid(rigidA, rigidB);
  const aToB = invertRigid(bToA);
  return Math.max(climbSide(a, b, aToB, maxSamples), climbSide(b, a, bToA, maxSamples));
}

/** Deepest point of `own` inside `other` (`toOther` maps own's frame to other's). */
function climbSide(own: Part, other: Part, toOther: Rigid, maxSamples: number): number {
  const closest = new Float64Array(3);
  const m = toOther;
  // depth in `other` of a point of own's frame; -1 when the point has left `own`
  const depthAt = (x: number, y: number, z: number, mustBeInOwn: boolean): number => {
    if (mustBeInOwn && pointInPart(own, x, y, z) === 'outside') return -1;
    const px = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    const py = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
    const pz = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
    if (pointInPart(other, px, py, pz) !== 'inside') return 0;
    return distanceToPart(other, px, py, pz, closest);
  };
  const seeds: { depth: number; at: [number, number, number] }[] = [];
  forEachSolidSample(own, maxSamples, (x, y, z) => {
    const d = depthAt(x, y, z, false);
    if (!(d > 0)) return;
    if (seeds.length < SEEDS) seeds.push({ depth: d, at: [x, y, z] });
    else if (d > seeds[SEEDS - 1]!.depth) seeds[SEEDS - 1] = { depth: d, at: [x, y, z] };
    else return;
    seeds.sort((p, q) => q.depth - p.depth);
  });
  const bounds = own.bounds;
  const span = Math.hypot(bounds[3]! - bounds[0]!, bounds[4]! - bounds[1]!, bounds[5]! - bounds[2]!);
  let best = 0;
  for (const seed of seeds) {
    let [x, y, z] = seed.at;
    let depth = seed.depth;
    let step = Math.max(depth, 1e-4 * span);
    const stop = 1e-4 * Math.max(depth, 1e-3 * span);
    for (let round = 0; round < ROUNDS && step > stop; round++) {
      let moved = false;
      for (const [dx, dy, dz] of DIRECTIONS) {
        const d = depthAt(x + step * dx, y + step * dy, z + step * dz, true);
        if (d > depth) {
          depth = d;
          x += step * dx;
          y += step * dy;
          z += step * dz;
          moved = true;
        }
      }
      if (!moved) step /= 2;
    }
    best = Math.max(best, depth);
  }
  return best;
}
