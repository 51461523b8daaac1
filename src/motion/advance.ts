import { addStats } from '../collide/stats.js';
import { distanceRigid } from './distance.js';
import { pointSpeed } from './rigidMotion.js';
import { contactKeptByMotion, surfacePairVerdict } from './verdict.js';
import type { BlockingPair, SweepContext, SweepContact, SweepResult } from './sweep.js';

/**
 * Rotations and screws: conservative advancement.
 *
 * Why nothing can tunnel. Let d be the distance at fraction t between the moving parts
 * and the rest (leaving out surface pairs already accepted as sliding contacts), and B
 * the motion bound: no point of the moving parts travels farther than B per unit of t
 * (|v| + |ω|·r_max, see motionBound). Two points that are d apart cannot meet before
 * one of them has travelled d, so for every t' in [t, t + (d − τ/2)/B] the distance is
 * still ≥ τ/2 > 0: no contact, however thin the parts, is skipped. The loop advances by
 * exactly that much, and stops when d ≤ τ (the tolerance): the contact is then found
 * within τ of its true position. Each step is at least τ/(2B), so it ends; the iteration
 * cap only guards against an absurd bound, and then says `out-of-iterations` rather than
 * guessing.
 *
 * A contact found this way blocks if the verdict says "interference" a little further
 * on (as for translations); otherwise its surface pair is accepted (left out of d) and
 * the advancement goes on. Accepted pairs that the motion keeps coincident (a nut turning
 * on its bolt's cylinder) need nothing more; the others are re-checked with the verdict
 * at every step until they separate beyond the allowance, and then go back into d.
 */
export function advanceScrew(ctx: SweepContext, maxIterations: number): SweepResult {
  const { scene, bound } = ctx;
  const tau = Math.max(ctx.tolerance, 1e-9 * (1 + bound));
  // Left out of d: contacts the motion keeps coincident, and start contacts being watched.
  const accepted = new Set<string>(ctx.startContacts);
  const watched = new Set<string>([...ctx.startContacts].filter((k) => !ctx.kept.has(k)));
  const pose = new Float64Array(12);
  /** Last closest triangle pair per part pair: along a motion it stays close, so it seeds the next query. */
  const seeds = new Map<string, [number, number]>();
  let t = 0;
  let lastSafe = 0;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    if (watched.size > 0 && t > 0) {
      // Watched contacts: blocked if their parts interfere here; back into d once they separate.
      const blocking: BlockingPair[] = [];
      for (const key of [...watched]) {
        const [m, o, sa, sb] = key.split(':').map(Number) as [number, number, number, number];
        const r = surfacePairVerdict(scene.parts[m]!, ctx.pose(m, t, pose), sa, scene.parts[o]!, scene.poses[o]!, sb, ctx.tolerance, ctx.allowance(m, o));
        if (r.interference && !ctx.isPreexisting(m, o, sa, sb)) blocking.push({ moving: m, other: o, surfaceMoving: sa, surfaceOther: sb, depth: r.interference.depth });
        if (!r.near) {
          watched.delete(key);
          accepted.delete(key);
        }
      }
      if (blocking.length > 0) return ctx.result('blocked', lastSafe, blocking, null, iteration);
    }
    lastSafe = t;
    if (t >= 1) return ctx.result('free', 1, [], null, iteration);
    let best: { d: number; m: number; o: number; sa: number; sb: number; point: [number, number, number]; normal: [number, number, number] } | null = null;
    for (const [m, o] of ctx.pairs) {
      ctx.pose(m, t, pose);
      const r = distanceRigid(scene.parts[m]!, pose, scene.parts[o]!, scene.poses[o]!, {
        maxDistance: best ? best.d : bound * (1 - t) + tau,
        ignore: (sa, sb) => accepted.has(`${m}:${o}:${sa}:${sb}`),
        ...(seeds.has(`${m}:${o}`) ? { seed: seeds.get(`${m}:${o}`)! } : {}),
      });
      addStats(ctx.stats, r.stats);
      const c = r.closest;
      if (c) seeds.set(`${m}:${o}`, [c.triangleA, c.triangleB]);
      if (!c || (best && c.distance >= best.d)) continue;
      const n = c.pointA.map((v, k) => v - c.pointB[k]!) as [number, number, number];
      const len = Math.hypot(...n);
      best = { d: c.distance, m, o, sa: c.surfaceA, sb: c.surfaceB, point: c.pointB, normal: len > 0 ? (n.map((v) => v / len) as [number, number, number]) : [0, 0, 0] };
    }
    if (!best) return ctx.result('free', 1, [], null, iteration + 1);
    if (best.d > tau) {
      t = Math.min(1, t + (best.d - tau / 2) / bound);
      continue;
    }
    // Contact at t: block if moving on interferes.
    const v = pointSpeed(ctx.motion, best.point, best.normal);
    const probe = ctx.probeFraction(t, best.m, best.o, best.normal.some((x) => x !== 0) ? v.normal : v.speed);
    const blocking = ctx.interferenceAt(probe);
    if (blocking.length > 0) {
      const contact: SweepContact = { moving: best.m, other: best.o, surfaceMoving: best.sa, surfaceOther: best.sb, point: best.point, normal: best.normal };
      return ctx.result('blocked', t, blocking, contact, iteration + 1);
    }
    const key = `${best.m}:${best.o}:${best.sa}:${best.sb}`;
    accepted.add(key);
    if (!contactKeptByMotion(scene.parts[best.m]!.surfaces[best.sa]!, ctx.pose(best.m, t), scene.parts[best.o]!.surfaces[best.sb]!, scene.poses[best.o]!, ctx.motion, ctx.tolerance)) watched.add(key);
  }
  return ctx.result('out-of-iterations', t, [], null, maxIterations);
}
