/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Entry of the report / viewer page (bundled by scripts/build-viewer.mjs into one script).
 * Reads the payload embedded in the HTML, builds the 3-D scene, the item list, the part
 * tree and the detail panel. `window.surfcdReport` exposes a small API (used by the
 * browser tests and handy from the devtools console).
 */
import type { PagePayload, PayloadNode } from '../report/pagePayload.js';
import type { ReportItem } from '../report/reportModel.js';
import { amountText, ItemList, type ListFilters } from './itemList.js';
import type { LiveApi, startLive } from './live.js';
import { decodePart, ReportScene, type ScreenBox } from './scene.js';
import { startTimeline, type TimelineApi } from './timeline.js';
import { CSS } from './style.js';

export interface ReportPageApi {
  ready: boolean;
  /** ms from navigation start to the first frame drawn. */
  firstRenderMs: number | null;
  visibleIds(): string[];
  select(id: string | null): void;
  selected(): string | null;
  /** Screen boxes (CSS px, canvas-relative) of the selected item's surfaces A and B, and the canvas size. */
  projectedBoxes(): { a: ScreenBox; b: ScreenBox; width: number; height: number } | null;
  frames(): number;
  scene: ReportScene;
  setFilters(change: Partial<ListFilters>): void;
  /** `surfcd view` only: the live drag tools. */
  live?: LiveApi;
  /** Reports made with `--script`: the simulation timeline. */
  timeline?: TimelineApi;
}

declare global {
  interface Window {
    surfcdReport?: ReportPageApi;
  }
}

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function readPayload(): PagePayload {
  const script = document.getElementById('surfcd-data');
  if (!script?.textContent) throw new Error('no report data in this page');
  return JSON.parse(script.textContent) as PagePayload;
}

function treeView(node: PayloadNode, payload: PagePayload, onToggle: (parts: number[], visible: boolean) => void): HTMLUListElement {
  const ul = h('ul');
  const partsUnder = (n: PayloadNode): number[] => [...n.parts, ...n.children.flatMap(partsUnder)];
  for (const child of node.children) {
    const box = h('input', { type: 'checkbox', checked: '' });
    box.addEventListener('change', () => {
      onToggle(partsUnder(child), box.checked);
      for (const inner of li.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) inner.checked = box.checked;
    });
    const li = h('li', {}, h('label', {}, box, ` ${child.name || '(unnamed)'}`), treeView(child, payload, onToggle));
    ul.append(li);
  }
  for (const i of node.parts) {
    const box = h('input', { type: 'checkbox', checked: '', 'data-part': payload.parts[i]!.path });
    box.addEventListener('change', () => onToggle([i], box.checked));
    ul.append(h('li', {}, h('label', { title: payload.parts[i]!.path }, box, ` ${payload.parts[i]!.name || payload.parts[i]!.path}`)));
  }
  return ul;
}

function detailOf(item: ReportItem | null): (Node | string)[] {
  if (!item) return ['Select an item (click, or j / k, ↓ / ↑) to frame its two surfaces.'];
  const surfaces = (list: ReportItem['surfacesA']): string => list.map((s) => `${s.index} (${s.noun})`).join(', ');
  return [
    h('div', {}, h('strong', {}, `${item.kind}: ${amountText(item)}`), item.status ? `  ·  ${item.status}` : ''),
    h('div', {}, item.sentence),
    h('div', { class: 'legend' }, h('span', { style: 'background: var(--a)' }), `A ${item.partA}: ${surfaces(item.surfacesA)}`),
    h('div', { class: 'legend' }, h('span', { style: 'background: var(--b)' }), `B ${item.partB}: ${surfaces(item.surfacesB)}`),
    h('div', { class: 'legend' }, h('span', { style: 'background: var(--region)' }), 'contact region (triangles that touch or cross)'),
    item.constraint ? h('div', {}, `constraint ${item.constraint.kind}${item.constraint.text ? `: ${item.constraint.text}` : ""}`) : '',
    h('div', { style: 'color:#777' }, `id ${item.id}`),
  ];
}

