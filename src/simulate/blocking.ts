/**
 * The directional blocking graph: for a part i and a direction d, which parts j stop i when
 * it translates along d to infinity, and after how many mm. Sweeps are pairwise (i against
 * one j, everything else absent), so the graph is computed once and every later question —
 * is i free along d once these parts are gone? what stops this group of parts? — is
 * answered from it without sweeping again.
 *
 * A blocker comes either from i's own constraints (`locallyBlocked`: into a face it rests on,
 * sideways out of a fitted hole; distance 0, no sweep) or from a swept contact.
 */
import type { Constraint, Vec3 } from '../constraints/types.js';
import type { Assembly } from '../model/types.js';
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
  /** For local blocks: why the constraint forbids the direction, and which constraint. */
  reason?: string;
  constraint?: number;
}

/** One unit of sweep work: part `moving` along `direction` against each of `others`. */
export interface SweepUnit {
  moving: number;
  direction: Vec3;
  others: number[];
}

/** A sweep engine: for each unit, the blockers found among its `others` (any order). */
export type SweepBatch = (units: readonly SweepUnit[]) => Promise<Blocker[][]> | Blocker[][];

export const directionKey = (d: Vec3): string => d.map((x) => x.toFixed(9)).join(',');

const byDistance = (a: Blocker, b: Blocker): number => a.distance - b.distance || a.other - b.other || a.moving - b.moving;

export class BlockingGraph {
  private readonly memo = new Map<string, Blocker[]>();
  private readonly constraintsOf: Constraint[][];
  private readonly pathIndex: Map<string, number>;
  /** Pairwise sweeps run so far (work units × others). */
  sweeps = 0;

  constructor(
    readonly assembly: Assembly,
    constraints: readonly Constraint[],
    private readonly sweep: SweepBatch,
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

  /** Makes sure blockers(i, d) is known for every (i, d) given, sweeping what is missing in one batch. */
  async prefetch(requests: readonly { part: number; direction: Vec3 }[]): Promise<void> {
    const units: SweepUnit[] = [];
    const pending: { key: string; local: Blocker[] }[] = [];
    const seen = new Set<string>();
    for (const { part, direction } of requests) {
      const key = `${part}|${directionKey(direction)}`;
      if (this.memo.has(key) || seen.has(key)) continue;
      seen.add(key);
      const local = this.localBlockers(part, direction);
      const lockedOut = new Set(local.map((b) => b.other));
      const others: number[] = [];
      for (let j = 0; j < this.assembly.parts.length; j++) if (j !== part && !lockedOut.has(j)) others.push(j);
      units.push({ moving: part, direction, others });
      pending.push({ key, local });
    }
    if (units.length === 0) return;
    const results = await this.sweep(units);
    units.forEach((u, k) => {
      this.sweeps += u.others.length;
      this.memo.set(pending[k]!.key, [...pending[k]!.local, ...results[k]!].sort(byDistance));
    });
  }

  /** Every part that stops part i along d (nearest first), whatever else is present. Needs prefetch. */
  blockers(i: number, d: Vec3): readonly Blocker[] {
    const hit = this.memo.get(`${i}|${directionKey(d)}`);
    if (!hit) throw new Error(`blocking graph: (${i}, ${directionKey(d)}) was not prefetched`);
    return hit;
  }

  /** What stops the rigid group `members` along d, among the parts in `present` (nearest first). */
  groupBlockers(members: readonly number[], d: Vec3, present: ReadonlySet<number>): Blocker[] {
    const inGroup = new Set(members);
    const out: Blocker[] = [];
    for (const m of members) for (const b of this.blockers(m, d)) if (present.has(b.other) && !inGroup.has(b.other)) out.push(b);
    return out.sort(byDistance);
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
