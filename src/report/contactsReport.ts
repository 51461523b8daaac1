import type { ContactReport } from '../collide/findContacts.js';
import type { Assembly } from '../model/types.js';
import { partSummaries } from './partSummary.js';
import { csv, textTable } from './textTable.js';

export const CONTACTS_SCHEMA = 'surfcd/contacts@1';

export function contactsJson(assembly: Assembly, report: ContactReport, extra: { mode: string; timings?: Record<string, number> }): string {
  const touching = report.contacts.filter((c) => c.relation === 'touching').length;
  return (
    JSON.stringify(
      {
        schema: CONTACTS_SCHEMA,
        assembly: assembly.name,
        source: assembly.source ?? null,
        units: assembly.units,
        tolerance: report.tolerance,
        mode: extra.mode,
        parts: partSummaries(assembly).map(({ path, name, surfaces, triangles }) => ({ path, name, surfaces, triangles })),
        summary: {
          partPairs: report.pairs.length,
          surfacePairs: report.contacts.length,
          touching,
          intersecting: report.contacts.length - touching,
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
    ['partA', 'surfaceA', 'partB', 'surfaceB', 'relation'],
    report.contacts.map((c) => [c.partA, c.surfaceA, c.partB, c.surfaceB, c.relation]),
  );
}

/** One row per part pair: what a person scans first. */
export function contactsTable(assembly: Assembly, report: ContactReport): string {
  const rows = report.pairs.map((p) => {
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
      surfacesOf(p.surfacePairs.map((s) => s.surfaceA)),
      surfacesOf(p.surfacePairs.map((s) => s.surfaceB)),
    ];
  });
  const total = report.contacts.length;
  const touching = report.contacts.filter((c) => c.relation === 'touching').length;
  const head = `${assembly.name}: ${assembly.parts.length} parts, ${report.pairs.length} part pairs in contact, ${total} surface pairs (${touching} touching, ${total - touching} intersecting), tolerance ${report.tolerance} mm\n\n`;
  if (rows.length === 0) return head + 'No surfaces touch or intersect.\n';
  return head + textTable(['part A', 'part B', 'pairs', 'touch', 'cross', 'surfaces A', 'surfaces B'], rows, [false, false, true, true, true, false, false]);
}
