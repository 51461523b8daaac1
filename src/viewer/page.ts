/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Entry of the report / viewer page (bundled by scripts/build-viewer.mjs into one script).
 * Inflates the payload embedded in the HTML, builds the 3-D scene, the review list, the part
 * tree and the detail panel. `window.surfcdReport` exposes a small API (used by the browser
 * tests and handy from the devtools console).
 */
import type { PagePayload, PayloadNode } from '../report/pagePayload.js';
import { segmentLabel, shortNames } from '../report/partNames.js';
import type { ReportItem } from '../report/reportModel.js';
import { acceptFileText, rank, type ReviewRow, type RowClass } from '../report/reviewRows.js';
import { decodePart, type DecodedPart } from './decode.js';
import { gapList, type GapEntry } from './gapList.js';
import type { LiveApi, startLive } from './live.js';
import { ALL_CLASSES, amountText, ReviewList, rowAmount, type ListFilters, type Selection } from './reviewList.js';
import { ReportScene, type Highlight, type ScreenBox } from './scene.js';
import { CSS } from './style.js';
import { startTimeline, type TimelineApi } from './timeline.js';
import { viewTools, type ViewTools } from './viewTools.js';

export interface ReportPageApi {
  ready: boolean;
  /** ms from navigation start to the first frame drawn. */
  firstRenderMs: number | null;
  /** Keys of the list rows shown, in order: `pair:<id>` and, under the open pair, `item:<id>`. */
  visibleIds(): string[];
  /** Selects a row by key (`pair:<id>` / `item:<id>`), or a surface pair by its bare item id; null clears. */
  select(key: string | null): void;
  selected(): string | null;
  /** Screen boxes (CSS px, canvas-relative) of what the selection frames: A's and B's region (or surfaces), and the canvas size. */
  projectedBoxes(): { a: ScreenBox; b: ScreenBox | null; width: number; height: number } | null;
  frames(): number;
  scene: ReportScene;
  tools: ViewTools;
  setFilters(change: Partial<ListFilters>): void;
  /** The accept file the page would download now. */
  acceptFile(): string;
  /** The empty-state sentence when the list shows nothing, else null. */
  emptyText(): string | null;
  /** `surfcd view` only: the live drag tools. */
  live?: LiveApi;
  /** Reports made with `--min-clearance`: selects the i-th part pair of the clearance list (closest first). */
  selectGap(index: number): void;
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

/** The payload: JSON, gzipped and base64 in the page (`htmlReport.ts`), inflated by the browser's own gzip. */
async function readPayload(): Promise<PagePayload> {
  const script = document.getElementById('surfcd-data');
  const text = script?.textContent?.trim();
  if (!script || !text) throw new Error('no report data in this page');
  if (script.dataset['encoding'] !== 'gzip+base64') return JSON.parse(text) as PagePayload;
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  const json = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return JSON.parse(json) as PagePayload;
}

const lastSegment = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

function treeView(node: PayloadNode, payload: PagePayload, onToggle: (parts: number[], visible: boolean) => void): HTMLUListElement {
  const ul = h('ul');
  const partsUnder = (n: PayloadNode): number[] => [...n.parts, ...n.children.flatMap(partsUnder)];
  for (const child of node.children) {
    const box = h('input', { type: 'checkbox', checked: '' });
    box.addEventListener('change', () => {
      onToggle(partsUnder(child), box.checked);
      for (const inner of li.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) inner.checked = box.checked;
    });
    const li = h('li', {}, h('label', { title: child.path }, box, ` ${segmentLabel(lastSegment(child.path)) || '(unnamed)'}`), treeView(child, payload, onToggle));
    ul.append(li);
  }
  for (const i of node.parts) {
    const path = payload.parts[i]!.path;
    const box = h('input', { type: 'checkbox', checked: '', 'data-part': path });
    box.addEventListener('change', () => onToggle([i], box.checked));
    ul.append(h('li', {}, h('label', { title: path }, box, ` ${segmentLabel(lastSegment(path))}`)));
  }
  return ul;
}

/** The diagonal of a part's box (its own frame). */
function extent(part: DecodedPart): number {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < part.positions.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3]!, part.positions[i]!);
    hi[i % 3] = Math.max(hi[i % 3]!, part.positions[i]!);
  }
  return Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
}

