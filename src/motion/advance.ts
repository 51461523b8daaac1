import { addStats } from '../traverse/stats.js';
import type { Part } from '../model/types.js';
import { distanceRigid } from './distance.js';
import { surfaceKindToWorld } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import { motionBound, pointSpeed } from './rigidMotion.js';
import { rotateVector } from '../math/rigid.js';
import { PairsNeverMeeting } from './neverMeet.js';
import { ScrewSlabs } from './screwSlabs.js';
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
 * the advancement goes on. Surface pairs the motion can never make interfere (a nut's
 * faces against its bolt's as it unscrews: rings about the axis kept apart, planes left
 * behind; see neverMeet.ts) are left out of d from the start: a contact between them
 * could only be a graze, never a block.
 *
 * A sharper bound for flat faces: while a surface lies wholly on one side of a flat
 * face's plane (a face of either part), the two cannot touch, and the gap to the plane
 * shrinks no faster than the normal component of the relative motion, |advance|·|a·n| +
 * |ω|·|a×n|·r_max (no rotation term when the screw axis is along the normal: a nut turning
 * down its bolt nears the bolt's end face at the advance only). Such surface pairs are
 * left out of d and bound the step by (gap − τ/2) / min(that rate, B); the argument above
 * applies to each bound separately. The screw's own symmetry bounds surface pairs too
 * (screwSlabs.ts): rings about the axis apart never meet, and axial extents apart close at
 * |advance| at most, so a thread turning in a clearance hole costs no distance queries.
 * Accepted pairs that the motion keeps coincident (a nut turning
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
  const planes = flatFaces(ctx);
  // Surface pairs the motion can never make interfere (neverMeet.ts) stay out of d too.
  const apart = ctx.pairs.map(([m, o]) => new PairsNeverMeeting(scene.parts[m]!, scene.poses[m]!, scene.parts[o]!, scene.poses[o]!, ctx.motion, ctx.allowance(m, o)));
  // Surface pairs the screw's symmetry keeps apart (rings about the axis, or axial extents): see screwSlabs.ts.
  const motion = ctx.motion;
  const slabs = motion.kind === 'screw' ? ctx.pairs.map(([m, o]) => new ScrewSlabs(scene.parts[m]!, scene.poses[m]!, scene.parts[o]!, scene.poses[o]!, motion)) : null;
  let t = 0;
  let lastSafe = 0;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    if (watched.size > 0 && t > 0) {
      // Watched contacts: blocked if their parts interfere here; back into d once they separate.
      const blocking: BlockingPair[] = [];
      for (const key of [...watched]) {
        const [m, o, sa, sb] = key.split(':').map(Number) as [number, number, number, number];
        const r = surfacePairVerdict(scene.parts[m]!, ctx.pose(m, t, pose), sa, scene.parts[o]!, scene.poses[o]!, sb, ctx.tolerance, ctx.allowance(m, o));
        if (r.interference && !ctx.withinStartingOverlap(m, o, pose, r.interference.depth)) blocking.push({ moving: m, other: o, surfaceMoving: sa, surfaceOther: sb, depth: r.interference.depth });
        if (!r.near) {
          watched.delete(key);
          accepted.delete(key);
        }
      }
      if (blocking.length > 0) {
        const stop = firstInterference(ctx, blocking, lastSafe, t, tau);
        return ctx.result('blocked', stop.fraction, stop.blocking, null, iteration);
      }
    }
    lastSafe = t;
    if (t >= 1) return ctx.result('free', 1, [], null, iteration);
    let best: { d: number; m: number; o: number; sa: number; sb: number; point: [number, number, number]; normal: [number, number, number] } | null = null;
    // Flat faces the moving part is wholly on one side of: the plane gap bounds the distance
    // to them, and it shrinks no faster than the motion's component along the normal.
    let planarStep = Infinity;
    const handled = new Set<string>();
    // Never slower than the plain bound: the distance is at least the gap and shrinks at most by
    // `bound`; nor than the symmetry bound, when that keeps the pair apart for longer.
    const pairStep = (plane: FlatFace, gap: number, sa: number, sb: number): number =>
      Math.max((gap - tau / 2) / Math.min(plane.rate, bound), slabs?.[plane.pair]!.apartFor(sa, sb, t, tau, tau / 2) ?? 0);
    for (const plane of planes) {
      ctx.pose(plane.m, t, pose);
      const movingPart = scene.parts[plane.m]!, other = scene.parts[plane.o]!;
      if (plane.moving) {
        // A face of the moving part: its plane at t, against each surface of the other part.
        const n = rotateVector(pose, plane.normal);
        const offset = plane.offset + n[0] * pose[3]! + n[1] * pose[7]! + n[2] * pose[11]!;
        for (const q of other.surfaces) {
          if (q.triangleCount === 0 || slabs?.[plane.pair]!.apartFor(plane.surface, q.index, t, tau, tau / 2) === Infinity) continue;
          const gap = surfacePlaneGap(other, q.index, scene.poses[plane.o]! as Float64Array, n, offset) - plane.residual;
          if (!(gap > tau)) continue;
          handled.add(`${plane.m}:${plane.o}:${plane.surface}:${q.index}`);
          planarStep = Math.min(planarStep, pairStep(plane, gap, plane.surface, q.index));
        }
      } else {
        for (const q of movingPart.surfaces) {
          if (q.triangleCount === 0 || slabs?.[plane.pair]!.apartFor(q.index, plane.surface, t, tau, tau / 2) === Infinity) continue;
          const gap = surfacePlaneGap(movingPart, q.index, pose, plane.normal, plane.offset) - plane.residual;
          if (!(gap > tau)) continue;
          handled.add(`${plane.m}:${plane.o}:${q.index}:${plane.surface}`);
          planarStep = Math.min(planarStep, pairStep(plane, gap, q.index, plane.surface));
        }
      }
    }
    // Surface pairs left out because the symmetry bounds keep them more than τ apart, and
    // for how long (each pair the distance query would have looked at is bounded either way).
    let symmetricStep = Infinity;
    for (let k = 0; k < ctx.pairs.length; k++) {
      const [m, o] = ctx.pairs[k]!;
      ctx.pose(m, t, pose);
      const keptApart = (sa: number, sb: number): boolean => {
        const left = slabs?.[k]!.apartFor(sa, sb, t, tau, tau / 2) ?? null;
        if (left === null) return false;
        if (left < symmetricStep) symmetricStep = left;
        return true;
      };
      const r = distanceRigid(scene.parts[m]!, pose, scene.parts[o]!, scene.poses[o]!, {
        maxDistance: best ? best.d : bound * (1 - t) + tau,
        ignore: (sa, sb) => apart[k]!.has(sa, sb) || slabs?.[k]!.never(sa, sb) === true || accepted.has(`${m}:${o}:${sa}:${sb}`) || handled.has(`${m}:${o}:${sa}:${sb}`) || keptApart(sa, sb),
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
    if (!best || best.d > tau) {
      const step = Math.min(best ? (best.d - tau / 2) / bound : Infinity, planarStep, symmetricStep);
      // Nothing can come within τ: done, but for watched start contacts, which are checked at the end.
      if (step === Infinity && watched.size === 0) return ctx.result('free', 1, [], null, iteration + 1);
      t = Math.min(1, t + step);
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

/**
 * A watched contact found interfering at `to` after a step from `from` (where it did not):
 * the step may have been long (the pair was left out of the distance), so bisect for the
 * first fraction where it interferes, to within τ of travel, and name the pairs there,
 * not at the end of the step.
 */
function firstInterference(ctx: SweepContext, found: BlockingPair[], from: number, to: number, tau: number): { fraction: number; blocking: BlockingPair[] } {
  const { scene } = ctx;
  const pose = new Float64Array(12);
  const at = (t: number): BlockingPair[] => {
    const out: BlockingPair[] = [];
    for (const b of found) {
      const r = surfacePairVerdict(scene.parts[b.moving]!, ctx.pose(b.moving, t, pose), b.surfaceMoving, scene.parts[b.other]!, scene.poses[b.other]!, b.surfaceOther, ctx.tolerance, ctx.allowance(b.moving, b.other));
      if (r.interference && !ctx.withinStartingOverlap(b.moving, b.other, pose, r.interference.depth)) out.push({ ...b, depth: r.interference.depth });
    }
    return out;
  };
  let lo = from, hi = to, blocking = found;
  for (let k = 0; k < 60 && (hi - lo) * ctx.bound > tau / 2; k++) {
    const mid = (lo + hi) / 2;
    const here = at(mid);
    if (here.length > 0) [hi, blocking] = [mid, here];
    else lo = mid;
  }
  return { fraction: lo, blocking };
}

interface FlatFace {
  /** A face of the moving part m (normal and offset in m's frame), or of the other part o (world). */
  moving: boolean;
  /** Index of [m, o] in the context's pairs. */
  pair: number;
  m: number;
  o: number;
  surface: number;
  normal: [number, number, number];
  offset: number;
  /** How far the face's triangles may be from the fitted plane. */
  residual: number;
  /** How fast the gap of part m to this plane can shrink, per unit t. */
  rate: number;
}

/** The planar faces of the other parts, with the normal rate bound for each moving part. */
function flatFaces(ctx: SweepContext): FlatFace[] {
  const out: FlatFace[] = [];
  const motion = ctx.motion;
  if (motion.kind !== 'screw') return out;
  const [ax, ay, az] = motion.axis;
  const rMax = new Map<number, number>();
  for (const m of ctx.moving) rMax.set(m, motionBound({ ...motion, angle: 1, advance: 0 }, [ctx.scene.parts[m]!], [ctx.scene.poses[m]!]));
  const rOther = new Map<number, number>();
  const rateOf = (n: [number, number, number], r: number): number => {
    const along = Math.abs(ax * n[0] + ay * n[1] + az * n[2]);
    const across = Math.hypot(ay * n[2] - az * n[1], az * n[0] - ax * n[2], ax * n[1] - ay * n[0]);
    // 1e-9 relative: a fitted normal is not exactly the axis.
    return (Math.abs(motion.advance) * along + Math.abs(motion.angle) * across * r) * (1 + 1e-9) + 1e-12 * ctx.bound;
  };
  for (const [pair, [m, o]] of ctx.pairs.entries()) {
    for (const surface of ctx.scene.parts[o]!.surfaces) {
      if (surface.triangleCount === 0) continue;
      const kind = surfaceKindToWorld(surfaceKindOf(surface), ctx.scene.poses[o]!);
      if (kind.type !== 'plane') continue;
      out.push({ moving: false, pair, m, o, surface: surface.index, normal: kind.normal, offset: kind.offset, residual: kind.residual, rate: rateOf(kind.normal, rMax.get(m)!) });
    }
    // The moving part's own flat faces against the other part: the same bound, seen from the
    // moving part (the other part's points move relative to it by the inverse screw).
    if (!rOther.has(o)) rOther.set(o, motionBound({ ...motion, angle: 1, advance: 0 }, [ctx.scene.parts[o]!], [ctx.scene.poses[o]!]));
    const start = ctx.scene.poses[m]!;
    for (const surface of ctx.scene.parts[m]!.surfaces) {
      if (surface.triangleCount === 0) continue;
      const local = surfaceKindOf(surface);
      if (local.type !== 'plane') continue;
      // In the part's frame (the face moves with the part); the rate uses its world normal at the start,
      // and a screw turns every normal about the axis without changing along / across.
      const world = surfaceKindToWorld(local, start);
      if (world.type !== 'plane') continue;
      out.push({ moving: true, pair, m, o, surface: surface.index, normal: local.normal, offset: local.offset, residual: local.residual, rate: rateOf(world.normal, rOther.get(o)!) });
    }
  }
  // Only where the plane bound is much sharper than the plain one: a plane gap is smaller than
  // the distance, so at a similar rate it would only slow the advancement down.
  return out.filter((f) => f.rate <= ctx.bound / 4);
}

/** Smallest |signed distance| of a surface's vertices (posed) to the plane n·x = offset, or 0 when they straddle it. */
function surfacePlaneGap(part: Part, surface: number, m: Float64Array, n: ArrayLike<number>, offset: number): number {
  const { positions, indices } = part;
  const s0 = part.surfaces[surface]!;
  let lo = Infinity, hi = -Infinity;
  for (let i = 3 * s0.firstTriangle, end = 3 * (s0.firstTriangle + s0.triangleCount); i < end; i++) {
    const v = 3 * indices[i]!;
    const x = positions[v]!, y = positions[v + 1]!, z = positions[v + 2]!;
    const wx = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    const wy = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
    const wz = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
    const s = n[0]! * wx + n[1]! * wy + n[2]! * wz - offset;
    if (s < lo) lo = s;
    if (s > hi) hi = s;
    if (lo <= 0 && hi >= 0) return 0;
  }
  return lo > 0 ? lo : hi < 0 ? -hi : 0;
}
