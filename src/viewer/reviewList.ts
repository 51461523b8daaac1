/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The review list: part pairs, severity first (clashes, then expected overlaps, then contacts
 * and clearance fits when their class is switched on), each with its surface pairs beneath
 * when it is open. Class, part, status and text filters; selection by click or j / k; accept /
 * un-accept per pair. With nothing to show it says why, with the counts it left out.
 */
import type { ReportItem, ReportModel } from '../report/reportModel.js';
import { classCounts, INTERFERENCE_CLASSES, rank, reviewRows, type ReviewRow, type RowClass } from '../report/reviewRows.js';

export interface ListFilters {
  /** Row classes shown; the default is the unexpected interferences. */
  classes: RowClass[];
  part: string;
  /** '', new, persistent, resolved or accepted. */
  status: string;
  text: string;
}

/** Unexpected classes first, then the overlaps drawn on purpose, then contacts and clearance fits. */
export const ALL_CLASSES: readonly RowClass[] = ['clash', 'contained', 'duplicate', ...INTERFERENCE_CLASSES.filter((c) => c !== 'clash' && c !== 'contained' && c !== 'duplicate'), 'contact', 'clearance'];
export const DEFAULT_CLASSES: readonly RowClass[] = ['clash', 'contained', 'duplicate'];

export type Selection = { type: 'pair'; row: ReviewRow } | { type: 'item'; row: ReviewRow; item: ReportItem } | null;

