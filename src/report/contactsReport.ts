import type { ContactReport } from '../collide/findContacts.js';
import type { OverlapVolume } from '../collide/interferenceVolume.js';
import { pairKey } from '../collide/pairVolumes.js';
import type { Assembly } from '../model/types.js';
import { partSummaries } from './partSummary.js';
import { csv, textTable } from './textTable.js';

export const CONTACTS_SCHEMA = 'surfcd/contacts@1';

/** Only the interfering part pairs and surface pairs (for `--interference-only`); contained parts and duplicates stay. */
export function interferenceOnly(report: ContactReport): ContactReport {
  const pairs = report.pairs
    .filter((p) => p.verdict === 'interference')
    .map((p) => ({ ...p, surfacePairs: p.surfacePairs.filter((s) => s.verdict === 'interference') }));
  return { ...report, pairs, contacts: report.contacts.filter((c) => c.verdict === 'interference') };
}

/** Interference volumes by part pair (`pairVolumes`), when asked for; `sortByVolume` lists the largest first. */
export interface VolumeColumns {
  volumes: ReadonlyMap<string, OverlapVolume>;
  sortByVolume?: boolean;
}

export function contactsJson(assembly: Assembly, report: ContactReport, extra: { mode: string; interferenceOnly?: boolean; timings?: Record<string, number>; volumes?: VolumeColumns }): string {
  const touching = report.contacts.filter((c) => c.relation === 'touching').length;
  const interference = report.contacts.filter((c) => c.verdict === 'interference').length;
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
        parts: partSummaries(assembly).map(({ path, name, surfaces, triangles }) => ({ path, name, surfaces, triangles })),
        summary: {
          partPairs: report.pairs.length,
          surfacePairs: report.contacts.length,
          touching,
          intersecting: report.contacts.length - touching,
          interference,
          interferingPartPairs: report.pairs.filter((p) => p.verdict === 'interference').length,
        },
        contacts: report.contacts.map((c) => (c.direction ? { ...c, direction: roundVector(c.direction) } : c)),
        interferences: interferenceList(report, extra.volumes),
        stats: report.stats,
        ...(extra.timings ? { timingsMs: extra.timings } : {}),
      },
      null,
      2,
    ) + '\n'
  );
}

/**
 * One entry per interfering part pair: its kind (`interference`, `contained`,
 * `duplicate`), the solids' penetration depth and separating direction (moving partA),
 * and a sentence for people.
 */
function interferenceList(report: ContactReport, volumes?: VolumeColumns): object[] {
  return byVolume(report.pairs.filter((p) => p.verdict === 'interference'), volumes)
    .map((p) => ({
      partA: p.partA,
      partB: p.partB,
      kind: p.kind,
      depth: roundDepth(p.depth),
      direction: p.direction ? roundVector(p.direction) : null,
      ...(p.inside ? { inside: p.inside === 'A' ? p.partA : p.partB } : {}),
      ...(p.offset !== undefined ? { offset: roundDepth(p.offset) } : {}),
      ...(p.openMesh ? { openMesh: true } : {}),
      surfacePairs: p.surfacePairs.filter((s) => s.verdict === 'interference').length,
      sentence: p.sentence ?? null,
      ...volumeFields(volumes?.volumes.get(pairKey(p.partA, p.partB))),
    }));
}

/** The volume fields of an interference entry (mm³, world centroid, how it was found). */
function volumeFields(v: OverlapVolume | undefined): object {
  if (!v) return {};
  return {
    volume: roundVolume(v.volume),
    centroid: v.centroid ? roundVector(v.centroid) : null,
    volumeMethod: v.volumeMethod,
    ...(v.volumeError !== undefined ? { volumeError: roundVolume(v.volumeError) } : {}),
  };
}

/** Largest volume first when asked (ties and no volumes: the report's order). */
function byVolume<T extends { partA: string; partB: string }>(pairs: T[], volumes: VolumeColumns | undefined): T[] {
  if (!volumes?.sortByVolume) return pairs;
  const of = (p: T): number => volumes.volumes.get(pairKey(p.partA, p.partB))?.volume ?? -1;
  return [...pairs].sort((x, y) => of(y) - of(x));
}