/** `live`: the drag tools, passed in by the view entry only, so the report bundle leaves the core out. */
export function startPage(live?: typeof startLive): ReportPageApi {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
  const payload = readPayload();
  const model = payload.model;
  const parts = payload.parts.map(decodePart);
  const partIndex = new Map(parts.map((p, i) => [p.path, i] as const));

  const s = model.summary;
  const diff = s.new !== undefined ? ` · ${s.new} new, ${s.persistent} persistent, ${s.resolved} resolved` : '';
  const partSelect = h('select', { id: 'f-part', 'aria-label': 'part' }, h('option', { value: '' }, 'all parts'), ...model.parts.map((p) => h('option', { value: p.path }, p.path)));
  const statusSelect = h('select', { id: 'f-status', 'aria-label': 'status' }, h('option', { value: '' }, 'any status'), h('option', { value: 'new' }, 'new'), h('option', { value: 'persistent' }, 'persistent'), h('option', { value: 'resolved' }, 'resolved'));
  const sortSelect = h('select', { id: 'f-sort', 'aria-label': 'sort' }, h('option', { value: 'pair' }, 'by part pair'), h('option', { value: 'severity' }, 'by severity'));
  const onlyInt = h('input', { type: 'checkbox', id: 'f-interference' });
  const hideTouch = h('input', { type: 'checkbox', id: 'f-touching' });
  const search = h('input', { type: 'search', id: 'f-text', placeholder: 'search sentences, parts, ids…' });
  const list = h('ul', { id: 'list', role: 'listbox', tabindex: '0' });
  const count = h('div', { id: 'count' });
  const detail = h('div', { id: 'detail' });
  const canvas = h('canvas', { id: 'view' });
  const stage = h('div', { id: 'stage' }, canvas, h('div', { id: 'hint' }, 'drag: orbit · right-drag: pan · wheel: zoom · j/k: next/previous · Esc: clear'));
  const tree = h('details', { id: 'tree' }, h('summary', {}, `Parts (${parts.length})`));
  const side = h(
    'div',
    { id: 'side' },
    h('header', {}, h('h1', {}, `${model.assembly}`), h('div', { class: 'summary' }, `${s.interference} interference · ${s.contact} contact · ${s.clearance} clearance${diff} · tolerance ${model.tolerance} mm`)),
    h('div', { class: 'filters' }, h('label', {}, onlyInt, ' interferences only'), h('label', {}, hideTouch, ' hide touching'), partSelect, ...(s.new !== undefined ? [statusSelect] : []), sortSelect, search),
    count,
    list,
    detail,
    tree,
  );
  document.body.append(h('div', { id: 'app' }, side, stage));
  if (s.new === undefined) statusSelect.remove();

  let scene: ReportScene;
  try {
    scene = new ReportScene(canvas, parts, model.poses);
  } catch (error) {
    stage.append(h('div', { id: 'error' }, `3-D view unavailable (${error instanceof Error ? error.message : String(error)}); the list still works.`));
    throw error;
  }
  let liveApi: LiveApi | undefined;
  tree.append(treeView(payload.tree, payload, (ids, visible) => ids.forEach((i) => (liveApi ? liveApi.setVisible(parts[i]!.path, visible) : scene.setVisible(i, visible)))));

  const byId = (id: string): ReportItem | undefined => itemList.item(id);
  const itemList = new ItemList(list, count, (item) => {
    detail.replaceChildren(...detailOf(item));
    if (!item) return scene.select(null);
    const a = partIndex.get(item.partA), b = partIndex.get(item.partB);
    if (a === undefined || b === undefined) return scene.select(null);
    const region = payload.regions[item.id] ?? { a: [], b: [] };
    scene.select({ partA: a, partB: b, surfacesA: item.surfacesA.map((x) => x.index), surfacesB: item.surfacesB.map((x) => x.index), regionA: region.a, regionB: region.b });
  });
  itemList.setItems(model.items);
  detail.replaceChildren(...detailOf(null));
  const timeline = model.timeline ? startTimeline(scene, model.timeline.steps, model.poses, stage) : undefined;
  if (payload.mode === 'view' && live) {
    const tools = h('div', { id: 'tools' });
    stage.append(tools);
    liveApi = live(scene, itemList, model.items, model.assembly, payload.live?.tolerance ?? model.tolerance, payload.live ? payload.live.clearance : model.clearance, tools);
  }

  const filtersChanged = (): void =>
    itemList.setFilters({ interferenceOnly: onlyInt.checked, hideTouching: hideTouch.checked, part: partSelect.value, status: statusSelect.value, text: search.value.trim(), sort: sortSelect.value as ListFilters['sort'] });
  for (const c of [onlyInt, hideTouch, partSelect, statusSelect, sortSelect]) c.addEventListener('change', filtersChanged);
  search.addEventListener('input', filtersChanged);

  document.addEventListener('keydown', (e) => {
    const typing = e.target instanceof HTMLInputElement && e.target.type === 'search';
    if ((e.key === 'ArrowDown' && !typing) || (e.key === 'j' && !typing)) itemList.step(1);
    else if ((e.key === 'ArrowUp' && !typing) || (e.key === 'k' && !typing)) itemList.step(-1);
    else if (e.key === 'Escape') itemList.select(null);
    else return;
    e.preventDefault();
  });

  const api: ReportPageApi = {
    ready: false,
    firstRenderMs: null,
    visibleIds: () => [...itemList.visible],
    select: (id) => itemList.select(id),
    selected: () => itemList.selected,
    projectedBoxes: () => {
      const item = itemList.selected ? byId(itemList.selected) : undefined;
      if (!item) return null;
      const a = partIndex.get(item.partA)!, b = partIndex.get(item.partB)!;
      const rect = canvas.getBoundingClientRect();
      return {
        a: scene.projectBox(scene.surfaceBox(a, item.surfacesA.map((x) => x.index))),
        b: scene.projectBox(scene.surfaceBox(b, item.surfacesB.map((x) => x.index))),
        width: rect.width,
        height: rect.height,
      };
    },
    frames: () => scene.frames,
    scene,
    setFilters: (change) => itemList.setFilters(change),
    ...(liveApi ? { live: liveApi } : {}),
    ...(timeline ? { timeline } : {}),
  };
  scene.onRender = () => {
    if (api.firstRenderMs === null) {
      api.firstRenderMs = performance.now();
      api.ready = true;
    }
  };
  window.surfcdReport = api;
  return api;
}
