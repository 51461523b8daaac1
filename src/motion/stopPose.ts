/**
 * Where a blocked move stopped, and what stopped it there: the blocking pairs named at the
 * stop pose, and the first place a starting overlap went deeper (a drawn-in overlap has
 * no contact event to wake the search).
 */
import type { BlockingPair, SweepContact, SweepContext } from './sweep.js';
import { surfacePairVerdict } from './verdict.js';

/**
 * The blocking pairs to name: those within the allowance at the stop pose. The verdict is
 * asked a little past the stop, where a fit forced farther on or a face only the probe
 * reached may interfere too; what stopped the move is what touches where it stopped, so
 * the answer does not depend on how far the step asked to go. Never empty: when no pair
 * found past the stop touches there, the contact event's pair is named.
 */
export function namedAtStop(ctx: SweepContext, fraction: number, blocking: BlockingPair[], contact: SweepContact | null): BlockingPair[] {
  const pose = new Float64Array(12);
  const { parts, poses } = ctx.scene;
  const near = blocking.filter((b) => {
    ctx.pose(b.moving, fraction, pose);
    return surfacePairVerdict(parts[b.moving]!, pose, b.surfaceMoving, parts[b.other]!, poses[b.other]!, b.surfaceOther, ctx.tolerance, ctx.allowance(b.moving, b.other)).near;
  });
  if (near.length > 0 || !contact) return near.length > 0 ? near : blocking;
  const depth = Math.max(0, ...blocking.filter((b) => b.moving === contact.moving && b.other === contact.other).map((b) => b.depth));
  return [{ moving: contact.moving, other: contact.other, surfaceMoving: contact.surfaceMoving, surfaceOther: contact.surfaceOther, depth }];
}

/**
 * The first fraction in (from, to] where a starting overlap has gone deeper, to within τ
 * of travel, and the pairs that interfere just past it; null when none did. An overlap
 * already crossing has no contact event to wake the search, so the stretch is sampled
 * (just past `from`, then eight even steps) and the first deeper sample bisected.
 */
export function deepenedOverlap(ctx: SweepContext, from: number, to: number): { fraction: number; blocking: BlockingPair[] } | null {
  const overlapping = new Set(ctx.overlappingPairs().map(([m, o]) => `${m}:${o}`));
  if (overlapping.size === 0 || !(to > from)) return null;
  const only = (m: number, o: number): boolean => overlapping.has(`${m}:${o}`);
  const tau = Math.max(ctx.tolerance, 1e-9 * (1 + ctx.bound));
  const first = Math.min(to, from + (4 * ctx.tolerance + 1e-9 * (1 + ctx.bound)) / Math.max(ctx.bound, 1e-300));
  const samples = [first, ...Array.from({ length: 8 }, (_, k) => from + ((to - from) * (k + 1)) / 8).filter((t) => t > first)];
  let lo = from;
  for (const t of samples) {
    let blocking = ctx.interferenceAt(t, only);
    if (blocking.length === 0) {
      lo = t;
      continue;
    }
    let hi = t;
    for (let k = 0; k < 60 && (hi - lo) * ctx.bound > tau / 2; k++) {
      const mid = (lo + hi) / 2;
      const here = ctx.interferenceAt(mid, only);
      if (here.length > 0) [hi, blocking] = [mid, here];
      else lo = mid;
    }
    return { fraction: lo, blocking };
  }
  return null;
}