const mm = (x: number): string => {
  const s = x.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

export function amountText(item: ReportItem): string {
  if (item.kind === 'interference') return `${mm(item.depth)} mm deep`;
  if (item.kind === 'clearance') return `${mm(item.gap)} mm gap`;
  return item.why && item.why !== 'touching' ? item.why : 'touching';
}

export function rowAmount(row: ReviewRow): string {
  if (row.volume !== null) {
    const error = row.volumeDetail?.error ?? null;
    return `${error !== null ? '≈' : ''}${mm(row.volume)}${error !== null ? ` ± ${mm(error)}` : ''} mm³, ${mm(row.depth)} mm deep`;
  }
  if (row.depth > 0) return `${mm(row.depth)} mm deep`;
  return `${row.items.length} surface pair${row.items.length === 1 ? '' : 's'}`;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const DEFAULT_REASON = 'accepted in the report page';

export class ReviewList {
  filters: ListFilters = { classes: [...DEFAULT_CLASSES], part: '', status: '', text: '' };
  selection: Selection = null;
  /** Keys (`pair:<id>` / `item:<id>`) of the rows shown, in display order. */
  visible: string[] = [];
  rows: ReviewRow[] = [];
  /** Pair id → reason, for the accept file. */
  readonly accepted = new Map<string, string>();
  /** The empty-state sentence, when nothing is shown. */
  emptyText: string | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly count: HTMLElement,
    private readonly model: ReportModel,
    private readonly label: (path: string) => string,
    /** `frame`: false when the same selection only got new data (the live viewer after a drag step): keep the camera. */
    private readonly onSelect: (selection: Selection, frame: boolean) => void,
    private readonly onAccept: (row: ReviewRow, accepted: boolean) => void,
  ) {
    root.addEventListener('click', (e) => {
      const target = e.target as HTMLElement;
      const li = target.closest('li') as HTMLElement | null;
      if (!li) return;
      const row = this.rows.find((r) => r.id === li.dataset['pair']);
      if (target.closest('button.accept') && row) {
        this.setAccepted(row, !this.accepted.has(row.id));
        return;
      }
      if (li.dataset['id']) this.selectKey(`item:${li.dataset['id']}`);
      else if (row) this.selectKey(`pair:${row.id}`);
    });
    this.setItems(model.items, true);
  }

  /** New items (the live viewer after a drag): rows rebuilt; the report's interference entries kept only when asked. */
  setItems(items: ReportItem[], withEntries = false): void {
    const model = withEntries ? { ...this.model, items } : { ...this.model, items, interferences: undefined };
    this.rows = reviewRows(model);
    for (const r of this.rows) if (r.accepted && !this.accepted.has(r.id)) this.accepted.set(r.id, r.reason ?? DEFAULT_REASON);
    const had = this.selection !== null;
    this.reselect();
    this.render();
    if (had) this.onSelect(this.selection, false);
  }

  counts(): Record<RowClass, number> {
    return classCounts(this.rows);
  }

  setFilters(change: Partial<ListFilters>): void {
    this.filters = { ...this.filters, ...change };
    this.render();
  }

  isAccepted(row: ReviewRow): boolean {
    return this.accepted.has(row.id);
  }

  setAccepted(row: ReviewRow, on: boolean, reason = DEFAULT_REASON): void {
    if (on) this.accepted.set(row.id, reason.trim() || DEFAULT_REASON);
    else this.accepted.delete(row.id);
    this.render();
    this.onAccept(row, on);
  }

  private passes(row: ReviewRow): boolean {
    const f = this.filters;
    if (!f.classes.includes(row.cls)) return false;
    if (f.part && row.partA !== f.part && row.partB !== f.part) return false;
    if (f.status === 'accepted' ? !this.accepted.has(row.id) : f.status && row.status !== f.status) return false;
    if (f.text) {
      const needle = f.text.toLowerCase();
      const hay = [row.sentence, row.partA, row.partB, this.label(row.partA), this.label(row.partB), row.id, row.cls, ...row.items.map((i) => `${i.sentence} ${i.id}`)].join(' ').toLowerCase();
      if (!hay.includes(needle)) return false;
    }
    return true;
  }

  /** Surface pairs shown beneath an open row: its interferences, and contacts / clearance fits when their class is on. */
  itemsOf(row: ReviewRow): ReportItem[] {
    if (row.cls === 'contact' || row.cls === 'clearance') return row.items;
    return row.items.filter((i) => i.kind === 'interference' || this.filters.classes.includes(i.kind));
  }

  private sorted(): ReviewRow[] {
    const accepted = (r: ReviewRow): number => Number(this.accepted.has(r.id));
    return this.rows.filter((r) => this.passes(r)).sort((x, y) => Number(x.status === 'resolved') - Number(y.status === 'resolved') || accepted(x) - accepted(y));
  }

  render(): void {
    const shown = this.sorted();
    const openPair = this.selection?.row.id ?? null;
    this.visible = [];
    this.root.replaceChildren();
    for (const row of shown) {
      const li = el('li', { class: `pair ${row.cls}${row.status === 'resolved' ? ' resolved' : ''}${this.accepted.has(row.id) ? ' accepted' : ''}`, 'data-pair': row.id, role: 'option', title: `${row.partA}\n${row.partB}` });
      li.setAttribute('aria-selected', String(this.selection?.type === 'pair' && openPair === row.id));
      li.append(el('span', { class: `badge ${row.cls}${rank(row) === 1 ? ' expected' : ''}` }, rank(row) === 1 ? `${row.cls} (expected)` : row.cls));
      if (row.status) li.append(el('span', { class: `badge status ${row.status}` }, row.status));
      if (this.accepted.has(row.id)) li.append(el('span', { class: 'badge status accepted' }, 'accepted'));
      li.append(el('span', { class: 'amount' }, rowAmount(row)));
      if (row.cls !== 'contact' && row.cls !== 'clearance' && row.status !== 'resolved') li.append(el('button', { class: 'accept', type: 'button' }, this.accepted.has(row.id) ? 'un-accept' : 'accept'));
      li.append(el('div', { class: 'names' }, `${this.label(row.partA)} ↔ ${this.label(row.partB)}`));
      this.root.append(li);
      this.visible.push(`pair:${row.id}`);
      if (openPair !== row.id) continue;
      for (const item of this.itemsOf(row)) {
        const sub = el('li', { class: `item ${item.kind}${item.status === 'resolved' ? ' resolved' : ''}`, 'data-id': item.id, 'data-pair': row.id, role: 'option' });
        sub.setAttribute('aria-selected', String(this.selection?.type === 'item' && this.selection.item.id === item.id));
        sub.append(el('span', { class: `badge ${item.kind}` }, item.kind));
        if (item.status) sub.append(el('span', { class: `badge status ${item.status}` }, item.previousKind ? `${item.status} (was ${item.previousKind})` : item.status));
        sub.append(el('span', { class: 'amount' }, amountText(item)));
        sub.append(el('div', { class: 'sentence' }, item.sentence));
        this.root.append(sub);
        this.visible.push(`item:${item.id}`);
      }
    }
    this.emptyText = shown.length === 0 ? this.emptyState() : null;
    if (this.emptyText) this.root.append(el('li', { class: 'empty' }, this.emptyText));
    this.count.textContent = `${shown.length} of ${this.rows.length} part pairs shown`;
  }

  private emptyState(): string {
    const live = this.rows.filter((r) => r.status !== 'resolved');
    const open = live.filter((r) => rank(r) === 0 && !this.accepted.has(r.id));
    if (open.length > 0) return 'No part pair matches these filters.';
    const contacts = live.filter((r) => r.cls === 'contact').length; // part pairs, as the class chips count them
    // expected overlaps and accepted ones, and the pairs the report's --ignore left out
    const ignored = live.filter((r) => rank(r) === 1 || (rank(r) === 0 && this.accepted.has(r.id))).length + (this.model.review?.ignored ?? 0);
    return `No interferences (${contacts} contact${contacts === 1 ? '' : 's'}, ${ignored} expected overlap${ignored === 1 ? '' : 's'} ignored)`;
  }

  /** Selects a row (`pair:<id>`) or a surface pair (`item:<id>`); null clears. */
  selectKey(key: string | null): void {
    if (key === null) this.selection = null;
    else if (key.startsWith('pair:')) {
      const row = this.rows.find((r) => r.id === key.slice(5));
      this.selection = row ? { type: 'pair', row } : null;
    } else {
      const id = key.slice(5);
      const row = this.rows.find((r) => r.items.some((i) => i.id === id));
      this.selection = row ? { type: 'item', row, item: row.items.find((i) => i.id === id)! } : null;
    }
    this.render();
    const selected = this.root.querySelector<HTMLElement>('li[aria-selected=true]');
    selected?.scrollIntoView({ block: 'nearest' });
    this.onSelect(this.selection, true);
  }

  selectedKey(): string | null {
    const s = this.selection;
    return s === null ? null : s.type === 'pair' ? `pair:${s.row.id}` : `item:${s.item.id}`;
  }

  /** After new items: the same pair / surface pair stays selected when it is still there. */
  private reselect(): void {
    const key = this.selectedKey();
    if (key === null) return;
    this.selection = null;
    if (key.startsWith('pair:')) {
      const row = this.rows.find((r) => r.id === key.slice(5));
      if (row) this.selection = { type: 'pair', row };
    } else {
      const row = this.rows.find((r) => r.items.some((i) => `item:${i.id}` === key));
      if (row) this.selection = { type: 'item', row, item: row.items.find((i) => `item:${i.id}` === key)! };
    }
  }

  /** j / k: the next or previous visible row or surface pair (wrapping). */
  step(delta: 1 | -1): void {
    if (this.visible.length === 0) return;
    const at = this.visible.indexOf(this.selectedKey() ?? '');
    const next = at < 0 ? (delta > 0 ? 0 : this.visible.length - 1) : (at + delta + this.visible.length) % this.visible.length;
    this.selectKey(this.visible[next]!);
  }
}
