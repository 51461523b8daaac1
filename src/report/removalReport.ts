/** Writers for `surfcd removal` (surfcd/removal@1) and `surfcd disassemble` (surfcd/disassembly@1). */
import type { Assembly } from '../model/types.js';
import type { DisassemblyResult, DirectionResult, RemovalResult } from '../simulate/removal.js';
import { textTable } from './textTable.js';

export const REMOVAL_SCHEMA = 'surfcd/removal@1';
export const DISASSEMBLY_SCHEMA = 'surfcd/disassembly@1';

const AXIS_NAMES: [string, number[]][] = [['+x', [1, 0, 0]], ['-x', [-1, 0, 0]], ['+y', [0, 1, 0]], ['-y', [0, -1, 0]], ['+z', [0, 0, 1]], ['-z', [0, 0, -1]]];

/** `+z` for axis directions, `(0.707, 0, 0.707)` otherwise. */
export function directionText(d: readonly number[]): string {
  for (const [name, v] of AXIS_NAMES) if (Math.abs(d[0]! - v[0]!) < 1e-9 && Math.abs(d[1]! - v[1]!) < 1e-9 && Math.abs(d[2]! - v[2]!) < 1e-9) return name;
  return `(${d.map((x) => num(x)).join(', ')})`;
}

const num = (x: number): string => {
  const r = Math.round(x * 1000) / 1000;
  return String(Object.is(r, -0) ? 0 : r);
};
const mm = (x: number): string => `${x.toFixed(1)} mm`;
const round = (x: number): number => {
  const r = Number(x.toPrecision(12));
  return Object.is(r, -0) ? 0 : r;
};

function blockText(d: DirectionResult, subject: string): string {
  const b = d.blocker!;
  if (b.reason) return `${b.part}: ${b.reason}`;
  const mover = b.movingPart === subject ? '' : `${b.movingPart} `;
  const faces = b.surfaceMoving !== undefined ? `: ${mover}face ${b.surfaceMoving}${b.kindMoving ? ` (${b.kindMoving})` : ''} meets face ${b.surfaceOther}${b.kindOther ? ` (${b.kindOther})` : ''}` : '';
  return `${b.part} after ${mm(d.distance)}${faces}`;
}

/** Directions blocked by the subject's own contacts, grouped by the part they touch: [part, "+z, -x, 3 more"]. */
function localBlocksByPart(r: RemovalResult): [string, string][] {
  const by = new Map<string, string[]>();
  for (const d of r.directions) {
    if (d.status !== 'blocked' || !d.blocker?.reason) continue;
    const list = by.get(d.blocker.part) ?? [];
    list.push(directionText(d.direction));
    by.set(d.blocker.part, list);
  }
  return [...by].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([part, list]) => [part, list.length > 4 ? `${list.slice(0, 4).join(', ')} +${list.length - 4} more` : list.join(', ')]);
}

/** Per subject: free directions, blocks by other parts (the interesting ones), and a count of own-contact blocks. */
export function removalTable(assembly: Assembly, results: readonly RemovalResult[]): string {
  const out: string[] = [];
  for (const r of results) {
    out.push(`${r.subject}${r.kind === 'node' ? ` (product node, ${r.parts.length} parts)` : ''}: ${r.free} of ${r.directions.length} directions free`);
    const rows: string[][] = [];
    for (const d of r.directions) {
      if (d.status === 'free') rows.push(['free', directionText(d.direction), d.source, `clear after ${mm(d.distance)}`]);
    }
    for (const d of r.directions) {
      if (d.status === 'blocked' && !d.blocker?.reason) rows.push(['blocked', directionText(d.direction), d.source, blockText(d, r.subject)]);
    }
    for (const [part, dirs] of localBlocksByPart(r)) rows.push(['own contact', dirs, '', `held by its contact with ${part} (into a face it rests on, or sideways to a fitted axis)`]);
    out.push(textTable(['status', 'direction', 'from', 'detail'], rows).replace(/^/gm, '  '));
  }
  return `${assembly.name}: removal directions for ${results.length} subject${results.length === 1 ? '' : 's'}\n\n${out.join('\n')}`;
}

