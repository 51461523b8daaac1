import type { ImpactHit } from './timeOfImpact.js';

/** Searches one part pair for its first contact in (after, until]; null when none. */
export type PairImpactSearch<P> = (pair: P, after: number, until: number) => ImpactHit | null;

/**
 * The earliest contact over all part pairs in (after, 1], searched in growing windows of
 * the move: the first 1/16 of what is left, then four times wider each time. The
 * windows partition the move, so the answer is the same as one search over all of it,
 * but an early contact (a nut still on its bolt, a part held by a neighbour) ends the
 * search after sweeping a short stretch, and each window's boxes are swept only over
 * that window, so a contact met at the start is not tested again further on.
 * Ties go to the earlier pair in `pairs`.
 */
export function firstImpact<P>(pairs: readonly P[], search: PairImpactSearch<P>, after: number): { hit: ImpactHit; pair: P } | null {
  let lo = after;
  let width = (1 - Math.max(lo, 0)) / 16;
  for (;;) {
    const hi = Math.min(1, Math.max(lo, 0) + width);
    let best: { hit: ImpactHit; pair: P } | null = null;
    for (const pair of pairs) {
      const hit = search(pair, lo, best ? best.hit.fraction : hi);
      if (hit && (!best || hit.fraction < best.hit.fraction)) best = { hit, pair };
    }
    if (best || hi >= 1) return best;
    lo = hi;
    width *= 4;
  }
}
