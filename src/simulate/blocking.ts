/**
 * The directional blocking graph: for a part i and a direction d, which parts j stop i when
 * it translates along d to infinity, and after how many mm. Sweeps are pairwise (i against
 * one j, everything else absent) and remembered, so every later question — is i free along
 * d once these parts are gone? what stops this group of parts? — reuses them.
 *
 * Only the nearest blocker matters, so the parts are swept in the order the moving box
 * would reach theirs and the search stops once the next box is farther than the best
 * blocker found: a blocked direction usually costs one or two pairwise sweeps.
 *
 * A blocker comes either from i's own constraints (`locallyBlocked`: into a face it rests on,
 * sideways out of a fitted hole; distance 0, no sweep) or from a swept contact.
 */
import type { Constraint, Vec3 } from '../constraints/types.js';
import type { Aabb } from '../math/aabb.js';
import type { Assembly } from '../model/types.js';
import { boxOverlapInterval } from './clearance.js';
import { locallyBlocked } from './localBlocking.js';

/** What stops part `moving` along a direction: the first contact with part `other`. */
export interface Blocker {
  /** Index of the blocking part. */
  other: number;
  /** Index of the moving part that meets it (a member of a moving group). */
  moving: number;
  /** mm travelled before the contact (0 for a local block). */
  distance: number;
  /** Surface of the moving part and of the blocking part, when a sweep found the contact. */
  surfaceMoving?: number;
  surfaceOther?: number;
  /** World contact point and the blocking surface's normal there, when known. */
  point?: Vec3;
  normal?: Vec3;
  /** For local blocks (or a sweep that gave up): why the direction is blocked. */
  reason?: string;
  constraint?: number;
}

/**
 * One unit of sweep work: part `moving` along `direction` against `others`, nearest box
 * first, stopping once the next box is farther than the nearest blocker found.
 */
export interface SweepUnit {
  moving: number;
  direction: Vec3;
  others: number[];
}

/** What a unit found: the pairs it swept (null = free), in sweep order. */
export type UnitOutcome = { other: number; blocker: Blocker | null }[];

/** A sweep engine: runs units (here, or on worker threads). */
export type SweepBatch = (units: readonly SweepUnit[]) => Promise<UnitOutcome[]> | UnitOutcome[];

export const directionKey = (d: Vec3): string => d.map((x) => x.toFixed(9)).join(',');

/** `others` ordered by when the box of `moving` moving along d would reach theirs (never: left out). */
export function sweepOrder(boxes: readonly Aabb[], moving: number, d: Vec3, others: Iterable<number>): { other: number; entry: number }[] {
  const out: { other: number; entry: number }[] = [];
  for (const j of others) {
    const span = boxOverlapInterval(boxes[moving]!, boxes[j]!, d);
    if (span) out.push({ other: j, entry: span[0] });
  }
  return out.sort((a, b) => a.entry - b.entry || a.other - b.other);
}

/** Runs a unit with `sweepPair`, nearest first, with the early stop. */
export function runUnit(boxes: readonly Aabb[], unit: SweepUnit, sweepPair: (i: number, j: number, d: Vec3) => Blocker | null): UnitOutcome {
  const out: UnitOutcome = [];
  let best = Infinity;
  for (const { other, entry } of sweepOrder(boxes, unit.moving, unit.direction, unit.others)) {
    if (entry > best) break;
    const blocker = sweepPair(unit.moving, other, unit.direction);
    out.push({ other, blocker });
    if (blocker && blocker.distance < best) best = blocker.distance;
  }
  return out;
}

export class BlockingGraph {
  private readonly pairs = new Map<string, Blocker | null>();
  private readonly orders = new Map<string, readonly { other: number; entry: number }[]>();
  private readonly constraintsOf: Constraint[][];
  private readonly pathIndex: Map<string, number>;
  /** Pairwise sweeps run so far. */
  sweeps = 0;

  constructor(
    readonly assembly: Assembly,
    constraints: readonly Constraint[],
    /** World boxes of the parts, grown by the tolerance. */
    private readonly boxes: readonly Aabb[],
    /** Batch engine (pool or here) for prefetching. */
    private readonly batch: SweepBatch,
    /** One pair, in this thread (for what a prefetch did not cover). */
    private readonly sweepPair: (i: number, j: number, d: Vec3) => Blocker | null,
  ) {
    this.pathIndex = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
    this.constraintsOf = assembly.parts.map(() => []);
    for (const c of constraints) {
      const a = this.pathIndex.get(c.partA), b = this.pathIndex.get(c.partB);
      if (a !== undefined) this.constraintsOf[a]!.push(c);
      if (b !== undefined) this.constraintsOf[b]!.push(c);
    }
  }

