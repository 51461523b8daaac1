/**
 * `--previous old.json`: marks each item new (id not in the old report), persistent (in
 * both) or resolved (only in the old one; kept, with its old data, so a reviewer sees
 * what went away). Ids are part paths + surface indices, so they survive re-runs.
 */
import { SurfcdError } from '../errors.js';
import { compareItems, groupsOf, REPORT_SCHEMA, summarize, type ItemKind, type ReportItem, type ReportModel } from './reportModel.js';

const KINDS: readonly ItemKind[] = ['interference', 'contact', 'clearance'];

/** Checks a parsed `surfcd/report@1` document enough to diff against it; names the field that is wrong. */
export function previousItems(doc: unknown, source: string): ReportItem[] {
  const fail = (what: string): never => {
    throw new SurfcdError('PARSE_FAILED', `${source}: not a surfcd report (${what}); write one with \`surfcd report <file> --format json\``);
  };
  if (typeof doc !== 'object' || doc === null) return fail('expected a JSON object');
  const d = doc as Record<string, unknown>;
  if (d['schema'] !== REPORT_SCHEMA) return fail(`"schema" is ${JSON.stringify(d['schema'] ?? null)}, expected "${REPORT_SCHEMA}"`);
  if (!Array.isArray(d['items'])) return fail('"items" is not an array');
  return d['items'].map((raw: unknown, i: number) => {
    const item = raw as Record<string, unknown>;
    const ok =
      typeof item === 'object' && item !== null &&
      typeof item['id'] === 'string' && typeof item['partA'] === 'string' && typeof item['partB'] === 'string' &&
      KINDS.includes(item['kind'] as ItemKind) && Array.isArray(item['surfacesA']) && Array.isArray(item['surfacesB']) &&
      (item['surfacesA'] as unknown[]).length > 0 && (item['surfacesB'] as unknown[]).length > 0 && typeof item['sentence'] === 'string';
    if (!ok) fail(`items[${i}] lacks id, kind, partA, partB, surfacesA, surfacesB or sentence`);
    return raw as ReportItem;
  });
}

/** The model with a status on every item, resolved items added, and summary and groups updated. */
export function applyPrevious(model: ReportModel, previous: readonly ReportItem[], source: string | null): ReportModel {
  const before = new Map<string, ReportItem>();
  for (const p of previous) if (p.status !== 'resolved') before.set(p.id, p);
  const now = new Set(model.items.map((i) => i.id));
  const items: ReportItem[] = model.items.map((item) => {
    const old = before.get(item.id);
    if (!old) return { ...item, status: 'new' as const };
    return { ...item, status: 'persistent' as const, ...(old.kind !== item.kind ? { previousKind: old.kind } : {}) };
  });
  for (const old of before.values()) {
    if (now.has(old.id)) continue;
    const { previousKind: _ignored, ...rest } = old;
    void _ignored;
    items.push({ ...rest, status: 'resolved' });
  }
  items.sort(compareItems);
  return { ...model, items, summary: summarize(items), groups: groupsOf(items), previous: { source, items: before.size } };
}
