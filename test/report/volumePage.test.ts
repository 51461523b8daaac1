/// <reference lib="dom" />
/**
 * `surfcd report --volumes --min-clearance` as the HTML page in real headless Chromium:
 * the interfering part pairs with their volumes (largest first within a severity), the
 * volume's method and centroid in the detail panel, and the list of part pairs closer than
 * the required gap, each framing its two closest surfaces. Screenshots go to test-artifacts/.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { artifactPath } from '../helpers/artifacts.js';
import { describeBrowser, launchChromium } from '../helpers/browser.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { sample } from '../helpers/shared.js';
import { ensureViewerBundle } from '../helpers/viewerBundle.js';

const output = captureOutput();

describeBrowser('surfcd report --volumes --min-clearance: the HTML page in Chromium', () => {
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'surfcd-volume-page-'));
  const errors: string[] = [];

  async function open(file: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(() => window.surfcdReport?.ready === true);
    return page;
  }

  beforeAll(async () => {
    ensureViewerBundle();
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('interference rows carry their volumes, largest first; the detail says how the volume was found and where', async () => {
    const file = join(dir, 'volumes.html');
    expect(await main(['report', sample('interference-volumes.step'), '--volumes', '--min-clearance', '3', '--out', file])).toBe(0);
    const page = await open(file);
    const rows = await page.locator('#list li.pair').evaluateAll((lis) => lis.map((li) => [(li as HTMLElement).dataset['pair'], li.querySelector('.amount')!.textContent]));
    // buried (5 × 5 × 7 = 175) and box-a ∩ box-b (3 × 3 × 3.5 = 31.5) are exact; the pin is π(R² − r²)L within 0.1 %
    expect(rows.map(([id]) => id)).toEqual(['buried+host', 'box-a+box-b', 'press-pin+pressed-block']);
    expect(rows[0]![1]).toBe('175 mm³, 8 mm deep');
    expect(rows[1]![1]).toMatch(/^31\.5 mm³, 2\.594 mm deep$/);
    const pin = Number(/^([\d.]+) mm³/.exec(rows[2]![1]!)![1]);
    expect(Math.abs(pin - Math.PI * (25 - 24.01) * 10) / pin).toBeLessThan(1e-3);
    await page.locator('#list li.pair[data-pair="box-a+box-b"]').click();
    expect(await page.locator('#detail .volume').textContent()).toBe('overlap volume 31.5 mm³, exact (manifold-3d intersection of the closed meshes); centroid (8.5, 6.5, 2.75) mm');
    await page.screenshot({ path: artifactPath('report-volumes.png') });
    // nothing within 3 mm that does not touch: the section says so
    expect((await page.locator('#gaps').textContent())!.trim()).toBe('Closer than 3 mm: 0 part pairsNo part pair is closer than 3 mm without touching.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the part pairs closer than --min-clearance, closest first; a click frames their closest surfaces', async () => {
    const file = join(dir, 'gaps.html');
    expect(await main(['report', sample('clearance-gaps.step'), '--min-clearance', '3', '--out', file])).toBe(0);
    expect(await main(['clearance', sample('clearance-gaps.step'), '--min', '3', '--format', 'json'])).toBe(0);
    const expected = (JSON.parse(output.stdout.slice(output.stdout.indexOf('{'))) as { clearances: { partA: string; partB: string; distance: number; surfaceA: number; surfaceB: number; sentence: string }[] }).clearances;
    expect(expected).toHaveLength(3);
    const page = await open(file);
    expect(await page.locator('#gaps summary').textContent()).toBe('Closer than 3 mm: 3 part pairs');
    expect(await page.locator('.summary').textContent()).toMatch(/ · 3 closer than 3 mm · /);
    const shown = await page.locator('#gaps li').allTextContents();
    expect(shown).toEqual(expected.map((c) => `${+c.distance.toFixed(3)} mm ${c.partA} ↔ ${c.partB}`));
    await page.evaluate(() => window.surfcdReport!.selectGap(0));
    expect(await page.locator('#gaps li[aria-selected=true]').getAttribute('data-gap')).toBe('0');
    const detail = await page.locator('#detail').textContent();
    expect(detail).toContain(expected[0]!.sentence);
    expect(detail).toContain(`surface ${expected[0]!.surfaceA}`);
    const highlighted = await page.evaluate(() => {
      const hl = window.surfcdReport!.scene.highlighted!;
      return { surfacesA: hl.surfacesA, surfacesB: hl.surfacesB, boxes: window.surfcdReport!.projectedBoxes() };
    });
    expect(highlighted.surfacesA).toEqual([expected[0]!.surfaceA]);
    expect(highlighted.surfacesB).toEqual([expected[0]!.surfaceB]);
    // framed: both surfaces' boxes lie on the canvas
    for (const box of [highlighted.boxes!.a, highlighted.boxes!.b!]) {
      expect(box.left).toBeGreaterThanOrEqual(-1);
      expect(box.right).toBeLessThanOrEqual(highlighted.boxes!.width + 1);
      expect(box.top).toBeGreaterThanOrEqual(-1);
      expect(box.bottom).toBeLessThanOrEqual(highlighted.boxes!.height + 1);
    }
    await page.screenshot({ path: artifactPath('report-min-clearance.png') });
    // selecting a list row clears the gap selection
    await page.evaluate(() => window.surfcdReport!.setFilters({ classes: ['clash', 'contact', 'clearance'] }));
    expect(await page.locator('#list li.pair').count()).toBe(1); // the shaft's clearance fit in its bore
    await page.locator('#list li.pair').first().click();
    expect(await page.locator('#gaps li[aria-selected=true]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
