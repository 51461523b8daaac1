/**
 * Disassembly sequences: repeatedly take out a part (or, when no single part can move, a
 * product node or a pair of mated parts, rigidly) that has a free direction, until only the
 * base is left or nothing can move. Every answer comes from the directional blocking graph,
 * so each "no" names the part and surfaces in the way, and a stuck assembly reports the
 * interlocked set and the blocking cycle that holds it.
 *
 * Choice among the parts that can move: single parts before groups; a direction from the
 * part's own constraints (a bolt along its hole axis) before ±x ±y ±z before the sphere
 * sample; then the shortest path to clear (a nut's few millimetres before its bolt's shank
 * length: fasteners come off before what they hold); then path order, so the result is
 * deterministic.
 */
import type { Vec3 } from '../constraints/types.js';
import type { Rigid } from '../math/rigid.js';
import type { Assembly, ProductNode } from '../model/types.js';
import { directionKey, type BlockingGraph, type Blocker } from './blocking.js';
import { clearDistance } from '../motion/clearDistance.js';
import { candidateDirections, sphereDirections, type CandidateDirection } from './directions.js';
import { transformAabb } from '../math/aabb.js';
import { sameThreadPairs, unscrewOf, type ThreadRunOff, type Unscrew, type UnscrewChecks, type UnscrewingSide } from './unscrew.js';

/** What moves in one step. */
export interface Mover {
  kind: 'part' | 'node' | 'group';
  /** Part path, product node path, or the member paths joined with ` + `. */
  name: string;
  /** Indices of the parts that move together. */
  parts: number[];
}

export interface SequenceStep {
  step: number;
  mover: Mover;
  direction: Vec3;
  /** Where the direction came from (`coaxial with rig/plate`, `+z`, `sphere 7/26`). */
  source: string;
  /**
   * mm to travel until the mover's box has left every remaining part's box, and at least the
   * mover's own extent along the direction (a part resting on what remains is lifted off by
   * its height, never moved 0 mm). After an unscrew, the travel along the axis after it.
   */
  distance: number;
  /** A threaded part first turns out of its thread: about `axis` (pointing the way out) by `turns` of `pitch` mm. */
  screw?: { axis: { point: Vec3; direction: Vec3 }; pitch: number; turns: number; thread: string; from: string; pitchSource: 'thread' | 'fallback' };
  /** Why this one: the rule that picked it, among how many candidates free along a direction of the same kind (or unscrewable). */
  why: string;
}

export interface InterlockLink {
  part: string;
  /** The part that holds it along its least-blocked direction. */
  heldBy: string;
  direction: Vec3;
  source: string;
  surfaces?: [number, number];
  reason?: string;
}

export interface DisassemblyPlan {
  steps: SequenceStep[];
  /** Parts left at the end (the base, and any interlocked parts). */
  remaining: string[];
  /**
   * When parts other than the base could not be removed: the set, a blocking cycle among
   * them (never the base), or when nothing cycles (empty cycle) what is in the way of each.
   */
  interlock: { parts: string[]; cycle: InterlockLink[]; inTheWay: InterlockLink[] } | null;
}

export interface PlanOptions {
  /** Index of the part that stays to the end (not removed), if any. */
  base: number | null;
  /** Sphere samples per mover (default 26). */
  sphere: number;
  poses: Rigid[];
  /** Called before each step's candidates are swept, for progress display. */
  onStep?: (removed: number, total: number) => void;
  /** Which part of a threaded joint turns to undo it, and the check that its unscrew motion is free. */
  unscrewing: UnscrewingSide;
  /** How far a threaded part travels to leave its thread (default: the engagement). */
  runOff?: ThreadRunOff;
  unscrews: UnscrewChecks;
  /**
   * Moves a replay found blocked (`vetoKey(members, d)` → the parts that blocked them; -1:
   * held), and movers blocked that way along several directions (`vetoKey(members)`): not
   * planned again while one of those parts is present.
   */
  vetoes?: ReadonlyMap<string, readonly number[]>;
  /**
   * Called with each chosen step and the parts taken out before it: false when the step is
   * not to be taken (its replay is blocked; the callback records the veto), and the planner
   * chooses again.
   */
  confirm?: (step: SequenceStep, removed: readonly number[]) => boolean;
}

