import type { ContactReport, PartPairContacts } from '../collide/findContacts.js';
import { commonRoot, displayPath } from '../model/paths.js';
import { pairKey } from '../collide/pairVolumes.js';
import type { Assembly } from '../model/types.js';
import { classifyInterferences, type InterferenceEntry } from '../review/classify.js';
import { countByClass } from '../review/review.js';
import { interferenceId, type InterferenceClass } from '../review/classes.js';
import { partSummaries } from './partSummary.js';
import { csv, textTable } from './textTable.js';
import { byVolume, VOLUME_CSV_HEADER, volumeCells, volumeFields, volumeSentence, volumeText, withVolumeFields, type VolumeColumns } from './volumeFields.js';

export type { VolumeColumns };

/** @2: `interferences[]` entries carry `id`, a class in `kind` (clash, thread, …) and `expected`. */
export const CONTACTS_SCHEMA = 'surfcd/contacts@2';

/** The classified interferences of a run, after `--ignore` and `--accept`. */
export interface ContactsReview {
  interferences: InterferenceEntry[];
  ignored: number;
  ignoredByClass: Partial<Record<InterferenceClass, number>>;
}

/** The review of a run with nothing ignored or accepted. */
export function plainReview(assembly: Assembly, report: ContactReport): ContactsReview {
  return { interferences: classifyInterferences(assembly, report, { tolerance: report.tolerance }), ignored: 0, ignoredByClass: {} };
}

/** The report without the part pairs the review left out (ignored classes). */
export function withoutIgnored(report: ContactReport, review: ContactsReview): ContactReport {
  if (review.ignored === 0) return report;
  const kept = new Set(review.interferences.map((e) => e.id));
  const key = (p: { partA: string; partB: string }): string => `${p.partA}\u0000${p.partB}`;
  const dropped = new Set(report.pairs.filter((p) => p.verdict === 'interference' && !kept.has(idOf(p))).map(key));
  return { ...report, pairs: report.pairs.filter((p) => !dropped.has(key(p))), contacts: report.contacts.filter((c) => !dropped.has(key(c))) };
}

const idOf = (p: PartPairContacts): string => interferenceId(p.partA, p.partB);

/** Only the interfering part pairs and surface pairs (for `--interference-only`); contained parts and duplicates stay. */
export function interferenceOnly(report: ContactReport): ContactReport {
  const pairs = report.pairs
    .filter((p) => p.verdict === 'interference')
    .map((p) => ({ ...p, surfacePairs: p.surfacePairs.filter((s) => s.verdict === 'interference') }));
  return { ...report, pairs, contacts: report.contacts.filter((c) => c.verdict === 'interference') };
}

export function contactsJson(assembly: Assembly, report: ContactReport, extra: { mode: string; interferenceOnly?: boolean; review?: ContactsReview; timings?: Record<string, number>; volumes?: VolumeColumns }): string {
  const review = extra.review ?? plainReview(assembly, report);
  const touching = report.contacts.filter((c) => c.relation === 'touching').length;
  const interference = report.contacts.filter((c) => c.verdict === 'interference').length;
  const root = commonRoot(assembly.parts.map((p) => p.path));
  return (
    JSON.stringify(
      {
        schema: CONTACTS_SCHEMA,
        assembly: assembly.name,
        source: assembly.source ?? null,
        units: assembly.units,
        tolerance: report.tolerance,
        mode: extra.mode,
        interferenceOnly: extra.interferenceOnly ?? false,
        parts: partSummaries(assembly).map(({ path, name, surfaces, triangles }) => ({ path, name, display: displayPath(path, root), surfaces, triangles })),
        summary: {
          partPairs: report.pairs.length,
          surfacePairs: report.contacts.length,
          touching,
          intersecting: report.contacts.length - touching,
          interference,
          interferingPartPairs: review.interferences.length,
          classes: countByClass(review.interferences),
          expected: review.interferences.filter((e) => e.expected).length,
          accepted: review.interferences.filter((e) => e.accepted).length,
          ignored: review.ignored,
          ignoredByClass: review.ignoredByClass,
        },
        interferences: extra.volumes ? withVolumeFields(byVolume(review.interferences, extra.volumes), extra.volumes) : review.interferences,
        contacts: report.contacts.map((c) => (c.direction ? { ...c, direction: roundVector(c.direction) } : c)),
        stats: report.stats,
        ...(extra.timings ? { timingsMs: extra.timings } : {}),
      },
      null,
      2,
    ) + '\n'
  );
}

const surfacesOf = (list: number[], max = 6): string => {
  const unique = [...new Set(list)].sort((x, y) => x - y);
  return unique.length <= max ? unique.join(' ') : `${unique.slice(0, max).join(' ')} …(${unique.length})`;
};

/** Per part pair: the interference entry, or the plain contact; interferences first (clashes, deepest), then contacts by path. */
function partPairRows(report: ContactReport, review: ContactsReview, volumes?: VolumeColumns): { pair: PartPairContacts; entry: InterferenceEntry | null }[] {
  const byId = new Map(review.interferences.map((e) => [e.id, e] as const));
  const pairsById = new Map(report.pairs.map((p) => [idOf(p), p] as const));
  const interfering = byVolume(review.interferences, volumes).filter((e) => pairsById.has(e.id)).map((e) => ({ pair: pairsById.get(e.id)!, entry: e }));
  const contacts = report.pairs.filter((p) => !byId.has(idOf(p)) && p.verdict !== 'interference').map((pair) => ({ pair, entry: null }));
  return [...interfering, ...contacts];
}