export function removalJson(assembly: Assembly, results: readonly RemovalResult[], extra: { tolerance: number; sphere: number | null }): string {
  return `${JSON.stringify(
    {
      schema: REMOVAL_SCHEMA,
      assembly: assembly.name,
      tolerance: extra.tolerance,
      sphereDirections: extra.sphere,
      subjects: results.map((r) => ({
        ...r,
        directions: r.directions.map((d) => ({ ...d, direction: d.direction.map(round), distance: round(d.distance) })),
      })),
    },
    null,
    2,
  )}\n`;
}

export function removalMarkdown(assembly: Assembly, results: readonly RemovalResult[]): string {
  const lines = [`# Removal directions: ${assembly.name}`, ''];
  for (const r of results) {
    lines.push(`## ${r.subject}`, '', `${r.free} of ${r.directions.length} directions free.`, '', '| status | direction | from | detail |', '| --- | --- | --- | --- |');
    for (const d of r.directions) {
      if (d.status === 'blocked' && d.blocker?.reason) continue;
      lines.push(`| ${d.status} | ${directionText(d.direction)} | ${d.source} | ${d.status === 'free' ? `clear after ${mm(d.distance)}` : blockText(d, r.subject).replace(/\|/g, '\\|')} |`);
    }
    for (const [part, dirs] of localBlocksByPart(r)) lines.push(`| own contact | ${dirs} | | held by its contact with ${part} |`);
    lines.push('');
  }
  return lines.join('\n');
}

export function disassemblyTable(assembly: Assembly, result: DisassemblyResult): string {
  const rows = result.steps.map((s) => [String(s.step), s.mover.name, directionText(s.direction), s.source, mm(s.distance), s.why]);
  let text = `${assembly.name}: ${result.steps.length} removal step${result.steps.length === 1 ? '' : 's'}; base ${result.base ?? '(none)'}; left: ${result.remaining.join(', ') || 'nothing'}\n\n`;
  text += textTable(['step', 'part', 'direction', 'from', 'to clear', 'why'], rows, [true, false, false, false, true, false]);
  text += interlockText(result);
  return text;
}

function interlockText(result: DisassemblyResult): string {
  if (!result.interlock) return '';
  const { cycle, inTheWay } = result.interlock;
  const lines = [`\nINTERLOCKED: ${result.interlock.parts.join(', ')} cannot be taken out by any single part, product node or mated pair.`, cycle.length > 0 ? 'Blocking cycle:' : 'No blocking cycle; in the way along each part\'s least-blocked direction:'];
  for (const l of cycle.length > 0 ? cycle : inTheWay) {
    const faces = l.surfaces ? ` (faces ${l.surfaces[0]} / ${l.surfaces[1]})` : l.reason ? ` (${l.reason})` : '';
    lines.push(`  ${l.part} is held by ${l.heldBy} along ${directionText(l.direction)} [${l.source}]${faces}`);
  }
  return `${lines.join('\n')}\n`;
}

export function disassemblyJson(assembly: Assembly, result: DisassemblyResult): string {
  return `${JSON.stringify(
    {
      schema: DISASSEMBLY_SCHEMA,
      assembly: assembly.name,
      base: result.base,
      steps: result.steps.map((s) => ({
        step: s.step,
        mover: { kind: s.mover.kind, name: s.mover.name, parts: s.mover.parts.map((i) => assembly.parts[i]!.path) },
        direction: s.direction.map(round),
        source: s.source,
        distance: round(s.distance),
        ...(s.screw ? { screw: { ...s.screw, axis: { point: s.screw.axis.point.map(round), direction: s.screw.axis.direction.map(round) } } } : {}),
        why: s.why,
      })),
      remaining: result.remaining,
      interlock: result.interlock,
      script: result.script,
    },
    null,
    2,
  )}\n`;
}

export function disassemblyMarkdown(assembly: Assembly, result: DisassemblyResult): string {
  const lines = [`# Disassembly sequence: ${assembly.name}`, '', `Base: ${result.base ?? '(none)'}.`, '', '| step | part | direction | from | to clear | why |', '| ---: | --- | --- | --- | ---: | --- |'];
  for (const s of result.steps) lines.push(`| ${s.step} | ${s.mover.name} | ${directionText(s.direction)} | ${s.source} | ${mm(s.distance)} | ${s.why} |`);
  const lock = interlockText(result);
  return `${lines.join('\n')}\n${lock ? `\n${lock.trim().replace(/^ {2}/gm, '- ')}\n` : ''}`;
}
