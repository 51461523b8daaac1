/**
 * What a reviewer does with the classified interferences: leave classes out (`--ignore`),
 * mark items accepted from an accept file (`[{"id", "reason"}]`, written by the HTML
 * report's accept button or by hand), and decide whether the run fails (`--fail-on`).
 * Pure functions on plain data: the CLI reads the files, this decides.
 */
import { SurfcdError } from '../errors.js';
import { INTERFERENCE_CLASSES, interferenceId, isInterferenceClass, type InterferenceClass } from './classes.js';
import type { InterferenceEntry } from './classify.js';

export interface AcceptedItem {
  id: string;
  reason: string;
}

/** `--ignore thread,press-fit`: the classes named, each checked. */
export function parseIgnore(values: readonly string[]): Set<InterferenceClass> {
  const out = new Set<InterferenceClass>();
  for (const word of values.flatMap((v) => v.split(',')).map((w) => w.trim()).filter((w) => w !== '')) {
    if (!isInterferenceClass(word)) throw new SurfcdError('INVALID_OPTION', `--ignore: unknown class "${word}"; classes are ${INTERFERENCE_CLASSES.join(', ')}`);
    out.add(word);
  }
  return out;
}

/** The entries kept, and how many of each class `ignore` left out. */
export function applyIgnore(entries: readonly InterferenceEntry[], ignore: ReadonlySet<InterferenceClass>): { kept: InterferenceEntry[]; ignored: number; ignoredByClass: Partial<Record<InterferenceClass, number>> } {
  const kept: InterferenceEntry[] = [];
  const ignoredByClass: Partial<Record<InterferenceClass, number>> = {};
  for (const e of entries) {
    if (ignore.has(e.kind)) ignoredByClass[e.kind] = (ignoredByClass[e.kind] ?? 0) + 1;
    else kept.push(e);
  }
  return { kept, ignored: entries.length - kept.length, ignoredByClass };
}

/** Checks a parsed accept file: an array of `{id, reason}`; names the entry that is wrong. */
export function parseAccepted(doc: unknown, source: string): AcceptedItem[] {
  const fail = (what: string): never => {
    throw new SurfcdError('PARSE_FAILED', `${source}: not an accept file (${what}); expected [{"id": "...", "reason": "..."}]`);
  };
  if (!Array.isArray(doc)) return fail('expected a JSON array');
  return doc.map((raw: unknown, i: number) => {
    const item = raw as Record<string, unknown> | null;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail(`entry ${i} is not an object`);
    if (typeof item['id'] !== 'string' || item['id'] === '') return fail(`entry ${i} has no "id" string`);
    if (item['reason'] !== undefined && typeof item['reason'] !== 'string') return fail(`entry ${i} ("${item['id']}"): "reason" is not a string`);
    return { id: item['id'], reason: typeof item['reason'] === 'string' ? item['reason'] : '' };
  });
}

/**
 * Marks the entries an accept file names. Ids naming no interference of this run come back
 * as `unknown` (the caller warns about each); nothing is dropped.
 */
export function applyAccepted(entries: readonly InterferenceEntry[], accepted: readonly AcceptedItem[], ignoredIds: ReadonlySet<string> = new Set()): { entries: InterferenceEntry[]; unknown: string[] } {
  const byId = new Map(accepted.map((a) => [a.id, a] as const));
  const out = entries.map((e) => {
    const a = byId.get(e.id);
    return a ? { ...e, accepted: true as const, acceptReason: a.reason } : e;
  });
  const known = new Set(entries.map((e) => e.id));
  const unknown = [...byId.keys()].filter((id) => !known.has(id) && !ignoredIds.has(id));
  return { entries: out, unknown };
}

export type FailOn = 'clash' | 'new';

/**
 * The entries that fail a `--fail-on` check: real interferences (not expected, not
 * accepted); with `new`, only those whose id the previous run did not have.
 */
export function failingEntries(entries: readonly InterferenceEntry[], failOn: FailOn, previousIds: ReadonlySet<string> | null): InterferenceEntry[] {
  const real = entries.filter((e) => !e.expected && !e.accepted);
  if (failOn === 'clash') return real;
  if (!previousIds) throw new SurfcdError('INVALID_OPTION', '--fail-on new: give the earlier run with --previous <file>');
  return real.filter((e) => !previousIds.has(e.id));
}

/**
 * Part-pair ids of the interferences in an earlier run: a `surfcd/contacts@1|2` JSON
 * (its `interferences[]`) or a `surfcd/report@1` JSON (its interference items).
 */
export function previousInterferenceIds(doc: unknown, source: string): Set<string> {
  const d = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>;
  const list = Array.isArray(d['interferences']) ? d['interferences'] : Array.isArray(d['items']) ? (d['items'] as Record<string, unknown>[]).filter((i) => i?.['kind'] === 'interference' && i['status'] !== 'resolved') : null;
  if (!list || !/^surfcd\/(contacts|report)@/.test(String(d['schema']))) {
    throw new SurfcdError('PARSE_FAILED', `${source}: not a surfcd contacts or report JSON (no "interferences" or "items"); write one with --format json`);
  }
  const ids = new Set<string>();
  (list as unknown[]).forEach((raw, i) => {
    const e = raw as Record<string, unknown> | null;
    if (typeof e?.['partA'] !== 'string' || typeof e['partB'] !== 'string') throw new SurfcdError('PARSE_FAILED', `${source}: entry ${i} has no partA/partB paths`);
    ids.add(interferenceId(e['partA'], e['partB']));
  });
  return ids;
}

/** Counts by class, every class present (zeros too), in the classes' order. */
export function countByClass(entries: readonly InterferenceEntry[]): Record<InterferenceClass, number> {
  const counts = Object.fromEntries(INTERFERENCE_CLASSES.map((c) => [c, 0])) as Record<InterferenceClass, number>;
  for (const e of entries) counts[e.kind]++;
  return counts;
}
