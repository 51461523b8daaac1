/// <reference lib="dom" />
/**
 * The HTML report in real headless Chromium, opened from file:// with every non-file
 * request aborted: the report fixture as built (previous) against the fixture with its
 * pin pushed into the hole wall, the block lifted off and the spacer put down (current).
 * Screenshots go to test-artifacts/.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportModelOf } from '../../src/cli/report.js';
import type { Assembly } from '../../src/index.js';
import { reportHtml } from '../../src/report/htmlReport.js';
import { applyPrevious } from '../../src/report/reportDiff.js';
import type { ReportModel } from '../../src/report/reportModel.js';
import { reviewRows } from '../../src/report/reviewRows.js';
import { artifactPath } from '../helpers/artifacts.js';
import { describeBrowser, launchChromium } from '../helpers/browser.js';
import { ensureViewerBundle } from '../helpers/viewerBundle.js';
import { PUSHED, reportFixture } from './fixture.js';
import { canvasPixels, changedPixels } from './pixels.js';

describeBrowser('surfcd report: the HTML page in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let before: ReportModel;
  let model: ReportModel;
  const assembly = reportFixture();
  const requests: string[] = [];
  const errors: string[] = [];

  async function open(of: Assembly, m: ReportModel, name: string): Promise<Page> {
    const file = join(mkdtempSync(join(tmpdir(), 'surfcd-report-')), name);
    writeFileSync(file, reportHtml(of, m));
    const p = await browser.newPage({ viewport: { width: 1200, height: 760 }, acceptDownloads: true });
    p.on('pageerror', (e) => errors.push(e.message));
    await p.route('**/*', (route) => {
      requests.push(route.request().url());
      return route.request().url().startsWith('file:') || route.request().url().startsWith('blob:') ? route.continue() : route.abort();
    });
    await p.goto(pathToFileURL(file).href);
    await p.waitForFunction(() => window.surfcdReport?.ready === true);
    return p;
  }

  beforeAll(async () => {
    ensureViewerBundle();
    before = reportModelOf(assembly, { tolerance: 0.01, clearance: 0.5 });
    model = applyPrevious(reportModelOf(assembly, { tolerance: 0.01, clearance: 0.5, poses: PUSHED }), JSON.parse(JSON.stringify(before.items)), 'before.json');
    browser = await launchChromium();
    page = await open(assembly, model, 'fixture.html');
  });
  afterAll(async () => browser?.close());

  const rowIds = (): Promise<string[]> => page.locator('#list li.pair').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset['pair']!));
  const classes = async (on: string[]): Promise<void> => {
    for (const box of await page.locator('#f-classes input').all()) await box.setChecked(on.includes((await box.getAttribute('data-class'))!));
  };

  it('opens from disk with nothing requested, on the clashing part pairs, with counts per class', async () => {
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    expect(errors).toEqual([]);
    const rows = reviewRows(model);
    expect(await rowIds()).toEqual(rows.filter((r) => r.cls === 'clash' && r.status !== 'resolved').map((r) => r.id));
    expect(await rowIds()).toEqual(['pin+plate']);
    const chips = await page.locator('#f-classes label').allTextContents();
    expect(chips.map((c) => c.trim())).toEqual(['clash 1', `contact ${rows.filter((r) => r.cls === 'contact' && r.status !== 'resolved').length}`, `clearance ${rows.filter((r) => r.cls === 'clearance' && r.status !== 'resolved').length}`].filter((c) => !c.endsWith(' 0')));
  });

  it('a part pair opens onto its surface pairs, with their statuses against the previous report', async () => {
    await page.locator('#list li.pair[data-pair="pin+plate"]').click();
    const items = await page.locator('#list li.item').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset['id']));
    expect(items).toEqual(reviewRows(model).find((r) => r.id === 'pin+plate')!.items.filter((i) => i.kind === 'interference').map((i) => i.id));
    // the clearance fit of the pin in the hole is now an interference: same id, persistent
    expect(await page.locator('#list li.item[data-id="pin:0+plate:0"] .badge.status').textContent()).toBe('persistent (was clearance)');
    await classes(['clash', 'contact', 'clearance']);
    expect(await rowIds()).toEqual(reviewRows(model).map((r) => r.id));
    await page.locator('#f-status').selectOption('resolved');
    expect(await rowIds()).toEqual(reviewRows(model).filter((r) => r.status === 'resolved').map((r) => r.id));
    expect((await rowIds()).length).toBeGreaterThan(0);
    await page.locator('#f-status').selectOption('');
    await page.locator('#f-part').selectOption('block');
    expect(await rowIds()).toEqual(reviewRows(model).filter((r) => r.partA === 'block' || r.partB === 'block').map((r) => r.id));
    await page.locator('#f-part').selectOption('');
    await page.locator('#f-text').fill('Ø10.5 hole');
    expect(await rowIds()).toEqual(['pin+plate']);
    await page.locator('#f-text').fill('');
    await classes(['clash']);
  });

  it('selecting a part pair frames its overlap region: both regions on screen and large, A blue, B orange; another pair moves the camera again', async () => {
    await page.keyboard.press('Escape');
    await page.locator('#reset-view').click();
    await canvasPixels(page, 'home');
    const camera = (): Promise<number[]> => page.evaluate(() => window.surfcdReport!.scene.camera.position.toArray());
    const homeCamera = await camera();
    await page.locator('#list li.pair[data-pair="pin+plate"]').click();
    const boxes = (await page.evaluate(() => window.surfcdReport!.projectedBoxes()))!;
    for (const b of [boxes.a, boxes.b!]) {
      const w = Math.min(b.right, boxes.width) - Math.max(b.left, 0), h = Math.min(b.bottom, boxes.height) - Math.max(b.top, 0);
      expect(w).toBeGreaterThan(boxes.width / 8); // framed, not a speck
      expect(h).toBeGreaterThan(boxes.height / 8);
    }
    const framed = await canvasPixels(page, 'framed');
    expect(framed.blue).toBeGreaterThan(framed.total / 100);
    expect(framed.orange).toBeGreaterThan(framed.total / 100);
    expect(await changedPixels(page, 'home', 'framed')).toBeGreaterThan(framed.total / 4);
    const pinCamera = await camera();
    expect(Math.hypot(...pinCamera.map((x, i) => x - homeCamera[i]!))).toBeGreaterThan(1);
    await page.screenshot({ path: artifactPath('report-pair-selected.png') });
    await classes(['clash', 'contact']);
    await page.locator('#list li.pair[data-pair="block+plate"]').click();
    expect(Math.hypot(...(await camera()).map((x, i) => x - pinCamera[i]!))).toBeGreaterThan(1);
    await classes(['clash']);
    expect(await page.locator('#detail').textContent()).toContain('block');
  });

  it('the section plane cuts through the overlap: pixels behind it change, flipping keeps the other side, off restores the picture', async () => {
    await page.locator('#list li.pair[data-pair="pin+plate"]').click();
    await canvasPixels(page, 'whole');
    await page.locator('#section-axis').selectOption('y');
    const offset = Number(await page.locator('#section-offset').inputValue());
    const focusY = await page.evaluate(() => { const s = window.surfcdReport!.scene; return s.focusBox(s.highlighted!).getCenter(new (s.camera.position.constructor as any)()).y; });
    expect(offset).toBeCloseTo(focusY, 1); // through the middle of the overlap
    const cut = await canvasPixels(page, 'cut');
    expect(await changedPixels(page, 'whole', 'cut')).toBeGreaterThan(cut.total / 50);
    await page.screenshot({ path: artifactPath('report-section.png') });
    await page.locator('#section-flip').check();
    await canvasPixels(page, 'flipped');
    expect(await changedPixels(page, 'cut', 'flipped')).toBeGreaterThan(cut.total / 50);
    // the plane dragged past the whole assembly: nothing is cut
    await page.locator('#section-flip').uncheck();
    await page.evaluate(() => window.surfcdReport!.tools.section('y', 1e6));
    await canvasPixels(page, 'past');
    expect(await changedPixels(page, 'whole', 'past')).toBe(0);
    await page.locator('#section-axis').selectOption('');
    await canvasPixels(page, 'off');
    expect(await changedPixels(page, 'whole', 'off')).toBe(0);
  });

  it('a click in the 3-D view selects the part under the cursor and lists its part pairs; hover names it', async () => {
    await page.locator('#reset-view').click();
    const at = await page.evaluate(() => {
      const api = window.surfcdReport!;
      const i = api.scene.parts.findIndex((p) => p.path === 'block');
      const b = api.scene.projectBox(api.scene.surfaceBox(i, [1])); // its top face, seen from above
      const r = api.scene.renderer.domElement.getBoundingClientRect();
      return { x: r.left + (b.left + b.right) / 2, y: r.top + (b.top + b.bottom) / 2, index: i };
    });
    expect(await page.evaluate(({ x, y }) => window.surfcdReport!.scene.partAt(x, y), at)).toBe(at.index);
    await page.mouse.move(at.x, at.y);
    await expect.poll(() => page.locator('#hover').textContent()).toBe('block');
    await page.mouse.click(at.x, at.y);
    expect(await page.evaluate(() => { const h = window.surfcdReport!.scene.highlighted; return h && [h.partA, h.partB]; })).toEqual([at.index, null]);
    expect(await page.locator('#f-part').inputValue()).toBe('block');
    expect(await rowIds()).toEqual(reviewRows(model).filter((r) => r.partA === 'block' || r.partB === 'block').map((r) => r.id));
    expect((await rowIds()).length).toBeGreaterThan(0);
    await page.screenshot({ path: artifactPath('report-part-clicked.png') });
    await page.locator('#f-part').selectOption('');
    await classes(['clash']);
  });

  it('accept / un-accept downloads the accept file [{id, reason}]; the accepted filter finds it', async () => {
    await page.locator('#list li.pair[data-pair="pin+plate"]').click();
    await page.locator('#accept-reason').fill('pin drawn oversize on purpose');
    const [accepted] = await Promise.all([page.waitForEvent('download'), page.locator('#accept').click()]);
    expect(accepted.suggestedFilename()).toBe('test.accept.json');
    expect(JSON.parse(readFileSync((await accepted.path())!, 'utf8'))).toEqual([{ id: 'pin+plate', reason: 'pin drawn oversize on purpose' }]);
    expect(await page.locator('#list li.pair.accepted').count()).toBe(1);
    await page.locator('#f-status').selectOption('accepted');
    expect(await rowIds()).toEqual(['pin+plate']);
    await page.locator('#f-status').selectOption('');
    const [unaccepted] = await Promise.all([page.waitForEvent('download'), page.locator('#list li.pair[data-pair="pin+plate"] button.accept').click()]);
    expect(readFileSync((await unaccepted.path())!, 'utf8')).toBe('[]\n');
  });

  it('keyboard: j / k step through rows and surface pairs, Esc clears; the picture is not blank', async () => {
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => window.surfcdReport!.selected())).toBeNull();
    await page.keyboard.press('j');
    expect(await page.evaluate(() => window.surfcdReport!.selected())).toBe('pair:pin+plate');
    await page.keyboard.press('j');
    expect(await page.evaluate(() => window.surfcdReport!.selected())).toMatch(/^item:pin:\d+\+plate:\d+$/);
    await page.keyboard.press('k');
    expect(await page.evaluate(() => window.surfcdReport!.selected())).toBe('pair:pin+plate');
    await page.keyboard.press('Escape');
    const px = await canvasPixels(page);
    expect(px.total - px.background).toBeGreaterThan(px.total * 0.05);
    expect(px.distinct).toBeGreaterThan(50);
  });

  it('no interference: the list says so, with the contacts and expected overlaps it left out', async () => {
    const clean = await open(assembly, before, 'clean.html');
    const contacts = reviewRows(before).filter((r) => r.cls === 'contact').length;
    expect(contacts).toBeGreaterThan(0);
    const text = `No interferences (${contacts} contact${contacts === 1 ? '' : 's'}, 0 expected overlaps ignored)`;
    expect(await clean.locator('#list li.empty').textContent()).toBe(text);
    expect(await clean.evaluate(() => window.surfcdReport!.emptyText())).toBe(text);
    expect(await clean.locator('#list li.empty').isVisible()).toBe(true);
    await clean.screenshot({ path: artifactPath('report-empty.png') });
    await clean.close();
  });
});
