import type { ContactReport } from '../collide/findContacts.js';
import type { Assembly } from '../model/types.js';
import { partSummaries } from './partSummary.js';
import { csv, textTable } from './textTable.js';

export const CONTACTS_SCHEMA = 'surfcd/contacts@1';

/** Only the surface pairs whose verdict is interference (for `--interference-only`). */
export function interferenceOnly(report: ContactReport): ContactReport {
  const pairs = report.pairs
    .map((p) => ({ ...p, surfacePairs: p.surfacePairs.filter((s) => s.verdict === 'interference') }))
    .filter((p) => p.surfacePairs.length > 0);
  return { ...report, pairs, contacts: report.contacts.filter((c) => c.verdict === 'interference') };
}

export function contactsJson(assembly: Assembly, report: ContactReport, extra: { mode: string; interferenceOnly?: boolean; timings?: Record<string, number> }): string {
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
        },
        contacts: report.contacts,
        stats: report.stats,
        ...(extra.timings ? { timingsMs: extra.timings } : {}),
      },
      null,
      2,
    ) + '\n'
  );
}

export function contactsCsv(report: ContactReport): string {
  return csv(
    ['partA', 'surfaceA', 'partB', 'surfaceB', 'relation', 'verdict', 'depth'],
    report.contacts.map((c) => [c.partA, c.surfaceA, c.partB, c.surfaceB, c.relation, c.verdict, roundDepth(c.depth)]),
  );
}

const roundDepth = (d: number): number => Math.round(d * 1e6) / 1e6;

/** One row per part pair: what a person scans first. */
export function contactsTable(assembly: Assembly, report: ContactReport): string {
  const rows = report.pairs.map((p) => {
    const touching = p.surfacePairs.filter((s) => s.relation === 'touching').length;
    const interfering = p.surfacePairs.filter((s) => s.verdict === 'interference');
    const deepest = Math.max(0, ...interfering.map((s) => s.depth));
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
      interfering.length > 0 ? `INTERFERENCE ${deepest.toFixed(3)} mm` : 'contact',
      surfacesOf(p.surfacePairs.map((s) => s.surfaceA)),
      surfacesOf(p.surfacePairs.map((s) => s.surfaceB)),
    ];
  });
  const total = report.contacts.length;
  const touching = report.contacts.filter((c) => c.relation === 'touching').length;
  const interference = report.contacts.filter((c) => c.verdict === 'interference').length;
  const head =
    `${assembly.name}: ${assembly.parts.length} parts, ${report.pairs.length} part pairs, ${total} surface pairs ` +
    `(${touching} touching, ${total - touching} crossing), ${interference} interfering, tolerance ${report.tolerance} mm\n\n`;
  if (rows.length === 0) return head + 'No surfaces touch or intersect.\n';
  return head + textTable(['part A', 'part B', 'pairs', 'touch', 'cross', 'verdict', 'surfaces A', 'surfaces B'], rows, [false, false, true, true, true, false, false, false]);
}