const classLabel = (e: InterferenceEntry | null): string => (e ? `${e.kind}${e.expected ? ' (expected)' : ''}${e.accepted ? ' (accepted)' : ''}` : 'contact');

/** One row per part pair: class, worst depth, surfaces involved, sentence (surface pairs are in JSON). */
export function contactsCsv(assembly: Assembly, report: ContactReport, review: ContactsReview = plainReview(assembly, report), volumes?: VolumeColumns): string {
  const root = commonRoot(assembly.parts.map((p) => p.path));
  return csv(
    ['id', 'partA', 'partB', 'class', 'expected', 'accepted', 'depth', 'surfacePairs', 'interferingSurfacePairs', 'surfacesA', 'surfacesB', 'sentence', 'acceptReason', ...(volumes ? VOLUME_CSV_HEADER : [])],
    partPairRows(report, review, volumes).map(({ pair, entry }) => [
      entry?.id ?? idOf(pair),
      displayPath(pair.partA, root),
      displayPath(pair.partB, root),
      entry?.kind ?? 'contact',
      entry ? String(entry.expected) : '',
      entry ? String(entry.accepted === true) : '',
      roundDepth(pair.depth),
      pair.surfacePairs.length,
      entry?.surfacePairs ?? 0,
      surfacesOf(pair.surfacePairs.map((s) => s.surfaceA), Infinity),
      surfacesOf(pair.surfacePairs.map((s) => s.surfaceB), Infinity),
      entry?.sentence ?? pair.sentence ?? '',
      entry?.acceptReason ?? '',
      ...(volumes ? volumeCells(entry ? volumeOf(entry, volumes) : undefined) : []),
    ]),
  );
}

const roundDepth = (d: number): number => Math.round(d * 1e6) / 1e6;
const roundVector = (v: [number, number, number]): [number, number, number] => [roundDepth(v[0]) || 0, roundDepth(v[1]) || 0, roundDepth(v[2]) || 0];

/** The one-line summary every writer starts with: counts by class, expected, accepted, ignored. */
export function reviewHeadline(review: ContactsReview): string {
  const counts = countByClass(review.interferences);
  const classes = Object.entries(counts).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${c}`).join(', ');
  const accepted = review.interferences.filter((e) => e.accepted).length;
  return `${review.interferences.length} interfering part pairs${classes ? ` (${classes})` : ''}${accepted ? `, accepted ${accepted}` : ''}${review.ignored ? `, ignored ${review.ignored}` : ''}`;
}

function volumeOf(entry: { partA: string; partB: string }, volumes: VolumeColumns) {
  const v = volumes.volumes.get(pairKey(entry.partA, entry.partB));
  return v ? volumeFields(v) : undefined;
}

/** One row per part pair, interferences first: what a person scans first. */
export function contactsTable(assembly: Assembly, report: ContactReport, review: ContactsReview = plainReview(assembly, report), volumes?: VolumeColumns): string {
  const root = commonRoot(assembly.parts.map((p) => p.path));
  const rows = partPairRows(report, review, volumes).map(({ pair, entry }) => {
    const touching = pair.surfacePairs.filter((s) => s.relation === 'touching').length;
    return [
      classLabel(entry),
      entry ? `${entry.depth.toFixed(3)} mm` : '',
      displayPath(pair.partA, root),
      displayPath(pair.partB, root),
      pair.surfacePairs.length,
      touching,
      pair.surfacePairs.length - touching,
      ...(volumes ? [entry ? volumeText(volumeOf(entry, volumes)) : ''] : []),
      surfacesOf(pair.surfacePairs.map((s) => s.surfaceA)),
      surfacesOf(pair.surfacePairs.map((s) => s.surfaceB)),
    ];
  });
  const total = report.contacts.length;
  const touching = report.contacts.filter((c) => c.relation === 'touching').length;
  const head =
    `${assembly.name}: ${assembly.parts.length} parts, ${report.pairs.length} part pairs, ${total} surface pairs ` +
    `(${touching} touching, ${total - touching} crossing), ${reviewHeadline(review)}, tolerance ${report.tolerance} mm\n\n`;
  if (rows.length === 0) return head + 'No surfaces touch or intersect.\n';
  const sentences = [
    ...byVolume(review.interferences, volumes).map((e) => {
      const size = volumes ? volumeSentence(volumeOf(e, volumes)) : '';
      return `- ${e.kind}${e.accepted ? ` (accepted${e.acceptReason ? `: ${e.acceptReason}` : ''})` : ''}: ${e.sentence}${size ? `; overlap ${size}` : ''}`;
    }),
    ...report.pairs.filter((p) => p.verdict !== 'interference' && p.sentence).map((p) => `- contact: ${p.sentence}`),
  ];
  const table = textTable(['class', 'depth', 'part A', 'part B', 'pairs', 'touch', 'cross', ...(volumes ? ['volume'] : []), 'surfaces A', 'surfaces B'], rows, [false, true, false, false, true, true, true, ...(volumes ? [true] : []), false, false]);
  return head + table + (sentences.length > 0 ? `\n${sentences.join('\n')}\n` : '');
}