/** The key of a mover's move along d (or of the mover in any direction), for `PlanOptions.vetoes`. */
export const vetoKey = (members: readonly number[], d?: Vec3): string => `${[...members].sort((a, b) => a - b).join('+')}${d ? `|${directionKey(d)}` : ''}`;

const SOURCE_RANK = (s: string): number => (s.startsWith('sphere') ? 2 : /^[+-][xyz]$/.test(s) ? 1 : 0);

interface Option {
  mover: Mover;
  dir: CandidateDirection;
  distance: number;
  rank: number;
  unscrew?: Unscrew;
  /** Leaves its thread's axis once off the thread (the axis leads into another part). */
  exit?: boolean;
}

/** Rank of an unscrew: threaded parts (nuts, screws) come out before anything else. */
const UNSCREW_RANK = -1;

export async function planDisassembly(assembly: Assembly, graph: BlockingGraph, opts: PlanOptions): Promise<DisassemblyPlan> {
  const parts = assembly.parts;
  const present = new Set(parts.map((_, i) => i));
  const pathIndex = new Map(parts.map((p, i) => [p.path, i] as const));
  const steps: SequenceStep[] = [];
  const removable = (): number[] => [...present].filter((i) => i !== opts.base);
  const vetoedBy = (key: string): boolean => opts.vetoes?.get(key)?.some((b) => b < 0 || present.has(b)) ?? false;
  const vetoed = (members: readonly number[], d: Vec3): boolean => vetoedBy(vetoKey(members)) || vetoedBy(vetoKey(members, d));

  const directionsFor = (members: number[]): CandidateDirection[] => {
    const names = new Set(members.map((i) => parts[i]!.path));
    const own = new Set<number>(members);
    const cons = members.flatMap((i) => graph.constraints(i)).filter((c) => {
      const a = pathIndex.get(c.partA)!, b = pathIndex.get(c.partB)!;
      return present.has(a) && present.has(b) && own.has(a) !== own.has(b);
    });
    return candidateDirections([...new Set(cons)], names, opts.sphere);
  };

  // Each mover's directions are tried in order and the first free one is its option, so the
  // sweeps are batched one direction per mover at a time: a part free along its first
  // direction never pays for the rest. The directions go rank by rank (constraint, axis,
  // sphere): the choice takes the best rank first, so once some mover is free along a rank,
  // no mover's directions of a later rank are swept (a blocked part's 26 sphere samples
  // are swept only when no part can leave along a constraint or an axis).
  const tryMovers = async (movers: Mover[]): Promise<Option[]> => {
    const dirs = movers.map((m) => directionsFor(m.parts));
    const gone = new Set(parts.map((_, i) => i).filter((i) => !present.has(i)));
    const options: Option[] = [];
    for (const rank of [0, 1, 2]) {
      const ofRank = dirs.map((list) => list.filter((d) => SOURCE_RANK(d.source) === rank));
      await firstFree(movers, ofRank, gone, options);
      if (options.length > 0) break;
    }
    return options;
  };

  const firstFree = async (movers: Mover[], dirs: CandidateDirection[][], gone: ReadonlySet<number>, options: Option[]): Promise<void> => {
    let frontier = movers.map((_, k) => ({ k, next: 0 })).filter((f) => dirs[f.k]!.length > 0);
    while (frontier.length > 0) {
      await graph.prefetch(frontier.flatMap((f) => movers[f.k]!.parts.map((part) => ({ part, direction: dirs[f.k]![f.next]!.direction, members: movers[f.k]!.parts }))), present);
      const later: { k: number; next: number }[] = [];
      for (const f of frontier) {
        const mover = movers[f.k]!, dir = dirs[f.k]![f.next]!;
        if (!vetoed(mover.parts, dir.direction) && graph.nearest(mover.parts, dir.direction, present) === null) {
          options.push({ mover, dir, distance: travelOut(mover.parts, dir.direction, gone), rank: SOURCE_RANK(dir.source) });
        } else if (f.next + 1 < dirs[f.k]!.length) later.push({ k: f.k, next: f.next + 1 });
      }
      frontier = later;
    }
  };

  // A part's extent along d: lifted by at least that much, a step is never a 0 mm move.
  const travelOut = (members: number[], d: Vec3, gone: ReadonlySet<number>): number => {
    let lo = Infinity, hi = -Infinity;
    for (const i of members) {
      const b = transformAabb(parts[i]!.bounds, opts.poses[i]!);
      const [from, to] = [0, 1, 2].reduce(([l, h], k) => [l + Math.min(b[k]! * d[k]!, b[k + 3]! * d[k]!), h + Math.max(b[k]! * d[k]!, b[k + 3]! * d[k]!)], [0, 0]);
      lo = Math.min(lo, from);
      hi = Math.max(hi, to);
    }
    return Math.max(clearDistance({ parts, poses: opts.poses }, members, d, { exclude: gone }), hi - lo);
  };

  // Threaded parts whose unscrew is free and who then leave along the axis (their thread
  // partners aside). The side a fitter turns (the nut, else the fastener) first; only when
  // no such part can come out, the other side (a nut held in a pocket of the plate: its
  // screw is turned out of it, and the nut then leaves its pocket as a loose part).
  const unscrewOptions = async (): Promise<Option[]> => {
    const all = removable()
      .sort(byPath(assembly))
      .map((i) => unscrewOf(i, graph.constraints(i), present, opts.unscrewing, pathIndex, opts.runOff))
      .filter((u): u is Unscrew => u !== null);
    for (const candidates of [all.filter((u) => u.preferred), all.filter((u) => !u.preferred)]) {
      const out = await freeUnscrews(candidates);
      if (out.length > 0) return out;
    }
    return [];
  };

  const freeUnscrews = async (candidates: Unscrew[]): Promise<Option[]> => {
    if (candidates.length === 0) return [];
    const gone = new Set(parts.map((_, i) => i).filter((i) => !present.has(i)));
    const out: Option[] = [];
    const othersOf = (u: Unscrew): Set<number> => new Set([...present].filter((j) => !u.partners.includes(j)));
    await graph.prefetch(candidates.map((u) => ({ part: u.part, direction: u.axis.direction, present: othersOf(u) })), present);
    for (const u of candidates) {
      const option = unscrewOption(u, [], othersOf(u), gone);
      if (option) out.push(option);
    }
    if (out.length > 0) return out;
    // Two parts on one thread that block each other (a lock nut and its insert ring) turn off together.
    for (const [u, v] of sameThreadPairs(candidates)) {
      const option = unscrewOption(u, [v.part], othersOf(u), gone);
      if (option) out.push(option);
    }
    return out;
  };

  // The unscrew of u (with `withParts` turning along), when it is free, and the way out
  // after it: along the thread's axis, else (the axis leads into another part) the first
  // free lattice direction from where the unscrew left it.
  const unscrewOption = (u: Unscrew, withParts: number[], others: ReadonlySet<number>, gone: ReadonlySet<number>): Option | null => {
    const members = [u.part, ...withParts];
    const mover: Mover = withParts.length === 0 ? { kind: 'part', name: parts[u.part]!.path, parts: members } : { kind: 'group', name: members.map((i) => parts[i]!.path).join(' + '), parts: members };
    const source = `unscrew from ${parts[u.partner]!.path}`;
    const alongAxis = !vetoed(members, u.axis.direction) && graph.nearest(members, u.axis.direction, others) === null;
    if (alongAxis && opts.unscrews.free(u, present, withParts)) return { mover, dir: { direction: u.axis.direction, source }, distance: travelOut(members, u.axis.direction, gone), rank: UNSCREW_RANK, unscrew: u };
    if (alongAxis || vetoedBy(vetoKey(members)) || !opts.unscrews.free(u, present, withParts)) return null;
    const axis = u.axis.direction;
    const directions = sphereDirections(26).filter((d) => d[0] * axis[0] + d[1] * axis[1] + d[2] * axis[2] < 1 - 1e-9 && !vetoed(members, d));
    const exit = opts.unscrews.exit(u, present, directions, withParts);
    return exit ? { mover, dir: { direction: exit.direction, source }, distance: exit.distance, rank: UNSCREW_RANK, unscrew: u, exit: true } : null;
  };

  while (removable().length > 0) {
    opts.onStep?.(steps.length, parts.length - (opts.base === null ? 0 : 1));
    let options = await unscrewOptions();
    let phase = 'threaded part, unscrewed first';
    if (options.length === 0) {
      options = await tryMovers(removable().sort(byPath(assembly)).map((i) => ({ kind: 'part', name: parts[i]!.path, parts: [i] })));
      phase = 'single part';
    }
    if (options.length === 0) {
      options = await tryMovers(nodeMovers(assembly, present, opts.base));
      phase = 'product node (no single part could move)';
    }
    if (options.length === 0) {
      options = await tryMovers(pairMovers(assembly, graph, present, opts.base));
      phase = 'pair of mated parts (no single part or node could move)';
    }
    if (options.length === 0) break;
    options.sort((a, b) => a.rank - b.rank || a.distance - b.distance || cmp(a.mover.name, b.mover.name));
    const best = options[0]!;
    const rule = best.unscrew ? `${best.exit ? 'a lattice direction once off its thread (its axis leads into another part)' : `its ${best.unscrew.thread} thread's axis`} after unscrewing ${best.unscrew.turns} turns${best.unscrew.pitchSource === 'fallback' ? ` (no thread table holds Ø${(best.unscrew.constraint.params as { nominal: number }).nominal} mm: pitch taken as 0.15 × nominal)` : ''}` : best.rank === 0 ? 'a direction from its own constraints' : best.rank === 1 ? 'a coordinate axis (no constraint direction was free)' : 'a sphere sample (no constraint or axis direction was free)';
    const step: SequenceStep = {
      step: steps.length + 1,
      mover: best.mover,
      direction: best.dir.direction,
      source: best.dir.source,
      distance: best.distance,
      ...(best.unscrew ? { screw: { axis: best.unscrew.axis, pitch: best.unscrew.pitch, turns: best.unscrew.turns, thread: best.unscrew.thread, from: parts[best.unscrew.partner]!.path, pitchSource: best.unscrew.pitchSource } } : {}),
      why: `${phase}; free along ${rule}; shortest path to clear among ${options.length} ${best.unscrew ? 'movable ' : ''}candidate${options.length === 1 ? '' : 's'}${best.unscrew ? '' : ' free along such a direction'}`,
    };
    // a vetoed move is never offered again while its blockers stay, so this loop ends
    if (opts.confirm && !opts.confirm(step, parts.map((_, i) => i).filter((i) => !present.has(i)))) continue;
    steps.push(step);
    for (const i of best.mover.parts) present.delete(i);
  }
  const left = removable();
  const remaining = [...present].sort(byPath(assembly)).map((i) => parts[i]!.path);
  return { steps, remaining, interlock: left.length > 0 ? interlockOf(assembly, graph, left, present, opts.base, directionsFor) : null };
}

