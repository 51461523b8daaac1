/** `surfcd report --format json|md`: the report model as JSON (`surfcd/report@1`) and as Markdown for pull requests. */
import { compareSeverity, type ReportItem, type ReportModel } from './reportModel.js';
import { mm } from './surfaceWords.js';
import { commonRoot, displayPath } from '../model/paths.js';
import { volumeText } from './volumeFields.js';

export function reportJson(model: ReportModel): string {
  return JSON.stringify(model, null, 2) + '\n';
}

const STATUS_MARK: Record<string, string> = { new: '🆕 new', persistent: 'persistent', resolved: '✅ resolved' };
const KIND_MARK: Record<string, string> = { interference: '❌ interference', contact: 'contact', clearance: 'clearance' };

function amount(item: ReportItem): string {
  if (item.kind === 'interference') return `${mm(item.depth)} mm deep`;
  if (item.kind === 'clearance') return `${mm(item.gap)} mm gap`;
  return item.why && item.why !== 'touching' ? item.why : 'touching';
}

const esc = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function headlineOf(model: ReportModel): string {
  const s = model.summary;
  const diff = s.new !== undefined ? `; since the previous report: ${s.new} new, ${s.persistent} persistent, ${s.resolved} resolved` : '';
  return `${model.assembly}: ${model.parts.length} parts, ${s.items} items (${s.interference} interference, ${s.contact} contact, ${s.clearance} clearance) between ${model.groups.filter((g) => g.items > 0).length} part pairs; tolerance ${model.tolerance} mm${diff}`;
}

/** Markdown: headline, interferences first (each with its sentence), then one table per part pair. */
export function reportMarkdown(model: ReportModel): string {
  const out: string[] = [`# Surface contact report: ${model.assembly}`, '', `${headlineOf(model)}.`, ''];
  const root = commonRoot(model.parts.map((p) => p.path));
  const moved = Object.keys(model.poses);
  if (moved.length > 0) out.push(`Moved from their file positions: ${moved.map((p) => `\`${p}\``).join(', ')}.`, '');
  const worst = model.items.filter((i) => i.kind === 'interference' && i.status !== 'resolved').sort(compareSeverity);
  if (model.interferences) {
    const r = model.review;
    out.push('## Interferences', '');
    if (r) out.push(`${model.interferences.length} interfering part pairs: ${Object.entries(r.classes).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${c}`).join(', ') || 'none'}; ${r.expected} expected, ${r.accepted} accepted, ignored ${r.ignored}.`, '');
    if (model.interferences.length > 0) {
      // with --volumes: the overlap's volume (≈ and ± for an estimate), how it was found, and its centroid
      const volumes = model.interferences.some((e) => typeof e.volume === 'number');
      const head = ['class', 'depth', ...(volumes ? ['volume', 'centroid (mm)'] : []), 'part A', 'part B', 'sentence', 'id'];
      out.push(`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`);
      for (const e of model.interferences) {
        const cls = `${e.expected ? '' : '❌ '}${e.kind}${e.expected ? ' (expected)' : ''}${e.accepted ? ` (accepted${e.acceptReason ? `: ${e.acceptReason}` : ''})` : ''}`;
        const size = volumes ? [e.volume === undefined ? '—' : `${volumeText(e)} ${e.volumeMethod ?? ''}`.trim(), e.centroid ? e.centroid.map((c) => mm(c)).join(', ') : '—'] : [];
        out.push(`| ${[cls, `${mm(e.depth)} mm`, ...size, displayPath(e.partA, root), displayPath(e.partB, root), e.sentence, `\`${e.id}\``].map(esc).join(' | ')} |`);
      }
      out.push('');
    }
  } else if (worst.length > 0) {
    out.push('## Interferences', '');
    for (const i of worst) out.push(`- **${mm(i.depth)} mm** — ${i.sentence}${i.status === 'new' ? ' (new)' : ''} \`${i.id}\``);
    out.push('');
  }
  if (model.minClearance) {
    const { min, entries } = model.minClearance;
    out.push(`## Closer than ${mm(min)} mm`, '');
    if (entries.length === 0) out.push(`No part pair is closer than ${mm(min)} mm without touching.`);
    for (const c of entries) out.push(`- **${mm(c.distance)} mm** — ${c.sentence}`);
    out.push('');
  }
  const resolved = model.items.filter((i) => i.status === 'resolved');
  if (resolved.length > 0) {
    out.push('## Resolved since the previous report', '');
    for (const i of resolved) out.push(`- ${KIND_MARK[i.kind]}: ${i.sentence} \`${i.id}\``);
    out.push('');
  }
  out.push('## By part pair', '');
  const withStatus = model.items.some((i) => i.status);
  for (const g of model.groups) {
    out.push(`### ${displayPath(g.partA, root)} ↔ ${displayPath(g.partB, root)}`, '');
    const header = ['kind', 'amount', 'surfaces A', 'surfaces B', 'constraint', 'sentence', ...(withStatus ? ['status'] : [])];
    out.push(`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`);
    for (const i of model.items) {
      if (i.partA !== g.partA || i.partB !== g.partB) continue;
      const row = [
        KIND_MARK[i.kind]!,
        amount(i),
        i.surfacesA.map((s) => `${s.index} ${s.noun}`).join(', '),
        i.surfacesB.map((s) => `${s.index} ${s.noun}`).join(', '),
        i.constraint ? [i.constraint.kind, i.constraint.text].filter(Boolean).join(': ') : '—',
        i.sentence,
        ...(withStatus ? [STATUS_MARK[i.status ?? 'new']! + (i.previousKind ? ` (was ${i.previousKind})` : '')] : []),
      ];
      out.push(`| ${row.map(esc).join(' | ')} |`);
    }
    out.push('');
  }
  if (model.items.length === 0) out.push('No surfaces touch, interfere or sit in a clearance fit.', '');
  if (model.timeline) {
    out.push(`## Simulation (${model.timeline.source})`, '');
    for (const s of model.timeline.steps) out.push(`- ${s.status === 'free' ? 'free' : `**${s.status}**`}${s.met ? '' : ' (not as expected)'} — ${s.sentence}`);
    out.push('');
  }
  return out.join('\n');
}
