// The translation strategy of sweepParts (sweep.ts); rotations and screws are advance.ts's.
import { addStats } from '../traverse/stats.js';
import { firstImpact } from './firstImpact.js';
import { PairsNeverMeeting } from './neverMeet.js';
import { deepenedOverlap } from './stopPose.js';
import { timeOfImpactRigid } from './timeOfImpact.js';
import { contactKeptByMotion } from './verdict.js';
import type { SweepContact, SweepContext, SweepResult } from './sweep.js';

/**
 * Translation: exact times of impact in approach mode (contacts moving into a face),
 * each checked with the verdict just past it; a contact that does not interfere is
 * passed, and the search resumes after it.
 */
export function sweepTranslation(ctx: SweepContext, maxIterations: number): SweepResult {
  const { scene, motion } = ctx;
  if (motion.kind !== 'translate') throw new Error('internal: sweepTranslation needs a translation');
  let after = -1;
  // Surface pairs the move can never make interfere (see neverMeet.ts), per part pair.
  const apart = ctx.pairs.map(([m, o]) => new PairsNeverMeeting(scene.parts[m]!, scene.poses[m]!, scene.parts[o]!, scene.poses[o]!, motion, ctx.allowance(m, o)));
  const leaveOutKept = (): void => {
    for (const key of ctx.kept) {
      const [m, o, sa, sb] = key.split(':').map(Number) as [number, number, number, number];
      const k = ctx.pairs.findIndex(([pm, po]) => pm === m && po === o);
      if (k >= 0) apart[k]!.leaveOut(sa, sb);
    }
  };
  leaveOutKept();
  const pairIndex = ctx.pairs.map((_, k) => k);
  const deepened = deepenedOverlap(ctx, 0, 1);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const found = firstImpact(
      pairIndex,
      (k, from, until) => {
        const [m, o] = ctx.pairs[k]!;
        const r = timeOfImpactRigid(scene.parts[m]!, scene.poses[m]!, scene.parts[o]!, scene.poses[o]!, motion.vector, {
          mode: 'approach',
          skin: ctx.allowance(m, o),
          minDepth: ctx.allowance(m, o),
          after: from,
          until,
          horizon: 1,
          ignore: (sa, sb) => apart[k]!.has(sa, sb),
        });
        addStats(ctx.stats, r.stats);
        return r.hit;
      },
      after,
    );
    const best = found && {
      t: found.hit.fraction,
      m: ctx.pairs[found.pair]![0],
      o: ctx.pairs[found.pair]![1],
      contact: { moving: ctx.pairs[found.pair]![0], other: ctx.pairs[found.pair]![1], surfaceMoving: found.hit.surfaceA, surfaceOther: found.hit.surfaceB, point: found.hit.point, normal: found.hit.normal } as SweepContact,
      normalSpeed: Math.abs(found.hit.normal[0] * motion.vector[0] + found.hit.normal[1] * motion.vector[1] + found.hit.normal[2] * motion.vector[2]),
    };
    if (deepened && (!best || deepened.fraction <= best.t)) return ctx.result('blocked', deepened.fraction, deepened.blocking, null, iteration);
    if (!best) return ctx.result('free', 1, [], null, iteration);
    const probe = ctx.probeFraction(best.t, best.m, best.o, best.normalSpeed);
    const blocking = ctx.interferenceAt(probe);
    if (blocking.length > 0) return ctx.result('blocked', best.t, blocking, best.contact, iteration + 1);
    // Passed: resume just after it (events closer than 1e-9 of the move were covered by the probe).
    after = best.t + 1e-9;
    const c = best.contact;
    const at = ctx.pose(c.moving, best.t);
    if (contactKeptByMotion(scene.parts[c.moving]!.surfaces[c.surfaceMoving]!, at, scene.parts[c.other]!.surfaces[c.surfaceOther]!, scene.poses[c.other]!, motion, ctx.tolerance)) {
      ctx.kept.add(`${c.moving}:${c.other}:${c.surfaceMoving}:${c.surfaceOther}`);
      leaveOutKept();
    }
  }
  return ctx.result('out-of-iterations', Math.max(after, 0), [], null, maxIterations);
}
