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
import type { ReportModel } from '../../src/report/reportModel.js';
import { describeBrowser, launchChromium } from '../helpers/browser.js';
import { ensureViewerBundle } from '../helpers/viewerBundle.js';
import { PUSHED, reportFixture } from './fixture.js';
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
});
