/// <reference lib="dom" />
/**
 * The report page's list of part pairs closer than `report --min-clearance` without touching
 * (clearance verification), closest first. A click selects the pair: both parts' closest
 * surfaces in their colours, framed, and the sentence in the detail panel.
 */
import type { ReportModel } from '../report/reportModel.js';

export type GapEntry = NonNullable<ReportModel['minClearance']>['entries'][number];

const mm = (x: number): string => {
  const s = x.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

/** The section, or null when the report was made without `--min-clearance`. */
export function gapList(model: ReportModel, label: (path: string) => string, onSelect: (entry: GapEntry, index: number) => void): HTMLElement | null {
  const found = model.minClearance;
  if (!found) return null;
  const section = document.createElement('details');
  section.id = 'gaps';
  section.open = true;
  const summary = document.createElement('summary');
  const n = found.entries.length;
  summary.textContent = `Closer than ${mm(found.min)} mm: ${n} part pair${n === 1 ? '' : 's'}`;
  section.append(summary);
  if (n === 0) {
    const empty = document.createElement('div');
    empty.className = 'empty';
    empty.textContent = `No part pair is closer than ${mm(found.min)} mm without touching.`;
    section.append(empty);
    return section;
  }
  const list = document.createElement('ol');
  found.entries.forEach((entry, index) => {
    const li = document.createElement('li');
    li.dataset['gap'] = String(index);
    li.title = entry.sentence;
    const amount = document.createElement('span');
    amount.className = 'amount';
    amount.textContent = `${mm(entry.distance)} mm`;
    li.append(amount, ` ${label(entry.partA)} ↔ ${label(entry.partB)}`);
    li.addEventListener('click', () => {
      onSelect(entry, index);
      for (const other of list.querySelectorAll('li')) other.setAttribute('aria-selected', String(other === li));
    });
    list.append(li);
  });
  section.append(list);
  return section;
}
