/**
 * Judged part pairs kept in an assembly's memo (model/assemblyMemo.ts), so that a cached
 * `contacts` run judges no pair an earlier run judged: per candidate pair, its
 * `PartPairContacts` (or none) and the counters its narrow phase added, under a key of every
 * option that changes them. A pair's judgement depends only on the two parts, their poses,
 * the resolved options and the assembly's common root, all fixed for one memo and key.
 *
 * Kept only in the assembled state (every pose the identity: what the CLI asks; other poses
 * would need them in the key) and for the built-in narrow phase (a plugin's phase finds the
 * same pairs by contract, but counts its own work, and its code is not ours to key on).
 */
import { SCD_METHOD } from '../collide/narrowPhases.js';
import { fromMemoText, memoText, type AssemblyMemo } from '../model/assemblyMemo.js';
import type { Encoded } from '../model/derived.js';
import type { Rigid } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';
import type { QueryStats } from '../traverse/stats.js';
import type { ContactKind } from './contactVerdict.js';
import type { PairContact, PartPairContacts } from './findContacts.js';

/** A candidate pair's judgement: its contacts (null when the pair neither touches nor interferes) and its counters. */
export interface JudgedPair {
  pair: PartPairContacts | null;
  stats: QueryStats;
}

/** Bump when what a judged pair holds, or how it is encoded, changes. */
const MEMO_FORMAT = 1;

const RELATIONS = ['touching', 'intersecting'] as const;
const VERDICTS = ['contact', 'interference'] as const;
const KINDS: readonly ContactKind[] = ['touching', 'within-allowance', 'coincident', 'edge', 'interference'];
/** surfaceA, surfaceB, relation, verdict, kind, depth, direction (3, NaN when none), openMesh, triangles (−1 when not counted). */
const SURFACE_NUMBERS = 11;
const STAT_KEYS = ['obbTests', 'aabbTests', 'aabbUpdates', 'triangleTests', 'shellTests', 'shellRejects', 'slabCuts', 'crossFreePairs'] as const;
/** Counters a fresh `emptyStats()` has; the others are absent until counted. */
const ALWAYS_COUNTED = 6;

/** The judged pairs of one `findContacts` call, recalled from and remembered into the memo. */
export class ContactMemo {
  private readonly judged: Map<number, JudgedPair>;
  private added = false;

  private constructor(
    private readonly memo: AssemblyMemo,
    private readonly key: string,
    private readonly partCount: number,
    judged: Map<number, JudgedPair>,
  ) {
    this.judged = judged;
  }

  /**
   * The memo of judged pairs for these options, or null when none applies (no memo, a memo
   * of another assembly, a pose that is not the identity, a plugin's narrow phase).
   */
  static open(memo: AssemblyMemo | undefined, assembly: Assembly, poses: readonly Rigid[], options: { mode: string; tolerance: number; method: string }, requested: number): ContactMemo | null {
    if (!memo || !memo.isFor(assembly) || options.method !== SCD_METHOD || !poses.every(isIdentity)) return null;
    const key = `contacts/${MEMO_FORMAT} ${JSON.stringify([options.mode, options.tolerance, requested])}`;
    const stored = memo.get(key);
    let judged = new Map<number, JudgedPair>();
    if (stored !== undefined) {
      try {
        judged = decodeJudged(stored, assembly);
      } catch {
        judged = new Map(); // data that does not fit the assembly: judged again, and written anew
      }
    }
    return new ContactMemo(memo, key, assembly.parts.length, judged);
  }

  recall(i: number, j: number): JudgedPair | undefined {
    return this.judged.get(i * this.partCount + j);
  }

  remember(i: number, j: number, judged: JudgedPair): void {
    // A counter this encoding does not know would be lost on the way back: such a pair is not kept.
    for (const key of Object.keys(judged.stats)) if (!(STAT_KEYS as readonly string[]).includes(key)) return;
    this.judged.set(i * this.partCount + j, judged);
    this.added = true;
  }

  /** Puts what was judged since the memo was opened into the assembly's memo. */
  save(): void {
    if (this.added) this.memo.set(this.key, encodeJudged(this.judged, this.partCount));
    this.added = false;
  }
}

function isIdentity(r: Rigid): boolean {
  for (let k = 0; k < 12; k++) if (r[k] !== (k === 0 || k === 5 || k === 10 ? 1 : 0)) return false;
  return true;
}