/**
 * Why the stuck parts stay: a blocking cycle among them (each held, along its least-blocked
 * direction that a stuck part blocks, by the next; the base and other unmovable-by-design
 * parts are never in it), or, when nothing cycles, what is in the way of each stuck part
 * along its least-blocked direction (the part and surfaces).
 */
function interlockOf(
  assembly: Assembly,
  graph: BlockingGraph,
  stuck: number[],
  present: ReadonlySet<number>,
  base: number | null,
  directionsFor: (members: number[]) => CandidateDirection[],
): { parts: string[]; cycle: InterlockLink[]; inTheWay: InterlockLink[] } {
  const parts = assembly.parts;
  const stuckSet = new Set(stuck);
  // per stuck part: the least-blocked direction overall, and the least-blocked one that a stuck part (not the base) blocks
  const anyLink = new Map<number, { blocker: Blocker; dir: CandidateDirection }>();
  const mutual = new Map<number, { blocker: Blocker; dir: CandidateDirection }>();
  for (const i of stuck) {
    for (const dir of directionsFor([i])) {
      const b = graph.nearest([i], dir.direction, present);
      if (!b) continue;
      const any = anyLink.get(i);
      if (!any || b.distance > any.blocker.distance) anyLink.set(i, { blocker: b, dir });
      if (!stuckSet.has(b.other) || b.other === base) continue;
      const m = mutual.get(i);
      if (!m || b.distance > m.blocker.distance) mutual.set(i, { blocker: b, dir });
    }
  }
  const linkOf = (i: number, l: { blocker: Blocker; dir: CandidateDirection }): InterlockLink => ({
    part: parts[i]!.path,
    heldBy: parts[l.blocker.other]!.path,
    direction: l.dir.direction,
    source: l.dir.source,
    ...(l.blocker.surfaceMoving !== undefined ? { surfaces: [l.blocker.surfaceMoving, l.blocker.surfaceOther!] as [number, number] } : {}),
    ...(l.blocker.reason ? { reason: l.blocker.reason } : {}),
  });
  // follow "held by" among stuck parts from each in path order; the first loop found is the cycle
  const sorted = [...stuck].sort(byPath(assembly));
  let cycleParts: number[] = [];
  for (const first of sorted) {
    const order: number[] = [];
    let at: number | undefined = first;
    while (at !== undefined && !order.includes(at) && mutual.has(at)) {
      order.push(at);
      at = mutual.get(at)!.blocker.other;
    }
    if (at !== undefined && order.includes(at)) {
      cycleParts = order.slice(order.indexOf(at));
      break;
    }
  }
  const cycle = cycleParts.map((i) => linkOf(i, mutual.get(i)!));
  const inTheWay = cycle.length > 0 ? [] : sorted.filter((i) => anyLink.has(i)).map((i) => linkOf(i, anyLink.get(i)!));
  return { parts: sorted.map((i) => parts[i]!.path), cycle, inTheWay };
}