/** The selection's surfaces and overlap region: one surface pair, or every interfering one of a part pair (all, for a contact pair). */
function highlightOf(selection: Selection, partIndex: Map<string, number>, regions: PagePayload['regions'], parts: readonly DecodedPart[]): Highlight | null {
  if (!selection) return null;
  const a = partIndex.get(selection.row.partA), b = partIndex.get(selection.row.partB);
  if (a === undefined || b === undefined) return null;
  const row = selection.row;
  const items = selection.type === 'item' ? [selection.item] : row.items.some((i) => i.kind === 'interference') ? row.items.filter((i) => i.kind === 'interference') : row.items;
  const uniq = (xs: number[]): number[] => [...new Set(xs)];
  const all = (part: number): number[] => [...Array(parts[part]!.surfaces.length / 2).keys()];
  // no surface pair (one part inside the other): the smaller, inner part in its colour, the
  // outer one left translucent so the inner one shows through it
  if (items.length === 0) {
    const innerA = extent(parts[a]!) <= extent(parts[b]!);
    return { partA: a, partB: b, surfacesA: innerA ? all(a) : [], surfacesB: innerA ? [] : all(b), regionA: [], regionB: [] };
  }
  return {
    partA: a,
    partB: b,
    surfacesA: uniq(items.flatMap((i) => i.surfacesA.map((s) => s.index))),
    surfacesB: uniq(items.flatMap((i) => i.surfacesB.map((s) => s.index))),
    regionA: uniq(items.flatMap((i) => regions[i.id]?.a ?? [])),
    regionB: uniq(items.flatMap((i) => regions[i.id]?.b ?? [])),
  };
}

/** The overlap volume of a part pair (with `report --volumes`): how it was found, and its centroid. */
function volumeLines(row: ReviewRow): HTMLElement[] {
  const d = row.volumeDetail;
  if (row.volume === null || !d) return [];
  const how = d.method === 'exact' ? 'exact (manifold-3d intersection of the closed meshes)' : `estimated (winding-number sampling, ± ${d.error ?? '?'} mm³)`;
  const at = d.centroid ? `; centroid (${d.centroid.map((c) => Math.round(c * 1000) / 1000).join(', ')}) mm` : '';
  return [h('div', { class: 'volume' }, `overlap volume ${Math.round(row.volume * 1000) / 1000} mm³, ${how}${at}`)];
}

