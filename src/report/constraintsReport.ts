/** Writers for `recognizeConstraints` reports: JSON (`surfcd/constraints@1`), CSV, Markdown and the terminal table. */
import { freedomSummary } from '../constraints/freedom.js';
import { describeConstraint } from '../constraints/recognize.js';
import type { Constraint, ConstraintReport, Freedom, LoadedPlugin, Vec3 } from '../constraints/types.js';
import type { Assembly } from '../model/types.js';
import { partSummaries } from './partSummary.js';
import { csv, textTable } from './textTable.js';
import { commonRoot, displayPath } from '../model/paths.js';
import { countByClass } from '../review/review.js';
import { reviewHeadline, type ContactsReview } from './contactsReport.js';

export const CONSTRAINTS_SCHEMA = 'surfcd/constraints@1';

const num = (x: number): string => {
  const s = x.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};
const vec = (v: Vec3): string => `(${v.map(num).join(', ')})`;

/** The rule's own one-line text, or `key value` pairs of the params. */
export function constraintText(c: Constraint, plugins: readonly LoadedPlugin[]): string {
  const own = describeConstraint(c, plugins);
  if (own !== null) return own;
  return Object.entries(c.params)
    .map(([k, v]) => `${k} ${Array.isArray(v) && v.every((x) => typeof x === 'number') ? `(${v.map((x) => num(x as number)).join(', ')})` : typeof v === 'number' ? num(v) : JSON.stringify(v)}`)
    .join('  ');
}

/** `T (1, 0, 0), (0, 1, 0); R (0, 0, 1) through (…)`, or `fixed`. */
export function freedomText(f: Freedom): string {
  if (f.dof === 0) return 'fixed';
  const parts: string[] = [];
  if (f.translations.length > 0) parts.push(`T ${f.translations.map(vec).join(', ')}`);
  if (f.rotations.length > 0) {
    parts.push(`R ${f.rotations.map((r) => `${vec(r.axis)} through ${vec(r.point)}${r.pitch !== 0 ? ` pitch ${num(r.pitch)}` : ''}`).join(', ')}`);
  }
  return parts.join('; ');
}

function counts(report: ConstraintReport): Record<string, number> {
  const byKind: Record<string, number> = {};
  for (const c of report.constraints) byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
  return byKind;
}

const pairKey = (a: string, b: string): string => `${a}\u0000${b}`;

function pairFreedomMap(report: ConstraintReport): Map<string, Freedom> {
  return new Map(report.freedom.pairs.map((p) => [pairKey(p.partA, p.partB), p] as const));
}

function headline(assembly: Assembly, report: ConstraintReport): string {
  const byKind = counts(report);
  const kinds = Object.entries(byKind)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const pairs = new Set(report.constraints.map((c) => pairKey(c.partA, c.partB))).size;
  return (
    `${assembly.name}: ${assembly.parts.length} parts, ${report.constraints.length} constraints${kinds ? ` (${kinds})` : ''} between ${pairs} part pairs; ` +
    `tolerance ${report.tolerance} mm, clearance ${report.clearanceBySize ? `by size (ISO 273), else ${report.clearance}` : report.clearance} mm`
  );
}

export function constraintsJson(assembly: Assembly, report: ConstraintReport, extra: { timings?: Record<string, number>; review?: ContactsReview } = {}): string {
  return (
    JSON.stringify(
      {
        schema: CONSTRAINTS_SCHEMA,
        assembly: assembly.name,
        source: assembly.source ?? null,
        units: assembly.units,
        tolerance: report.tolerance,
        clearance: report.clearance,
        clearanceBySize: report.clearanceBySize,
        angleTolerance: report.angleTolerance,
        plugins: report.plugins,
        parts: partSummaries(assembly).map(({ path, name, surfaces, triangles }) => ({ path, name, surfaces, triangles })),
        summary: {
          constraints: report.constraints.length,
          byKind: counts(report),
          partPairs: new Set(report.constraints.map((c) => pairKey(c.partA, c.partB))).size,
          surfacePairs: report.surfacePairs,
        },
        constraints: report.constraints,
        freedom: report.freedom,
        ...(extra.review ? { interferences: extra.review.interferences, interferenceSummary: { classes: countByClass(extra.review.interferences), ignored: extra.review.ignored } } : {}),
        ...(extra.timings ? { timingsMs: extra.timings } : {}),
      },
      null,
      2,
    ) + '\n'
  );
}

export function constraintsCsv(report: ConstraintReport, plugins: readonly LoadedPlugin[]): string {
  const freedom = pairFreedomMap(report);
  return csv(
    ['id', 'partA', 'partB', 'kind', 'surfacesA', 'surfacesB', 'parameters', 'residual', 'derivedFrom', 'pairDof', 'params'],
    report.constraints.map((c) => [
      c.id,
      c.partA,
      c.partB,
      c.kind,
      c.surfacesA.join(' '),
      c.surfacesB.join(' '),
      constraintText(c, plugins),
      c.residual,
      (c.derivedFrom ?? []).join(' '),
      freedom.get(pairKey(c.partA, c.partB))?.dof ?? '',
      JSON.stringify(c.params),
    ]),
  );
}

