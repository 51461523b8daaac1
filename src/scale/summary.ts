/**
 * The summary of a batch: one row per assembly (part count, interference counts by class,
 * worst depth, time, links to its results), as JSON, CSV and one HTML page. The summary is a
 * report of a run, so it holds times; the per-file results it links to hold none.
 */
import type { InterferenceEntry } from '../review/classify.js';
import { csv } from '../report/textTable.js';

export const SUMMARY_SCHEMA = 'surfcd/batch-summary@1';

export interface InterferenceCounts {
  /** Real modelling or design errors. */
  clash: number;
  /** Overlaps drawn on purpose (threads at nominal diameter, press fits, gear meshes). */
  expected: number;
  contained: number;
  duplicate: number;
}

/**
 * Interfering part pairs by class. Counts from the part-pair `kind` of today's verdict
 * (`interference`, `contained`, `duplicate`) and, where a pair carries one, the `expected`
 * flag the interference classes add: the one place to change when the classes change.
 */
export function interferenceCounts(entries: readonly InterferenceEntry[]): InterferenceCounts {
  const counts: InterferenceCounts = { clash: 0, expected: 0, contained: 0, duplicate: 0 };
  for (const entry of entries) {
    if (entry.expected) counts.expected++;
    else if (entry.kind === 'contained') counts.contained++;
    else if (entry.kind === 'duplicate') counts.duplicate++;
    else counts.clash++;
  }
  return counts;
}

export type RowStatus = 'done' | 'unchanged' | 'failed';

export interface BatchRow extends Partial<InterferenceCounts> {
  /** The file as given (absolute path). */
  file: string;
  /** The stem of its result files in the output directory. */
  name: string;
  status: RowStatus;
  parts?: number;
  /** Deepest interference (mm), 0 when none. */
  worstDepth?: number;
  /** Wall time of the job on its worker (ms); for `unchanged`, the earlier run's. */
  timeMs?: number;
  /** Result files, relative to the summary. */
  contacts?: string;
  report?: string;
  error?: string;
}

export interface BatchSummary {
  schema: typeof SUMMARY_SCHEMA;
  options: Record<string, unknown>;
  totals: { files: number; done: number; unchanged: number; failed: number } & InterferenceCounts;
  rows: BatchRow[];
}

export function summaryOf(rows: readonly BatchRow[], options: Record<string, unknown>): BatchSummary {
  const count = (status: RowStatus): number => rows.filter((r) => r.status === status).length;
  const sum = (field: keyof InterferenceCounts): number => rows.reduce((n, r) => n + (r[field] ?? 0), 0);
  return {
    schema: SUMMARY_SCHEMA,
    options,
    totals: { files: rows.length, done: count('done'), unchanged: count('unchanged'), failed: count('failed'), clash: sum('clash'), expected: sum('expected'), contained: sum('contained'), duplicate: sum('duplicate') },
    rows: [...rows],
  };
}

export function summaryJson(summary: BatchSummary): string {
  return JSON.stringify(summary, null, 2) + '\n';
}

const COLUMNS = ['file', 'status', 'parts', 'clash', 'expected', 'contained', 'duplicate', 'worstDepth', 'timeMs', 'contacts', 'report', 'error'] as const;

export function summaryCsv(summary: BatchSummary): string {
  return csv([...COLUMNS], summary.rows.map((r) => COLUMNS.map((c) => (c === 'worstDepth' && r.worstDepth !== undefined ? round(r.worstDepth) : c === 'timeMs' && r.timeMs !== undefined ? Math.round(r.timeMs) : (r[c] ?? '')))));
}

const round = (mm: number): number => Math.round(mm * 1e6) / 1e6;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A relative link to a result file: its path segments URL-escaped. */
const href = (file: string): string => file.split('/').map(encodeURIComponent).join('/');

/** One static page (no script, no network) a person opens from the output directory. */
export function summaryHtml(summary: BatchSummary): string {
  const t = summary.totals;
  const cell = (text: string | number, cls = ''): string => `<td${cls ? ` class="${cls}"` : ''}>${escapeHtml(String(text))}</td>`;
  const rows = summary.rows.map((r) => {
    const links = [r.contacts ? `<a href="${escapeHtml(href(r.contacts))}">contacts</a>` : '', r.report ? `<a href="${escapeHtml(href(r.report))}">report</a>` : ''].filter(Boolean).join(' ');
    const failed = r.status === 'failed';
    return (
      `<tr class="${r.status}${(r.clash ?? 0) > 0 ? ' clash' : ''}">` +
      cell(r.file) + cell(r.status) +
      (failed ? `<td colspan="7" class="error">${escapeHtml(r.error ?? '')}</td>` : cell(r.parts ?? '', 'n') + cell(r.clash ?? '', 'n') + cell(r.expected ?? '', 'n') + cell(r.contained ?? '', 'n') + cell(r.duplicate ?? '', 'n') + cell(r.worstDepth !== undefined ? r.worstDepth.toFixed(3) : '', 'n') + cell(r.timeMs !== undefined ? (r.timeMs / 1000).toFixed(1) : '', 'n')) +
      `<td>${links}</td></tr>`
    );
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>surfcd batch: ${t.files} assemblies</title>
<style>
body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.3em .6em;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}tr.clash td:nth-child(4){color:#b00;font-weight:bold}tr.failed td{color:#b00}tr.unchanged td:nth-child(2){color:#777}
</style></head><body>
<h1>surfcd batch: ${t.files} assemblies</h1>
<p>${t.done} checked, ${t.unchanged} unchanged since the last run, ${t.failed} failed. Interfering part pairs: ${t.clash} clash, ${t.expected} expected, ${t.contained} contained, ${t.duplicate} duplicate.</p>
<table><thead><tr><th>file</th><th>status</th><th>parts</th><th>clash</th><th>expected</th><th>contained</th><th>duplicate</th><th>worst depth (mm)</th><th>time (s)</th><th>results</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></body></html>
`;
}
