/**
 * `surfcd/clearance@1`: the part pairs closer than a required gap, closest first, each with
 * its gap, closest points, surfaces and a sentence ("bracket is 1.42 mm from hose (flat face
 * 3 to Ø12 cylinder 1)"); as JSON, a terminal table, CSV or Markdown.
 */
import { surfaceView } from '../constraints/surfaceView.js';
import type { Rigid } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';
import type { ClearanceResult, PartClearance } from '../motion/clearances.js';
import { csv, textTable } from './textTable.js';
import { mm, partLabel, surfaceNoun } from './surfaceWords.js';

export const CLEARANCE_SCHEMA = 'surfcd/clearance@1';

export interface ClearanceEntry extends PartClearance {
  sentence: string;
}

/** Numbers as written: gaps to 1e-9 mm (below any CAD tolerance, above float noise), points to 1e-6 mm. */
const round9 = (x: number): number => Math.round(x * 1e9) / 1e9 || 0;
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 || 0;
const point = (p: readonly number[]): [number, number, number] => [round6(p[0]!), round6(p[1]!), round6(p[2]!)];

/** The result's entries with their sentences (poses by part index, as the query used). */
export function clearanceEntries(assembly: Assembly, result: ClearanceResult, poses: readonly Rigid[]): ClearanceEntry[] {
  const index = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  return result.clearances.map((c) => {
    const i = index.get(c.partA)!, j = index.get(c.partB)!;
    const a = surfaceView(assembly.parts[i]!.surfaces[c.surfaceA]!, poses[i]!);
    const b = surfaceView(assembly.parts[j]!.surfaces[c.surfaceB]!, poses[j]!);
    const sentence =
      `${partLabel(c.partA)} is ${mm(c.distance)} mm from ${partLabel(c.partB)} ` +
      `(${surfaceNoun(a.kind, a.sense)} ${c.surfaceA} to ${surfaceNoun(b.kind, b.sense)} ${c.surfaceB})`;
    return { ...c, distance: round9(c.distance), pointA: point(c.pointA), pointB: point(c.pointB), sentence };
  });
}

export function clearanceJson(assembly: Assembly, result: ClearanceResult, entries: readonly ClearanceEntry[]): string {
  const fitted = entries.filter((e) => e.measuredOn === 'fitted').length;
  return (
    JSON.stringify(
      {
        schema: CLEARANCE_SCHEMA,
        assembly: assembly.name,
        source: assembly.source ?? null,
        units: assembly.units,
        min: result.min,
        tolerance: result.tolerance,
        summary: { parts: assembly.parts.length, candidatePairs: result.candidatePairs, below: entries.length, measuredOnFitted: fitted },
        clearances: entries.map(({ partA, partB, distance, pointA, pointB, surfaceA, surfaceB, kindA, kindB, measuredOn, sentence }) => ({
          partA, partB, distance, pointA, pointB, surfaceA, surfaceB, kindA, kindB, measuredOn, sentence,
        })),
        stats: result.stats,
      },
      null,
      2,
    ) + '\n'
  );
}

function headline(assembly: Assembly, result: ClearanceResult, entries: readonly ClearanceEntry[]): string {
  return (
    `${assembly.name}: ${entries.length} part pair${entries.length === 1 ? '' : 's'} closer than ${mm(result.min)} mm ` +
    `(and farther than ${mm(result.tolerance)} mm, touching), of ${result.candidatePairs} candidate pairs`
  );
}

const ROW_HEADER = ['part A', 'part B', 'gap mm', 'surface A', 'surface B', 'measured on'];
const row = (e: ClearanceEntry): (string | number)[] => [e.partA, e.partB, e.distance.toFixed(4), `${e.surfaceA} (${e.kindA})`, `${e.surfaceB} (${e.kindB})`, e.measuredOn];

export function clearanceTable(assembly: Assembly, result: ClearanceResult, entries: readonly ClearanceEntry[]): string {
  const head = headline(assembly, result, entries) + '\n\n';
  if (entries.length === 0) return head + `No part pair is closer than ${mm(result.min)} mm without touching.\n`;
  return head + textTable(ROW_HEADER, entries.map(row), [false, false, true, false, false, false]) + '\n' + entries.map((e) => `- ${e.sentence}`).join('\n') + '\n';
}

export function clearanceCsv(entries: readonly ClearanceEntry[]): string {
  return csv(
    ['partA', 'partB', 'distance', 'surfaceA', 'surfaceB', 'kindA', 'kindB', 'measuredOn', 'pointA', 'pointB', 'sentence'],
    entries.map((e) => [e.partA, e.partB, e.distance, e.surfaceA, e.surfaceB, e.kindA, e.kindB, e.measuredOn, e.pointA.join(' '), e.pointB.join(' '), e.sentence]),
  );
}

export function clearanceMarkdown(assembly: Assembly, result: ClearanceResult, entries: readonly ClearanceEntry[]): string {
  const cell = (s: string | number): string => String(s).replace(/\|/g, '\\|');
  const lines = [`# Clearance: ${cell(assembly.name)}`, '', headline(assembly, result, entries) + '.', ''];
  if (entries.length > 0) {
    lines.push(`| ${ROW_HEADER.join(' | ')} | sentence |`, `|${ROW_HEADER.map(() => ' --- ').join('|')}| --- |`);
    for (const e of entries) lines.push(`| ${[...row(e), e.sentence].map(cell).join(' | ')} |`);
    lines.push('');
  }
  return lines.join('\n');
}