  /** The constraints that involve part `i`. */
  constraints(i: number): readonly Constraint[] {
    return this.constraintsOf[i]!;
  }

  /**
   * Sweeps, in one batch, what `nearest([part], direction, present)` will need for each
   * request (`present`: the parts still there, unless the request names its own set;
   * `members`: the rigid group the part moves with, when not alone). Parts already taken out are never swept against: the unit's nearest-first stop
   * then ends at the nearest part still there, which is the one `nearest` asks for.
   */
  async prefetch(requests: readonly { part: number; direction: Vec3; present?: ReadonlySet<number>; members?: readonly number[] }[], presentAll: ReadonlySet<number>): Promise<void> {
    const units: SweepUnit[] = [];
    const seen = new Set<string>();
    for (const { part, direction, present = presentAll, members } of requests) {
      const key = `${part}|${directionKey(direction)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const locked = new Set(this.localBlockers(part, direction).map((b) => b.other));
      // `nearest` answers with a present local blocker before any sweep: sweeping would be wasted.
      if ([...locked].some((j) => present.has(j) && !(members?.includes(j) ?? false))) continue;
      const others: number[] = [];
      for (let j = 0; j < this.assembly.parts.length; j++) if (j !== part && present.has(j) && !locked.has(j) && !this.pairs.has(this.pairKey(part, j, direction))) others.push(j);
      if (others.length > 0) units.push({ moving: part, direction, others });
    }
    if (units.length === 0) return;
    const results = await this.batch(units);
    units.forEach((u, k) => {
      for (const { other, blocker } of results[k]!) this.remember(u.moving, other, u.direction, blocker);
    });
  }

  /**
   * The nearest part in `present` (not in `members`) that stops the rigid group `members`
   * moving along d, or null when the way is free. Sweeps what is not known yet.
   */
  nearest(members: readonly number[], d: Vec3, present: ReadonlySet<number>): Blocker | null {
    const inGroup = new Set(members);
    let best: Blocker | null = null;
    for (const m of members) {
      for (const b of this.localBlockers(m, d)) if (present.has(b.other) && !inGroup.has(b.other)) return b;
    }
    const order = members.flatMap((m) => this.orderOf(m, d).filter((o) => present.has(o.other) && !inGroup.has(o.other)).map((o) => ({ ...o, moving: m })));
    if (members.length > 1) order.sort((a, b) => a.entry - b.entry || a.other - b.other || a.moving - b.moving);
    for (const { other, entry, moving } of order) {
      if (best && entry > best.distance) break;
      const b = this.pair(moving, other, d);
      if (b && (!best || b.distance < best.distance)) best = b;
    }
    return best;
  }

  /** Every other part in the order part i's box moving along d would reach it (the boxes never move: computed once). */
  private orderOf(i: number, d: Vec3): readonly { other: number; entry: number }[] {
    const key = `${i}|${directionKey(d)}`;
    let order = this.orders.get(key);
    if (!order) {
      order = sweepOrder(this.boxes, i, d, this.assembly.parts.map((_, j) => j).filter((j) => j !== i));
      this.orders.set(key, order);
    }
    return order;
  }

  private pair(i: number, j: number, d: Vec3): Blocker | null {
    const key = this.pairKey(i, j, d);
    if (this.pairs.has(key)) return this.pairs.get(key)!;
    const b = this.sweepPair(i, j, d);
    this.remember(i, j, d, b);
    return b;
  }

  private remember(i: number, j: number, d: Vec3, b: Blocker | null): void {
    this.sweeps++;
    this.pairs.set(this.pairKey(i, j, d), b);
  }

  private pairKey(i: number, j: number, d: Vec3): string {
    return `${i}|${j}|${directionKey(d)}`;
  }

  private localBlockers(i: number, d: Vec3): Blocker[] {
    const out: Blocker[] = [];
    const me = new Set([this.assembly.parts[i]!.path]);
    for (const c of this.constraintsOf[i]!) {
      const block = locallyBlocked([c], me, d);
      if (!block) continue;
      const other = this.pathIndex.get(block.other)!;
      if (out.some((b) => b.other === other)) continue;
      out.push({ other, moving: i, distance: 0, reason: block.reason, constraint: c.id });
    }
    return out;
  }
}
