/**
 * One unit of removal work, run here or in a worker: part `moving` translates along a unit
 * direction to infinity (in practice: until its box has left each other part's box), and
 * each other part that it would run into is reported with the first contact.
 *
 * The sweep is the exact time of impact in `approach` mode: contacts the part starts in
 * and moves away from or slides along (a nut lifting off a plate, a bolt sliding out of its
 * fitted hole) are not blocks; vertices that start up to the tessellations' chordal error
 * behind a face (fitted cylinders cross by it) and move deeper are blocks at 0 mm.
 */
import { growAabb, transformAabb, type Aabb } from '../math/aabb.js';
import type { Rigid } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';
import { timeOfImpactRigid } from '../motion/timeOfImpact.js';
import type { Blocker, SweepUnit } from './blocking.js';
import { boxOverlapInterval } from './clearance.js';

/** Extra travel past the box exit (relative to the scene size), so a contact exactly there is still seen. */
const EXIT_SLACK = 1e-9;

export interface SweepContext {
  assembly: Assembly;
  poses: Rigid[];
  tolerance: number;
  /** World boxes of the parts, grown by the tolerance. */
  boxes: Aabb[];
  /** Pairwise time-of-impact queries and swept triangle tests run (for the bench). */
  stats: { pairs: number; triangleTests: number };
}

export function sweepContext(assembly: Assembly, poses: Rigid[], tolerance: number): SweepContext {
  const boxes = assembly.parts.map((p, i) => growAabb(transformAabb(p.bounds, poses[i]!), tolerance));
  return { assembly, poses, tolerance, boxes, stats: { pairs: 0, triangleTests: 0 } };
}

/** The first contact of part i moving along unit d with part j (j alone in the scene), or null if none. */
export function sweepPair(ctx: SweepContext, i: number, j: number, d: [number, number, number]): Blocker | null {
  const span = boxOverlapInterval(ctx.boxes[i]!, ctx.boxes[j]!, d);
  if (!span) return null;
  const a = ctx.assembly.parts[i]!, b = ctx.assembly.parts[j]!;
  const size = Math.max(1, ...ctx.boxes[j]!.map(Math.abs));
  const length = span[1] + EXIT_SLACK * size;
  if (!(length > 0)) return null;
  const skin = ctx.tolerance + (a.deflection ?? 0) + (b.deflection ?? 0);
  const { hit, stats } = timeOfImpactRigid(a, ctx.poses[i]!, b, ctx.poses[j]!, [d[0] * length, d[1] * length, d[2] * length], { mode: 'approach', skin });
  ctx.stats.pairs++;
  ctx.stats.triangleTests += stats.triangleTests;
  if (!hit) return null;
  return { other: j, moving: i, distance: hit.distance, surfaceMoving: hit.surfaceA, surfaceOther: hit.surfaceB, point: hit.point, normal: hit.normal };
}

/** Runs work units in this thread. */
export function runSweepUnits(ctx: SweepContext, units: readonly SweepUnit[]): Blocker[][] {
  return units.map((u) => {
    const out: Blocker[] = [];
    for (const j of u.others) {
      const b = sweepPair(ctx, u.moving, j, u.direction);
      if (b) out.push(b);
    }
    return out;
  });
}

const contexts = new WeakMap<Assembly, Map<string, SweepContext>>();

/** The in-thread sweep engine (one context per assembly, poses and tolerance). */
export function sweepInProcess(assembly: Assembly, poses: Rigid[], tolerance: number, units: readonly SweepUnit[]): Blocker[][] {
  const key = `${tolerance}|${poses.map((p) => Array.from(p).join(',')).join(';')}`;
  let byKey = contexts.get(assembly);
  if (!byKey) contexts.set(assembly, (byKey = new Map()));
  let ctx = byKey.get(key);
  if (!ctx) byKey.set(key, (ctx = sweepContext(assembly, poses, tolerance)));
  return runSweepUnits(ctx, units);
}
