import type { SimulationResult, StepResult, SurfaceRef } from '../simulate/simulate.js';

/** `surfcd/simulation@1` as JSON: stable key order, stable numbers (the runner rounds them). */
export function simulationJson(result: SimulationResult): string {
  return JSON.stringify(result, null, 2) + '\n';
}

const surface = (s: SurfaceRef): string => `${s.part} face ${s.surface} (${s.kind}${s.diameter !== undefined ? ` Ø${trim(s.diameter)}` : ''})`;
const trim = (v: number): string => String(Number(v.toFixed(2)));

/** How far the step went, in its own unit. */
function travelled(s: StepResult): string {
  if (s.motion === 'rotate') return `${(s.travelled.angle ?? 0).toFixed(1)}°`;
  if (s.motion === 'screw') return `${(s.travelled.angle ?? 0).toFixed(1)}° / ${(s.travelled.distance ?? 0).toFixed(1)} mm`;
  return `${(s.travelled.distance ?? 0).toFixed(1)} mm`;
}

/** The words after the status: where it stopped and against what. */
function detail(s: StepResult): string {
  if (s.status === 'error') return s.message ?? 'error';
  if (s.status === 'free') return travelled(s);
  if (s.heldBy && s.message) return `at ${travelled(s)}: ${s.message}`;
  const first = s.blocking[0] ?? s.contact;
  const against = first ? `: ${surface(first.moving)} against ${surface(first.other)}` : '';
  const more = s.blocking.length > 1 ? ` (+${s.blocking.length - 1} more surface pair${s.blocking.length > 2 ? 's' : ''})` : '';
  return `at ${travelled(s)}${against}${more}`;
}

/** One line per step: ✔ when it did what `expect` said (or ran, with no expectation), ✘ when not. */
export function simulationTable(result: SimulationResult): string {
  const idWidth = Math.max(...result.steps.map((s) => [...s.id].length));
  const lines = result.steps.map((s) => {
    const mark = s.met ? '✔' : '✘';
    const status = s.status.padEnd(7);
    const expectNote = s.met || s.status === 'error' ? '' : `  (expected ${s.expected})`;
    return `${mark} ${s.id.padEnd(idWidth)}  ${status} ${detail(s)}${expectNote}`;
  });
  const { summary } = result;
  lines.push('', `${result.assembly}: ${summary.steps} steps, ${summary.free} free, ${summary.blocked} blocked, ${summary.errors} errors; ${summary.met} met their expectation, ${summary.notMet} did not (tolerance ${result.tolerance} mm)`);
  return lines.join('\n') + '\n';
}

/** Markdown: a table a person can paste into a maintenance note. */
export function simulationMarkdown(result: SimulationResult): string {
  const esc = (v: string): string => v.replace(/\|/g, '\\|');
  const rows = result.steps.map((s) => {
    const clearance = s.clearance ? `${s.clearance.distance.toFixed(2)} mm (${s.clearance.other.part})` : '—';
    return `| ${s.met ? '✔' : '✘'} | ${esc(s.id)} | ${esc(s.moved.join(', '))} | ${s.expected ?? '—'} | ${s.status} | ${esc(detail(s))} | ${esc(clearance)} |`;
  });
  return [
    `## ${result.assembly}: maintenance simulation`,
    '',
    '| | step | moves | expected | status | where | min. clearance |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `${result.summary.met} of ${result.summary.steps} steps met their expectation (tolerance ${result.tolerance} mm).`,
    '',
  ].join('\n');
}
