/**
 * The clash review list: one row per part pair, the way a reviewer works through an
 * assembly. Interfering pairs carry an interference class (a clash, or an overlap the CAD
 * draws on purpose: a thread at nominal diameter, a press fit, a gear mesh; or one part
 * contained in / duplicating another); contact-only and clearance-only pairs are rows too,
 * behind a filter. Rows come from the model's `interferences` when the report has them,
 * otherwise from its interference items (class `clash`, or `contained` / `duplicate` as the
 * contact verdict said). Browser-safe.
 */
import { INTERFERENCE_CLASSES, interferenceId, isInterferenceClass as isClassName, type InterferenceClass } from '../review/classes.js';
import type { InterferenceEntry } from '../review/classify.js';
import type { ItemStatus, ReportItem, ReportModel } from './reportModel.js';

export type { InterferenceClass, InterferenceEntry };
export { INTERFERENCE_CLASSES };
export type RowClass = InterferenceClass | 'contact' | 'clearance';

export interface ReviewRow {
  id: string;
  partA: string;
  partB: string;
  cls: RowClass;
  expected: boolean;
  depth: number;
  volume: number | null;
  /** With a volume: how it was found (an estimate carries its ± bound) and where its centroid is (world, mm). */
  volumeDetail: { method: 'exact' | 'estimate'; error: number | null; centroid: [number, number, number] | null } | null;
  sentence: string;
  /** Accepted in the accept file the report was made with. */
  accepted: boolean;
  reason: string | null;
  /** With a previous report: resolved when all its items are gone, new when any is new. */
  status: ItemStatus | null;
  /** The pair's surface pairs, most severe first. */
  items: ReportItem[];
}

/** A part pair's id: the interference id of the review (`partA+partB`, paths escaped), for contact pairs too. */
export const pairId = interferenceId;

const UNEXPECTED: ReadonlySet<RowClass> = new Set(['clash', 'contained', 'duplicate']);

export const isInterferenceClass = (cls: RowClass): cls is InterferenceClass => cls !== 'contact' && cls !== 'clearance';

/** 0: clashes and other unexpected overlaps; 1: expected overlaps; 2: contacts; 3: clearance fits. */
export function rank(row: Pick<ReviewRow, 'cls' | 'expected'>): number {
  if (isInterferenceClass(row.cls)) return UNEXPECTED.has(row.cls) && !row.expected ? 0 : 1;
  return row.cls === 'contact' ? 2 : 3;
}

const byCodePoint = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/** Live before resolved, open before accepted, then by rank, then the larger volume (when both have one) or depth. */
export function compareRows(x: ReviewRow, y: ReviewRow): number {
  const size = x.volume !== null && y.volume !== null ? y.volume - x.volume : y.depth - x.depth;
  return (
    Number(x.status === 'resolved') - Number(y.status === 'resolved') ||
    Number(x.accepted) - Number(y.accepted) ||
    rank(x) - rank(y) ||
    size ||
    byCodePoint(x.partA, y.partA) ||
    byCodePoint(x.partB, y.partB)
  );
}

const ITEM_SEVERITY = { interference: 0, contact: 1, clearance: 2 } as const;
const compareItemsBySeverity = (x: ReportItem, y: ReportItem): number =>
  Number(x.status === 'resolved') - Number(y.status === 'resolved') || ITEM_SEVERITY[x.kind] - ITEM_SEVERITY[y.kind] || y.depth - x.depth || x.gap - y.gap || byCodePoint(x.id, y.id);

function statusOf(items: readonly ReportItem[]): ItemStatus | null {
  if (!items.some((i) => i.status)) return null;
  if (items.every((i) => i.status === 'resolved')) return 'resolved';
  return items.some((i) => i.status === 'new') ? 'new' : 'persistent';
}