/** Product nodes (not the root) whose parts are all still present and exclude the base, two or more parts each. */
function nodeMovers(assembly: Assembly, present: ReadonlySet<number>, base: number | null): Mover[] {
  const out: Mover[] = [];
  const visit = (node: ProductNode, isRoot: boolean): number[] => {
    const mine = [...node.parts];
    for (const c of node.children) mine.push(...visit(c, false));
    if (!isRoot && mine.length >= 2 && mine.every((i) => present.has(i)) && (base === null || !mine.includes(base))) {
      out.push({ kind: 'node', name: node.path, parts: mine.sort((a, b) => a - b) });
    }
    return mine;
  };
  visit(assembly.root, true);
  return out.sort((a, b) => cmp(a.name, b.name));
}

/** Pairs of present parts tied by a constraint, moving together (a shaft with its key). */
function pairMovers(assembly: Assembly, graph: BlockingGraph, present: ReadonlySet<number>, base: number | null): Mover[] {
  const seen = new Set<string>();
  const out: Mover[] = [];
  const index = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  for (const i of present) {
    if (i === base) continue;
    for (const c of graph.constraints(i)) {
      const a = index.get(c.partA)!, b = index.get(c.partB)!;
      if (!present.has(a) || !present.has(b) || a === base || b === base) continue;
      const key = a < b ? `${a}|${b}` : `${b}|${a}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const members = [a, b].sort(byPath(assembly));
      out.push({ kind: 'group', name: members.map((m) => assembly.parts[m]!.path).join(' + '), parts: members });
    }
  }
  return out.sort((x, y) => cmp(x.name, y.name));
}

const cmp = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
const byPath = (assembly: Assembly) => (i: number, j: number): number => cmp(assembly.parts[i]!.path, assembly.parts[j]!.path);