function rows(assembly: Assembly, report: ConstraintReport, plugins: readonly LoadedPlugin[]): { constraints: string[][]; pairs: string[][]; parts: string[][] } {
  const freedom = pairFreedomMap(report);
  const root = commonRoot(assembly.parts.map((p) => p.path));
  const name = (path: string): string => displayPath(path, root);
  return {
    constraints: report.constraints.map((c) => {
      const f = freedom.get(pairKey(c.partA, c.partB));
      return [name(c.partA), name(c.partB), c.kind, constraintText(c, plugins), f ? freedomSummary(f) : '—'];
    }),
    pairs: report.freedom.pairs.map((p) => [name(p.partA), name(p.partB), String(p.dof), freedomText(p)]),
    parts: report.freedom.parts.map((p) => [name(p.part), String(p.neighbours.length), String(p.dof), p.constraints.length === 0 ? 'free (no constraints)' : freedomText(p)]),
  };
}

/** The interferences of the same run, as `surfcd contacts` words them (one verdict per pair). */
function interferenceRows(assembly: Assembly, review: ContactsReview | undefined): { rows: string[][]; sentences: string[] } | null {
  if (!review) return null;
  const root = commonRoot(assembly.parts.map((p) => p.path));
  return {
    rows: review.interferences.map((e) => [`${e.kind}${e.expected ? ' (expected)' : ''}${e.accepted ? ' (accepted)' : ''}`, `${e.depth.toFixed(3)} mm`, displayPath(e.partA, root), displayPath(e.partB, root)]),
    sentences: review.interferences.map((e) => `- ${e.kind}: ${e.sentence}`),
  };
}

const INTERFERENCE_HEAD = ['class', 'depth', 'part A', 'part B'];
const interferenceTitle = (review: ContactsReview): string => `Interferences (as \`surfcd contacts\` finds them): ${reviewHeadline(review)}`;

function ignoredNote(report: ConstraintReport): string {
  return report.freedom.ignoredKinds.length > 0 ? `\nLeft out of the freedom analysis (their rules give no freedom): ${report.freedom.ignoredKinds.join(', ')}.\n` : '';
}

const NOTE = 'DOF left: the relative freedom of part A and part B under all their constraints (contacts treated as bilateral). T = free translation directions, R = free rotation axes.';

/** What a person reads: one row per constraint, then the freedom per part pair and per part. */
export function constraintsTable(assembly: Assembly, report: ConstraintReport, plugins: readonly LoadedPlugin[], review?: ContactsReview): string {
  const head = headline(assembly, report) + '\n\n';
  const inter = interferenceRows(assembly, review);
  const interText = inter && review ? `\n${interferenceTitle(review)}\n` + (inter.rows.length > 0 ? textTable(INTERFERENCE_HEAD, inter.rows, [false, true, false, false]) + `\n${inter.sentences.join('\n')}\n` : '') : '';
  if (report.constraints.length === 0) return head + 'No constraints recognised.\n' + interText;
  const r = rows(assembly, report, plugins);
  return (
    head +
    textTable(['part A', 'part B', 'kind', 'parameters', 'DOF left'], r.constraints) +
    `\n${NOTE}\n\nFreedom per part pair\n` +
    textTable(['part A', 'part B', 'DOF', 'free relative motions'], r.pairs, [false, false, true, false]) +
    '\nFreedom per part (its neighbours held fixed)\n' +
    textTable(['part', 'neighbours', 'DOF', 'free motions'], r.parts, [false, true, true, false]) +
    ignoredNote(report) +
    interText
  );
}

function mdTable(header: string[], body: string[][]): string {
  const esc = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  return [`| ${header.map(esc).join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...body.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n') + '\n';
}

export function constraintsMarkdown(assembly: Assembly, report: ConstraintReport, plugins: readonly LoadedPlugin[], review?: ContactsReview): string {
  const r = rows(assembly, report, plugins);
  const inter = interferenceRows(assembly, review);
  return (
    `# Constraints: ${assembly.name}\n\n${headline(assembly, report)}.\n\n` +
    (report.constraints.length === 0
      ? 'No constraints recognised.\n'
      : `## Constraints\n\n${mdTable(['part A', 'part B', 'kind', 'parameters', 'DOF left'], r.constraints)}\n${NOTE}\n\n` +
        `## Freedom per part pair\n\n${mdTable(['part A', 'part B', 'DOF', 'free relative motions'], r.pairs)}\n` +
        `## Freedom per part\n\nEach part with its neighbours held fixed.\n\n${mdTable(['part', 'neighbours', 'DOF', 'free motions'], r.parts)}`) +
    ignoredNote(report) +
    (inter && review ? `\n## Interferences\n\n${interferenceTitle(review)}.\n\n${inter.rows.length > 0 ? `${mdTable(INTERFERENCE_HEAD, inter.rows)}\n${inter.sentences.join('\n')}\n` : ''}` : '')
  );
}