function encodeJudged(judged: Map<number, JudgedPair>, partCount: number): Encoded {
  const slots = [...judged.keys()].sort((x, y) => x - y);
  const pairs = new Uint32Array(4 * slots.length);
  const stats = new Float64Array(STAT_KEYS.length * slots.length);
  const verdicts: string[] = [];
  const surfaceRows: number[] = [];
  slots.forEach((slot, n) => {
    const { pair, stats: counted } = judged.get(slot)!;
    const surfaces = pair?.surfacePairs ?? [];
    pairs.set([Math.floor(slot / partCount), slot % partCount, surfaceRows.length / SURFACE_NUMBERS, surfaces.length], 4 * n);
    STAT_KEYS.forEach((k, s) => (stats[STAT_KEYS.length * n + s] = counted[k] ?? -1));
    for (const p of surfaces) {
      const d = p.direction;
      surfaceRows.push(p.surfaceA, p.surfaceB, RELATIONS.indexOf(p.relation), VERDICTS.indexOf(p.verdict), KINDS.indexOf(p.kind), p.depth, d ? d[0] : NaN, d ? d[1] : NaN, d ? d[2] : NaN, p.openMesh ? 1 : 0, p.triangles ?? -1);
    }
    if (pair === null) verdicts.push('');
    else {
      const { surfacePairs: _listed, ...rest } = pair;
      verdicts.push(memoText(rest));
    }
  });
  return { pairs, stats, surfaces: Float64Array.from(surfaceRows), verdicts };
}

/** Reverses encodeJudged; throws when the data does not fit the assembly. */
function decodeJudged(data: Encoded, assembly: Assembly): Map<number, JudgedPair> {
  const d = data as { pairs?: unknown; stats?: unknown; surfaces?: unknown; verdicts?: unknown };
  const { pairs, stats, surfaces, verdicts } = d;
  const n = pairs instanceof Uint32Array ? pairs.length / 4 : -1;
  if (!(pairs instanceof Uint32Array) || !(stats instanceof Float64Array) || !(surfaces instanceof Float64Array) || !Array.isArray(verdicts)) throw new Error('judged pairs: bad shape');
  if (!Number.isInteger(n) || stats.length !== STAT_KEYS.length * n || verdicts.length !== n || surfaces.length % SURFACE_NUMBERS !== 0) throw new Error('judged pairs: sizes disagree');
  const parts = assembly.parts;
  const out = new Map<number, JudgedPair>();
  for (let k = 0; k < n; k++) {
    const i = pairs[4 * k]!, j = pairs[4 * k + 1]!, first = pairs[4 * k + 2]!, count = pairs[4 * k + 3]!;
    if (i >= parts.length || j >= parts.length || (first + count) * SURFACE_NUMBERS > surfaces.length) throw new Error('judged pairs: out of range');
    const counted: QueryStats = { obbTests: 0, aabbTests: 0, aabbUpdates: 0, triangleTests: 0, shellTests: 0, shellRejects: 0 };
    STAT_KEYS.forEach((key, s) => {
      const v = stats[STAT_KEYS.length * k + s]!;
      if (v >= 0) counted[key] = v;
      else if (s < ALWAYS_COUNTED) throw new Error('judged pairs: a counter is missing');
    });
    const text = verdicts[k];
    if (typeof text !== 'string') throw new Error('judged pairs: verdict is not text');
    let pair: PartPairContacts | null = null;
    if (text !== '') {
      const { partA, partB, ...verdict } = fromMemoText(text) as Omit<PartPairContacts, 'surfacePairs'>;
      if (partA !== parts[i]!.path || partB !== parts[j]!.path) throw new Error('judged pairs: paths do not match the parts');
      pair = { partA, partB, surfacePairs: surfacePairsOf(surfaces, first, count), ...verdict };
    } else if (count !== 0) throw new Error('judged pairs: surface pairs without a verdict');
    out.set(i * parts.length + j, { pair, stats: counted });
  }
  return out;
}

/** The surface pairs, built field by field in the order `judgeCandidates` builds them (the JSON report prints them in that order). */
function surfacePairsOf(rows: Float64Array, first: number, count: number): PairContact[] {
  const out: PairContact[] = [];
  for (let r = first; r < first + count; r++) {
    const at = r * SURFACE_NUMBERS;
    const relation = RELATIONS[rows[at + 2]!], verdict = VERDICTS[rows[at + 3]!], kind = KINDS[rows[at + 4]!];
    if (relation === undefined || verdict === undefined || kind === undefined) throw new Error('judged pairs: unknown relation, verdict or kind');
    const direction = Number.isNaN(rows[at + 6]!) ? null : ([rows[at + 6]!, rows[at + 7]!, rows[at + 8]!] as [number, number, number]);
    const triangles = rows[at + 10]!;
    out.push({
      surfaceA: rows[at]!,
      surfaceB: rows[at + 1]!,
      relation,
      verdict,
      kind,
      depth: rows[at + 5]!,
      ...(direction ? { direction } : {}),
      ...(rows[at + 9] === 1 ? { openMesh: true as const } : {}),
      ...(triangles >= 0 ? { triangles } : {}),
    });
  }
  return out;
}