/** An entry as a row reads it; the volume fields come with `--volumes`. */
type EntryLike = InterferenceEntry & { volume?: unknown; volumeMethod?: unknown; volumeError?: unknown; centroid?: unknown };

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** The entry's volume and its detail, each field checked (a page must not trust its data blindly). */
function volumeOf(e: EntryLike | undefined): Pick<ReviewRow, 'volume' | 'volumeDetail'> {
  if (!e || !finite(e.volume)) return { volume: null, volumeDetail: null };
  const c = e.centroid;
  const centroid = Array.isArray(c) && c.length === 3 && c.every(finite) ? ([c[0], c[1], c[2]] as [number, number, number]) : null;
  return { volume: e.volume, volumeDetail: { method: e.volumeMethod === 'estimate' ? 'estimate' : 'exact', error: finite(e.volumeError) ? e.volumeError : null, centroid } };
}

/** Reads the model's `interferences` (checked field by field: a page must not trust its data blindly). */
function entriesOf(model: ReportModel): EntryLike[] {
  const raw: unknown = model.interferences;
  if (!Array.isArray(raw)) return [];
  return raw.filter((e: unknown): e is EntryLike => {
    const x = e as Partial<Record<keyof EntryLike, unknown>> | null;
    return typeof x === 'object' && x !== null && typeof x.partA === 'string' && typeof x.partB === 'string' && typeof x.kind === 'string' && isClassName(x.kind);
  });
}

/** The review rows of a report, most severe first. */
export function reviewRows(model: ReportModel): ReviewRow[] {
  const byPair = new Map<string, ReportItem[]>();
  for (const item of model.items) {
    const key = pairId(item.partA, item.partB);
    const list = byPair.get(key);
    if (list) list.push(item);
    else byPair.set(key, [item]);
  }
  const entries = new Map(entriesOf(model).map((e) => [pairId(e.partA, e.partB), e] as const));
  const rows: ReviewRow[] = [];
  for (const [key, unsorted] of byPair) {
    const items = [...unsorted].sort(compareItemsBySeverity);
    const live = items.filter((i) => i.status !== 'resolved');
    const counted = live.length > 0 ? live : items;
    const worst = counted[0]!;
    const entry = entries.get(key);
    entries.delete(key);
    const interfering = counted.filter((i) => i.kind === 'interference');
    const cls: RowClass = entry ? entry.kind : interfering.length > 0 ? (worst.why === 'contained' || worst.why === 'duplicate' ? worst.why : 'clash') : worst.kind === 'contact' ? 'contact' : 'clearance';
    rows.push({
      id: entry?.id ?? key,
      partA: worst.partA,
      partB: worst.partB,
      cls,
      expected: entry?.expected ?? false,
      depth: entry?.depth ?? (interfering.length > 0 ? Math.max(...interfering.map((i) => i.depth)) : 0),
      ...volumeOf(entry),
      sentence: entry?.sentence ?? worst.sentence,
      accepted: entry?.accepted === true,
      reason: typeof entry?.acceptReason === 'string' ? entry.acceptReason : null,
      status: statusOf(items),
      items,
    });
  }
  // an entry without surface items (a contained part: no surfaces cross) is a row of its own
  for (const [key, e] of entries) {
    rows.push({ id: e.id ?? key, partA: e.partA, partB: e.partB, cls: e.kind, expected: e.expected === true, depth: e.depth ?? 0, ...volumeOf(e), sentence: e.sentence ?? '', accepted: e.accepted === true, reason: typeof e.acceptReason === 'string' ? e.acceptReason : null, status: null, items: [] });
  }
  return rows.sort(compareRows);
}

/** Live rows per class (resolved rows left out): the counts beside the class filters. */
export function classCounts(rows: readonly ReviewRow[]): Record<RowClass, number> {
  const counts = { clash: 0, thread: 0, 'press-fit': 0, 'gear-mesh': 0, contained: 0, duplicate: 0, contact: 0, clearance: 0 } as Record<RowClass, number>;
  for (const r of rows) if (r.status !== 'resolved') counts[r.cls]++;
  return counts;
}

/** The accept file of the interference review: `[{"id","reason"}]`, by id, so it diffs well. */
export function acceptFileText(accepted: ReadonlyMap<string, string>): string {
  const list = [...accepted].sort(([x], [y]) => byCodePoint(x, y)).map(([id, reason]) => ({ id, reason }));
  return JSON.stringify(list, null, 2) + '\n';
}