const roundVolume = (v: number): number => Number(v.toPrecision(9));
const volumeText = (v: OverlapVolume | undefined): string => (v ? `${v.volumeError !== undefined ? '≈' : ''}${roundVolume(v.volume)} mm³` : '');

export function contactsCsv(report: ContactReport, volumes?: VolumeColumns): string {
  const header = ['partA', 'surfaceA', 'partB', 'surfaceB', 'relation', 'verdict', 'depth', 'kind'];
  const rows = report.contacts.map((c) => [c.partA, c.surfaceA, c.partB, c.surfaceB, c.relation, c.verdict, roundDepth(c.depth), c.kind] as (string | number)[]);
  if (!volumes) return csv(header, rows);
  // The part pair's interference volume on each of its rows (empty for contacts).
  const pairVolume = (c: (typeof report.contacts)[number]): (string | number)[] => {
    const v = c.verdict === 'interference' ? volumes.volumes.get(pairKey(c.partA, c.partB)) : undefined;
    return v ? [roundVolume(v.volume), v.volumeMethod, v.volumeError !== undefined ? roundVolume(v.volumeError) : ''] : ['', '', ''];
  };
  const withVolumes = report.contacts.map((c, i) => [...rows[i]!, ...pairVolume(c)]);
  if (volumes.sortByVolume) withVolumes.sort((x, y) => (Number(y[8]) || -1) - (Number(x[8]) || -1));
  return csv([...header, 'pairVolume', 'volumeMethod', 'volumeError'], withVolumes);
}

const roundDepth = (d: number): number => Math.round(d * 1e6) / 1e6;
const roundVector = (v: [number, number, number]): [number, number, number] => [roundDepth(v[0]) || 0, roundDepth(v[1]) || 0, roundDepth(v[2]) || 0];
const VERDICT_LABEL = { interference: 'INTERFERENCE', contained: 'CONTAINED', duplicate: 'DUPLICATE', contact: 'contact' } as const;

/** One row per part pair: what a person scans first. */
export function contactsTable(assembly: Assembly, report: ContactReport, volumes?: VolumeColumns): string {
  const rows = byVolume(report.pairs, volumes).map((p) => {
    const touching = p.surfacePairs.filter((s) => s.relation === 'touching').length;
    const surfacesOf = (list: number[]): string => {
      const unique = [...new Set(list)].sort((x, y) => x - y);
      return unique.length <= 6 ? unique.join(' ') : `${unique.slice(0, 6).join(' ')} …(${unique.length})`;
    };
    return [
      p.partA,
      p.partB,
      p.surfacePairs.length,
      touching,
      p.surfacePairs.length - touching,
      p.verdict === 'interference' ? `${VERDICT_LABEL[p.kind]} ${p.depth.toFixed(3)} mm` : 'contact',
      ...(volumes ? [p.verdict === 'interference' ? volumeText(volumes.volumes.get(pairKey(p.partA, p.partB))) : ''] : []),
      surfacesOf(p.surfacePairs.map((s) => s.surfaceA)),
      surfacesOf(p.surfacePairs.map((s) => s.surfaceB)),
    ];
  });
  const total = report.contacts.length;
  const touching = report.contacts.filter((c) => c.relation === 'touching').length;
  const interference = report.contacts.filter((c) => c.verdict === 'interference').length;
  const interferingPairs = report.pairs.filter((p) => p.verdict === 'interference').length;
  const head =
    `${assembly.name}: ${assembly.parts.length} parts, ${report.pairs.length} part pairs, ${total} surface pairs ` +
    `(${touching} touching, ${total - touching} crossing), ${interference} interfering, ${interferingPairs} interfering part pairs, tolerance ${report.tolerance} mm\n\n`;
  if (rows.length === 0) return head + 'No surfaces touch or intersect.\n';
  const sentences = report.pairs.filter((p) => p.sentence).map((p) => `- ${p.sentence}`);
  const header = ['part A', 'part B', 'pairs', 'touch', 'cross', 'verdict', ...(volumes ? ['volume'] : []), 'surfaces A', 'surfaces B'];
  const table = textTable(header, rows, [false, false, true, true, true, false, ...(volumes ? [true] : []), false, false]);
  return head + table + (sentences.length > 0 ? `\n${sentences.join('\n')}\n` : '');
}
