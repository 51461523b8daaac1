/// <reference lib="dom" />
/**
 * The HTML report in real headless Chromium, opened from file:// with every non-file
 * request aborted: the report fixture as built (previous) against the fixture with its
 * pin pushed into the hole wall, the block lifted off and the spacer put down (current).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportModelOf } from '../../src/cli/report.js';
import { reportHtml } from '../../src/report/htmlReport.js';
import { applyPrevious } from '../../src/report/reportDiff.js';
import { timelineOf, type SimulationStepLike } from '../../src/report/timeline.js';
import type { ReportModel } from '../../src/report/reportModel.js';
import { describeBrowser, launchChromium } from '../helpers/browser.js';
import { ensureViewerBundle } from '../helpers/viewerBundle.js';
import { PUSHED, reportFixture, translate } from './fixture.js';
import { canvasPixels } from './pixels.js';

describeBrowser('surfcd report: the HTML page in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let before: ReportModel;
  let model: ReportModel;
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    ensureViewerBundle();
    const assembly = reportFixture();
    before = reportModelOf(assembly, { tolerance: 0.01, clearance: 0.5 });
    model = applyPrevious(reportModelOf(assembly, { tolerance: 0.01, clearance: 0.5, poses: PUSHED }), JSON.parse(JSON.stringify(before.items)), 'before.json');
    const file = join(mkdtempSync(join(tmpdir(), 'surfcd-report-')), 'fixture.html');
    writeFileSync(file, reportHtml(assembly, model));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/*', (route) => {
      requests.push(route.request().url());
      return route.request().url().startsWith('file:') ? route.continue() : route.abort();
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(() => window.surfcdReport?.ready === true);
  });
  afterAll(async () => browser?.close());

  const count = (): Promise<number> => page.locator('#list li.item').count();

  it('opens from disk with no request leaving the page, one list entry per item', async () => {
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    expect(errors).toEqual([]);
    expect(await count()).toBe(model.items.length);
    expect(await page.locator('#list li.item').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset['id']))).toEqual(model.items.map((i) => i.id));
  });

  it('marks new / persistent / resolved against the previous report', async () => {
    const was = new Set(before.items.map((i) => i.id)), now = new Set(model.items.filter((i) => i.status !== 'resolved').map((i) => i.id));
    const statusOf = async (id: string): Promise<string> => (await page.locator(`#list li.item[data-id="${id}"] .badge.status`).textContent()) ?? '';
    // the clearance fit of the pin in the hole is now an interference: same id, persistent
    expect(await statusOf('pin:0+plate:0')).toBe('persistent (was clearance)');
    const expectNew = [...now].filter((id) => !was.has(id)), expectResolved = [...was].filter((id) => !now.has(id));
    expect(expectNew.length).toBeGreaterThan(0);
    for (const id of expectNew) expect(await statusOf(id)).toBe('new');
    expect(expectResolved.length).toBeGreaterThan(0);
    for (const id of expectResolved) expect(await statusOf(id)).toMatch(/^resolved/);
    expect(await page.locator('#list li.item .badge.status.persistent').count()).toBe([...now].filter((id) => was.has(id)).length);
  });

  it('filters change the count: interferences only, hide touching, by part, text, status', async () => {
    const total = model.items.length;
    await page.locator('#f-interference').check();
    expect(await count()).toBe(model.items.filter((i) => i.kind === 'interference').length);
    expect(await count()).toBeGreaterThan(0);
    await page.locator('#f-interference').uncheck();
    await page.locator('#f-touching').check();
    expect(await count()).toBe(model.items.filter((i) => i.kind !== 'contact').length);
    await page.locator('#f-touching').uncheck();
    await page.locator('#f-part').selectOption('pin');
    expect(await count()).toBe(model.items.filter((i) => i.partA === 'pin' || i.partB === 'pin').length);
    await page.locator('#f-part').selectOption('');
    await page.locator('#f-text').fill('Ø10.5 hole');
    expect(await count()).toBe(model.items.filter((i) => i.sentence.toLowerCase().includes('ø10.5 hole')).length);
    await page.locator('#f-text').fill('');
    await page.locator('#f-status').selectOption('resolved');
    expect(await count()).toBe(model.items.filter((i) => i.status === 'resolved').length);
    await page.locator('#f-status').selectOption('');
    expect(await count()).toBe(total);
    expect(await page.locator('#count').textContent()).toBe(`${total} of ${total} items shown`);
  });

  it('selecting an interference frames both surfaces inside the viewport and colours them A blue, B orange', async () => {
    await page.locator('#f-sort').selectOption('severity');
    const deepest = model.items.filter((i) => i.kind === 'interference').sort((x, y) => y.depth - x.depth)[0]!;
    expect(await page.locator('#list li.item').first().getAttribute('data-id')).toBe(deepest.id);
    const framesBefore = await page.evaluate(() => window.surfcdReport!.frames());
    await page.locator(`#list li.item[data-id="${deepest.id}"]`).click();
    await page.waitForFunction((n) => window.surfcdReport!.frames() > n, framesBefore);
    const boxes = (await page.evaluate(() => window.surfcdReport!.projectedBoxes()))!;
    for (const b of [boxes.a, boxes.b]) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.top).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(boxes.width);
      expect(b.bottom).toBeLessThanOrEqual(boxes.height);
      expect(b.right - b.left).toBeGreaterThan(boxes.width / 20); // framed, not a speck
    }
    const px = await canvasPixels(page);
    expect(px.blue).toBeGreaterThan(px.total / 200);
    expect(px.orange).toBeGreaterThan(px.total / 200);
    expect(await page.locator('#detail').textContent()).toContain(deepest.sentence);
    await page.screenshot({ path: join(tmpdir(), 'surfcd-report-selected.png') });
  });

  it('the part tree hides and shows parts', async () => {
    const visible = (): Promise<boolean[]> => page.evaluate(() => window.surfcdReport!.scene.meshes.map((m) => m.visible));
    expect(await visible()).toEqual([true, true, true, true]);
    await page.locator('#tree summary').click();
    await page.locator('#tree input[data-part="block"]').uncheck();
    expect(await visible()).toEqual([true, true, false, true]);
    await page.locator('#tree input[data-part="block"]').check();
    expect(await visible()).toEqual([true, true, true, true]);
  });

  it('keyboard: j / k step through the visible items, Esc clears; the picture is not blank', async () => {
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => window.surfcdReport!.selected())).toBeNull();
    const ids = await page.evaluate(() => window.surfcdReport!.visibleIds());
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    expect(await page.evaluate(() => window.surfcdReport!.selected())).toBe(ids[1]);
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    expect(await page.evaluate(() => window.surfcdReport!.selected())).toBe(ids[ids.length - 1]); // wraps
    await page.keyboard.press('Escape');
    await page.waitForTimeout(100);
    const px = await canvasPixels(page);
    expect(px.total - px.background).toBeGreaterThan(px.total * 0.05);
    expect(px.distinct).toBeGreaterThan(50);
  });

  it('--script timeline: scrubbing replays each step exactly, removed parts go, a blocked step ends on its blocking surfaces', async () => {
    // ground truth by construction: the spacer comes down 1 of 5 mm onto the plate (blocked),
    // the pin leaves 20 mm up and is removed, the block turns 90° about a vertical axis at x = 20
    const c = Math.cos(Math.PI / 2), s = Math.sin(Math.PI / 2);
    const turned = [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 20 - 20 * c, -20 * s, 0, 1];
    const step = (over: Partial<SimulationStepLike>): SimulationStepLike =>
      ({ motion: 'translate', expected: null, met: true, fraction: 1, travelled: {}, blocking: [], removed: false, status: 'free', ...over }) as SimulationStepLike;
    const steps = timelineOf(
      {
        schema: 'surfcd/simulation@1',
        steps: [
          step({ id: 'spacer-down', moved: ['spacer'], status: 'blocked', expected: 'blocked', fraction: 0.2, direction: [0, 0, -1], travelled: { distance: 1 }, poses: [{ part: 'spacer', matrix: translate(0, 0, -1) }], blocking: [{ moving: { part: 'spacer', surface: 0 }, other: { part: 'plate', surface: 1 }, depth: 0 }] }),
          step({ id: 'pin-out', moved: ['pin'], direction: [0, 0, 1], travelled: { distance: 20 }, poses: [{ part: 'pin', matrix: translate(0, 0, 20) }], removed: true }),
          step({ id: 'block-turn', moved: ['block'], motion: 'rotate', axis: { point: [20, 0, 10], direction: [0, 0, 1] }, travelled: { angle: 90 }, poses: [{ part: 'block', matrix: turned }] }),
        ],
      },
      'rig.motion.json',
    );
    expect(steps[0]!.sentence).toBe('spacer-down: spacer was blocked after 1 mm (20 %) by plate surface 1 against its surface 0');
    const assembly = reportFixture();
    const file = join(mkdtempSync(join(tmpdir(), 'surfcd-report-')), 'timeline.html');
    writeFileSync(file, reportHtml(assembly, { ...reportModelOf(assembly, { tolerance: 0.01, clearance: 0.5 }), timeline: { source: 'rig.motion.json', steps } }));
    const timeline = await browser.newPage({ viewport: { width: 1200, height: 760 } });
    await timeline.goto(pathToFileURL(file).href);
    await timeline.waitForFunction(() => window.surfcdReport?.ready === true);
    const at = (t: number): Promise<{ poses: number[][]; visible: boolean[]; caption: string }> =>
      timeline.evaluate((t) => {
        const api = window.surfcdReport!;
        api.timeline!.seek(t);
        return { poses: api.scene.meshes.map((m) => [...m.matrix.elements]), visible: api.scene.meshes.map((m) => m.visible), caption: document.getElementById('timeline-caption')!.textContent ?? '' };
      }, t);
    const [plate, pin, block, spacer] = [0, 1, 2, 3];
    const near = (a: number[], b: number[]): void => a.forEach((x, i) => expect(x).toBeCloseTo(b[i]!, 9));
    near((await at(0.5)).poses[spacer]!, translate(0, 0, -0.5));
    const blocked = await at(1);
    near(blocked.poses[spacer]!, translate(0, 0, -1));
    expect(blocked.caption).toBe(steps[0]!.sentence);
    const px = await canvasPixels(timeline); // the blocking surfaces in A blue and B orange
    expect(px.blue).toBeGreaterThan(0);
    expect(px.orange).toBeGreaterThan(0);
    near((await at(1.5)).poses[pin]!, translate(0, 0, 10));
    expect((await at(2.2)).visible).toEqual([true, false, true, true]); // pin removed
    const half = (await at(2.5)).poses[block]!, r = Math.SQRT1_2;
    near(half, [r, r, 0, 0, -r, r, 0, 0, 0, 0, 1, 0, 20 - 20 * r, -20 * r, 0, 1]);
    near((await at(3)).poses[block]!, turned);
    expect((await at(3)).poses[plate]).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    await timeline.screenshot({ path: join(tmpdir(), 'surfcd-report-timeline.png') });
    await timeline.close();
  });
});
