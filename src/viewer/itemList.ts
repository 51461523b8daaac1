/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The item list: grouped part pair → surface pairs (or flat by severity), filters
 * (interferences only, hide touching, by part, status, text), selection and keyboard
 * next / previous.
 */
import { compareItems, compareSeverity, type ReportItem } from '../report/reportModel.js';

export interface ListFilters {
  interferenceOnly: boolean;
  hideTouching: boolean;
  part: string;
  status: string;
  text: string;
  sort: 'pair' | 'severity';
}

export const DEFAULT_FILTERS: ListFilters = { interferenceOnly: false, hideTouching: false, part: '', status: '', text: '', sort: 'pair' };

const mm = (x: number): string => {
  const s = x.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

export function amountText(item: ReportItem): string {
  if (item.kind === 'interference') return `${mm(item.depth)} mm deep`;
  if (item.kind === 'clearance') return `${mm(item.gap)} mm gap`;
  return item.why && item.why !== 'touching' ? item.why : 'touching';
}

export function passes(item: ReportItem, f: ListFilters): boolean {
  if (f.interferenceOnly && item.kind !== 'interference') return false;
  if (f.hideTouching && item.kind === 'contact') return false;
  if (f.part && item.partA !== f.part && item.partB !== f.part) return false;
  if (f.status && item.status !== f.status) return false;
  if (f.text) {
    const needle = f.text.toLowerCase();
    const hay = `${item.sentence} ${item.partA} ${item.partB} ${item.id} ${item.kind} ${item.constraint?.kind ?? ''}`.toLowerCase();
    if (!hay.includes(needle)) return false;
  }
  return true;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export class ItemList {
  filters: ListFilters = { ...DEFAULT_FILTERS };
  selected: string | null = null;
  /** Ids in display order after filtering. */
  visible: string[] = [];
  private items: ReportItem[] = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly count: HTMLElement,
    private readonly onSelect: (item: ReportItem | null) => void,
  ) {
    root.addEventListener('click', (e) => {
      const li = (e.target as HTMLElement).closest('li.item') as HTMLElement | null;
      if (li?.dataset['id']) this.select(li.dataset['id']);
    });
  }

  item(id: string): ReportItem | undefined {
    return this.items.find((i) => i.id === id);
  }

  setItems(items: ReportItem[]): void {
    this.items = items;
    if (this.selected && !items.some((i) => i.id === this.selected)) this.selected = null;
    this.render();
  }

  setFilters(change: Partial<ListFilters>): void {
    this.filters = { ...this.filters, ...change };
    this.render();
  }

  render(): void {
    const shown = this.items.filter((i) => passes(i, this.filters)).sort(this.filters.sort === 'severity' ? compareSeverity : compareItems);
    this.visible = shown.map((i) => i.id);
    this.root.replaceChildren();
    let group = '';
    for (const item of shown) {
      const key = `${item.partA} ↔ ${item.partB}`;
      if (this.filters.sort === 'pair' && key !== group) {
        group = key;
        const n = shown.filter((i) => i.partA === item.partA && i.partB === item.partB).length;
        this.root.append(el('li', { class: 'group' }, `${key}  (${n})`));
      }
      const li = el('li', { class: `item ${item.kind}${item.status === 'resolved' ? ' resolved' : ''}`, 'data-id': item.id, 'aria-selected': String(item.id === this.selected), role: 'option' });
      li.append(el('span', { class: `badge ${item.kind}` }, item.kind));
      if (item.status) li.append(el('span', { class: `badge status ${item.status}` }, item.previousKind ? `${item.status} (was ${item.previousKind})` : item.status));
      li.append(el('span', { class: 'amount' }, amountText(item)));
      if (this.filters.sort === 'severity') li.append(el('span', { class: 'amount' }, `${item.partA} ↔ ${item.partB}:`));
      li.append(el('div', { class: 'sentence' }, item.sentence));
      this.root.append(li);
    }
    this.count.textContent = `${shown.length} of ${this.items.length} items shown`;
  }

  select(id: string | null): void {
    this.selected = id;
    for (const li of this.root.querySelectorAll<HTMLElement>('li.item')) li.setAttribute('aria-selected', String(li.dataset['id'] === id));
    const li = id ? this.root.querySelector<HTMLElement>(`li.item[data-id="${CSS.escape(id)}"]`) : null;
    li?.scrollIntoView({ block: 'nearest' });
    this.onSelect(id ? (this.items.find((i) => i.id === id) ?? null) : null);
  }

  /** Next (+1) or previous (−1) visible item, wrapping. */
  step(delta: 1 | -1): void {
    if (this.visible.length === 0) return;
    const at = this.selected ? this.visible.indexOf(this.selected) : -1;
    const next = at < 0 ? (delta > 0 ? 0 : this.visible.length - 1) : (at + delta + this.visible.length) % this.visible.length;
    this.select(this.visible[next]!);
  }
}