/** `live`: the drag tools, passed in by the view entry only, so the report bundle leaves the core out. */
export async function startPage(live?: typeof startLive): Promise<ReportPageApi> {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
  const payload = await readPayload();
  const model = payload.model;
  const parts = payload.parts.map(decodePart);
  const partIndex = new Map(parts.map((p, i) => [p.path, i] as const));
  const names = shortNames([...new Set([...parts.map((p) => p.path), ...model.items.flatMap((i) => [i.partA, i.partB])])]);
  const label = (path: string): string => names.get(path) ?? path;

  const s = model.summary;
  const diff = s.new !== undefined ? ` · ${s.new} new, ${s.persistent} persistent, ${s.resolved} resolved` : '';
  const partSelect = h('select', { id: 'f-part', 'aria-label': 'part' }, h('option', { value: '' }, 'all parts'), ...model.parts.map((p) => h('option', { value: p.path, title: p.path }, label(p.path))));
  const statuses = [...(s.new !== undefined ? ['new', 'persistent', 'resolved'] : []), 'accepted'];
  const statusSelect = h('select', { id: 'f-status', 'aria-label': 'status' }, h('option', { value: '' }, 'any status'), ...statuses.map((x) => h('option', { value: x }, x)));
  const search = h('input', { type: 'search', id: 'f-text', placeholder: 'search sentences, parts, ids…' });
  const classBar = h('div', { class: 'classes', id: 'f-classes' });
  const list = h('ul', { id: 'list', role: 'listbox', tabindex: '0' });
  const count = h('div', { id: 'count' });
  const detail = h('div', { id: 'detail' });
  const canvas = h('canvas', { id: 'view' });
  const hover = h('div', { id: 'hover', hidden: '' });
  const stage = h('div', { id: 'stage' }, canvas, hover, h('div', { id: 'hint' }, 'drag: orbit · right-drag: pan · wheel: zoom · click a part: its items · j/k: next/previous · Esc: clear'));
  const tree = h('details', { id: 'tree' }, h('summary', {}, `Parts (${parts.length})`));
  const summary = h('div', { class: 'summary' });
  const side = h('div', { id: 'side' }, h('header', {}, h('h1', {}, model.assembly), summary), h('div', { class: 'filters' }, classBar, partSelect, statusSelect, search), count, list, detail, tree);
  document.body.append(h('div', { id: 'app' }, side, stage));

  let scene: ReportScene;
  try {
    scene = new ReportScene(canvas, parts, model.poses);
  } catch (error) {
    stage.append(h('div', { id: 'error' }, `3-D view unavailable (${error instanceof Error ? error.message : String(error)}); the list still works.`));
    throw error;
  }
  const tools = viewTools(scene);
  stage.append(tools.root);
  let liveApi: LiveApi | undefined;
  tree.append(treeView(payload.tree, payload, (ids, visible) => ids.forEach((i) => (liveApi ? liveApi.setVisible(parts[i]!.path, visible) : scene.setVisible(i, visible)))));

  const download = (name: string, text: string): void => {
    const a = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/json' })), download: name });
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  const acceptName = `${model.assembly}.accept.json`;
  const reason = h('input', { type: 'text', id: 'accept-reason', placeholder: 'reason (goes into the accept file)' });

  function detailOf(selection: Selection): (Node | string)[] {
    if (!selection) return ['Select a part pair (click, or j / k, ↓ / ↑) to frame its overlap; click a part in the view to list its items.'];
    const row = selection.row;
    const legend = (color: string, which: string, path: string, surfaces: string): HTMLElement => h('div', { class: 'legend', title: path }, h('span', { style: `background: var(${color})` }), `${which} ${label(path)}${surfaces}`);
    if (selection.type === 'pair') {
      const accepted = itemList.isAccepted(row);
      const controls = rank(row) < 2 && row.status !== 'resolved' ? [h('div', { class: 'accept-row' }, ...(accepted ? [] : [reason]), acceptButton(row, accepted))] : [];
      return [
        h('div', {}, h('strong', {}, `${row.cls}${row.expected ? ' (expected)' : ''}: ${rowAmount(row)}`), row.status ? `  ·  ${row.status}` : '', accepted ? `  ·  accepted: ${itemList.accepted.get(row.id)}` : ''),
        h('div', {}, row.sentence),
        ...volumeLines(row),
        legend('--a', 'A', row.partA, ''),
        legend('--b', 'B', row.partB, ''),
        h('div', { class: 'legend' }, h('span', { style: 'background: var(--region)' }), 'overlap region (triangles that touch or cross)'),
        ...controls,
        h('div', { style: 'color:#777' }, `id ${row.id}`),
      ];
    }
    const item: ReportItem = selection.item;
    const surfaces = (list: ReportItem['surfacesA']): string => `: ${list.map((x) => `${x.index} (${x.noun})`).join(', ')}`;
    return [
      h('div', {}, h('strong', {}, `${item.kind}: ${amountText(item)}`), item.status ? `  ·  ${item.status}` : ''),
      h('div', {}, item.sentence),
      legend('--a', 'A', item.partA, surfaces(item.surfacesA)),
      legend('--b', 'B', item.partB, surfaces(item.surfacesB)),
      h('div', { class: 'legend' }, h('span', { style: 'background: var(--region)' }), 'contact region (triangles that touch or cross)'),
      item.constraint ? h('div', {}, `constraint ${item.constraint.kind}${item.constraint.text ? `: ${item.constraint.text}` : ''}`) : '',
      h('div', { style: 'color:#777' }, `id ${item.id}`),
    ];
  }
  function acceptButton(row: ReviewRow, accepted: boolean): HTMLButtonElement {
    const b = h('button', { type: 'button', id: 'accept' }, accepted ? 'un-accept' : 'accept');
    b.addEventListener('click', () => itemList.setAccepted(row, !accepted, reason.value));
    return b;
  }

  const itemList: ReviewList = new ReviewList(
    list,
    count,
    model,
    label,
    (selection, frame) => {
      for (const li of gaps?.querySelectorAll('li[aria-selected=true]') ?? []) li.setAttribute('aria-selected', 'false');
      detail.replaceChildren(...detailOf(selection));
      scene.select(highlightOf(selection, partIndex, payload.regions, parts), frame);
    },
    () => {
      detail.replaceChildren(...detailOf(itemList.selection));
      download(acceptName, acceptFileText(itemList.accepted));
    },
  );
  detail.replaceChildren(...detailOf(null));

  // the part pairs closer than --min-clearance: their closest surfaces, framed
  const showGap = (entry: GapEntry): void => {
    const a = partIndex.get(entry.partA), b = partIndex.get(entry.partB);
    if (a === undefined || b === undefined) return;
    itemList.selectKey(null);
    detail.replaceChildren(
      h('div', {}, h('strong', {}, `closer than ${model.minClearance!.min} mm: ${entry.distance} mm gap`), `  ·  measured on the ${entry.measuredOn === 'fitted' ? 'fitted surfaces' : 'facets'}`),
      h('div', {}, entry.sentence),
      h('div', { class: 'legend', title: entry.partA }, h('span', { style: 'background: var(--a)' }), `A ${label(entry.partA)}: surface ${entry.surfaceA}`),
      h('div', { class: 'legend', title: entry.partB }, h('span', { style: 'background: var(--b)' }), `B ${label(entry.partB)}: surface ${entry.surfaceB}`),
    );
    scene.select({ partA: a, partB: b, surfacesA: [entry.surfaceA], surfacesB: [entry.surfaceB], regionA: [], regionB: [] }, true);
  };
  const gaps = gapList(model, label, showGap);
  if (gaps) side.insertBefore(gaps, detail);

  const counts = itemList.counts();
  const classBoxes = new Map<RowClass, HTMLInputElement>();
  for (const cls of ALL_CLASSES) {
    if (counts[cls] === 0 && cls !== 'clash') continue;
    const box = h('input', { type: 'checkbox', 'data-class': cls });
    box.checked = itemList.filters.classes.includes(cls);
    classBoxes.set(cls, box);
    classBar.append(h('label', { class: `chip ${cls}` }, box, ` ${cls} ${counts[cls]}`));
  }
  // Interfering part pairs by class, as the CLI's headline counts them; then the surface-pair items.
  const byClass = ALL_CLASSES.filter((c) => c !== 'contact' && c !== 'clearance' && counts[c] > 0).map((c) => `${counts[c]} ${c}`);
  const close = model.minClearance ? ` · ${model.minClearance.entries.length} closer than ${model.minClearance.min} mm` : '';
  summary.textContent = `${byClass.length > 0 ? byClass.join(' · ') : 'no interferences'} · ${s.contact} contact · ${s.clearance} clearance${close}${diff} · tolerance ${model.tolerance} mm`;

  const timeline = model.timeline
    ? startTimeline(scene, model.timeline.steps, model.poses, stage, label, (partA, partB) => {
        const row = itemList.rows.find((r) => (r.partA === partA && r.partB === partB) || (r.partA === partB && r.partB === partA));
        if (!row) return false;
        if (!itemList.filters.classes.includes(row.cls)) setClasses([...itemList.filters.classes, row.cls]);
        itemList.selectKey(`pair:${row.id}`);
        return true;
      })
    : undefined;
  if (payload.mode === 'view' && live) {
    const panel = h('div', { id: 'tools' });
    stage.append(panel);
    liveApi = live(scene, itemList, model.items, model.assembly, payload.live?.tolerance ?? model.tolerance, payload.live ? payload.live.clearance : model.clearance, panel, label);
  }

  function setClasses(classes: RowClass[]): void {
    for (const [cls, box] of classBoxes) box.checked = classes.includes(cls);
    itemList.setFilters({ classes });
  }
  const filtersChanged = (): void =>
    itemList.setFilters({ classes: [...classBoxes].filter(([, b]) => b.checked).map(([c]) => c), part: partSelect.value, status: statusSelect.value, text: search.value.trim() });
  for (const c of [partSelect, statusSelect, ...classBoxes.values()]) c.addEventListener('change', filtersChanged);
  search.addEventListener('input', filtersChanged);
  tools.root.addEventListener('reset', () => itemList.selectKey(null));

  // a click (not a drag) on a part selects it and lists its items, contacts included
  let down: { x: number; y: number } | null = null;
  canvas.addEventListener('pointerdown', (e) => (down = { x: e.clientX, y: e.clientY }));
  canvas.addEventListener('pointerup', (e) => {
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 4 || e.button !== 0) return;
    if (liveApi?.dragging()) return;
    const part = scene.partAt(e.clientX, e.clientY);
    if (part < 0) return;
    selectPart(part);
  });
  function selectPart(part: number): void {
    const path = parts[part]!.path;
    partSelect.value = path;
    const classes = [...new Set([...itemList.filters.classes, 'contact', 'clearance'] as RowClass[])].filter((c) => classBoxes.has(c) || c === 'contact' || c === 'clearance');
    itemList.selection = null;
    setClasses(classes);
    itemList.setFilters({ part: path });
    detail.replaceChildren(h('div', {}, h('strong', {}, label(path))), h('div', { style: 'color:#777' }, path), `${itemList.visible.length} part pairs with ${label(path)}`);
    // the live viewer shows the picked part in its own colour; the report highlights it as A
    if (liveApi) {
      scene.select(null, false);
      liveApi.pick(path);
    } else scene.select({ partA: part, partB: null, surfacesA: [...Array(parts[part]!.surfaces.length / 2).keys()], surfacesB: [], regionA: [], regionB: [] }, false);
  }
  // hover: the name of the part under the pointer (one pick per frame)
  let hoverQueued = false;
  canvas.addEventListener('pointermove', (e) => {
    if (hoverQueued || e.buttons !== 0) return;
    hoverQueued = true;
    requestAnimationFrame(() => {
      hoverQueued = false;
      const part = scene.partAt(e.clientX, e.clientY);
      hover.hidden = part < 0;
      if (part < 0) return;
      const rect = stage.getBoundingClientRect();
      hover.textContent = label(parts[part]!.path);
      hover.title = parts[part]!.path;
      hover.style.left = `${e.clientX - rect.left + 14}px`;
      hover.style.top = `${e.clientY - rect.top + 10}px`;
    });
  });
  canvas.addEventListener('pointerleave', () => (hover.hidden = true));

  document.addEventListener('keydown', (e) => {
    const typing = e.target instanceof HTMLInputElement && (e.target.type === 'search' || e.target.type === 'text');
    if (typing && e.key !== 'Escape') return;
    if (e.key === 'ArrowDown' || e.key === 'j') itemList.step(1);
    else if (e.key === 'ArrowUp' || e.key === 'k') itemList.step(-1);
    else if (e.key === 'Escape') itemList.selectKey(null);
    else return;
    e.preventDefault();
  });

  const api: ReportPageApi = {
    ready: false,
    firstRenderMs: null,
    visibleIds: () => [...itemList.visible],
    select: (key) => itemList.selectKey(key === null || key.startsWith('pair:') || key.startsWith('item:') ? key : `item:${key}`),
    selected: () => itemList.selectedKey(),
    projectedBoxes: () => {
      const hl = scene.highlighted;
      if (!hl) return null;
      const rect = canvas.getBoundingClientRect();
      const boxOf = (part: number, region: number[], surfaces: number[]) => scene.projectBox(region.length > 0 ? scene.triangleBox(part, region) : scene.surfaceBox(part, surfaces));
      return { a: boxOf(hl.partA, hl.regionA, hl.surfacesA), b: hl.partB === null ? null : boxOf(hl.partB, hl.regionB, hl.surfacesB), width: rect.width, height: rect.height };
    },
    frames: () => scene.frames,
    scene,
    tools,
    setFilters: (change) => {
      if (change.classes) setClasses(change.classes);
      itemList.setFilters(change);
    },
    acceptFile: () => acceptFileText(itemList.accepted),
    emptyText: () => itemList.emptyText,
    selectGap: (index) => gaps?.querySelector<HTMLElement>(`li[data-gap="${index}"]`)?.click(),
    ...(liveApi ? { live: liveApi } : {}),
    ...(timeline ? { timeline } : {}),
  };
  scene.onRender = () => {
    if (api.firstRenderMs !== null) return;
    api.firstRenderMs = performance.now();
    api.ready = true;
    // edges after the first frame: the page shows at once, the outlines follow
    setTimeout(() => scene.setEdges(tools.root.querySelector<HTMLInputElement>('#edges')!.checked), 0);
  };
  window.surfcdReport = api;
  return api;
}
