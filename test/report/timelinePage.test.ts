/// <reference lib="dom" />
/**
 * The `--script` timeline of the HTML report in Chromium: each step replayed exactly from its
 * motion, removed parts gone, a blocked step ending on its blocking surfaces; chips coloured by
 * whether the step did what the script expected, and a missed step opening its blocking pair.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportModelOf } from '../../src/cli/report.js';
import { reportHtml } from '../../src/report/htmlReport.js';
import { timelineOf, type SimulationStepLike, type TimelineStep } from '../../src/report/timeline.js';
import { chipOf } from '../../src/viewer/timeline.js';
import { artifactPath } from '../helpers/artifacts.js';
import { describeBrowser, launchChromium } from '../helpers/browser.js';
import { ensureViewerBundle } from '../helpers/viewerBundle.js';
import { reportFixture, translate } from './fixture.js';
import { canvasPixels } from './pixels.js';

// ground truth by construction: the spacer comes down 1 of 5 mm onto the plate (blocked,
// though the script expected it free: missed), the pin leaves 20 mm up and is removed (met),
// the block turns 90° about a vertical axis at x = 20 (no expectation)
const c = Math.cos(Math.PI / 2), s = Math.sin(Math.PI / 2);
const turned = [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 20 - 20 * c, -20 * s, 0, 1];
const step = (over: Partial<SimulationStepLike>): SimulationStepLike =>
  ({ motion: 'translate', expected: null, met: true, fraction: 1, travelled: {}, blocking: [], removed: false, status: 'free', ...over }) as SimulationStepLike;
const steps: TimelineStep[] = timelineOf(
  {
    schema: 'surfcd/simulation@1',
    steps: [
      step({ id: 'spacer-down', moved: ['spacer'], status: 'blocked', expected: 'free', met: false, fraction: 0.2, direction: [0, 0, -1], travelled: { distance: 1 }, poses: [{ part: 'spacer', matrix: translate(0, 0, -1) }], blocking: [{ moving: { part: 'spacer', surface: 0 }, other: { part: 'plate', surface: 1 }, depth: 0 }] }),
      step({ id: 'pin-out', moved: ['pin'], expected: 'free', direction: [0, 0, 1], travelled: { distance: 20 }, poses: [{ part: 'pin', matrix: translate(0, 0, 20) }], removed: true }),
      step({ id: 'block-turn', moved: ['block'], motion: 'rotate', axis: { point: [20, 0, 10], direction: [0, 0, 1] }, travelled: { angle: 90 }, poses: [{ part: 'block', matrix: turned }] }),
    ],
  },
  'rig.motion.json',
);

it('chips: met / missed / no expectation, free / blocked as the icon', () => {
  expect(steps.map(chipOf)).toEqual([
    { outcome: 'missed', icon: '⊣' },
    { outcome: 'met', icon: '→' },
    { outcome: 'none', icon: '→' },
  ]);
  expect(chipOf({ status: 'blocked', expected: 'blocked', met: true })).toEqual({ outcome: 'met', icon: '⊣' });
  expect(chipOf({ status: 'free', expected: 'blocked', met: false })).toEqual({ outcome: 'missed', icon: '→' });
});

describeBrowser('surfcd report --script: the timeline in Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureViewerBundle();
    const assembly = reportFixture();
    const file = join(mkdtempSync(join(tmpdir(), 'surfcd-report-')), 'timeline.html');
    writeFileSync(file, reportHtml(assembly, { ...reportModelOf(assembly, { tolerance: 0.01, clearance: 0.5 }), timeline: { source: 'rig.motion.json', steps } }));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(() => window.surfcdReport?.ready === true);
  });
  afterAll(async () => browser?.close());

  it('scrubbing replays each step exactly, removed parts go, a blocked step ends on its blocking surfaces', async () => {
    expect(steps[0]!.sentence).toBe('spacer-down: spacer was blocked after 1 mm (20 %) by plate surface 1 against its surface 0; expected free');
    const at = (t: number): Promise<{ poses: number[][]; visible: boolean[]; caption: string }> =>
      page.evaluate((t) => {
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
    const px = await canvasPixels(page); // the blocking surfaces in A blue and B orange
    expect(px.blue).toBeGreaterThan(0);
    expect(px.orange).toBeGreaterThan(0);
    near((await at(1.5)).poses[pin]!, translate(0, 0, 10));
    expect((await at(2.2)).visible).toEqual([true, false, true, true]); // pin removed
    const half = (await at(2.5)).poses[block]!, r = Math.SQRT1_2;
    near(half, [r, r, 0, 0, -r, r, 0, 0, 0, 0, 1, 0, 20 - 20 * r, -20 * r, 0, 1]);
    near((await at(3)).poses[block]!, turned);
    expect((await at(3)).poses[plate]).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });

  it('a missed step is marked (red chip) and its chip opens the blocking pair, framed', async () => {
    const chips = await page.locator('#timeline button.step').evaluateAll((bs) => bs.map((b) => ({ cls: b.className, text: b.textContent, bg: getComputedStyle(b).backgroundColor })));
    expect(chips.map((x) => x.cls)).toEqual(['step blocked missed', 'step free met', 'step free none']);
    expect(chips[0]!.bg).toBe('rgb(179, 38, 30)');
    expect(chips[1]!.bg).toBe('rgb(255, 255, 255)');
    expect(chips.map((x) => x.text)).toEqual(['⊣ spacer-down', '→ pin-out', '→ block-turn']);
    await page.evaluate(() => window.surfcdReport!.timeline!.seek(3));
    const camera = (): Promise<number[]> => page.evaluate(() => window.surfcdReport!.scene.camera.position.toArray());
    const from = await camera();
    await page.locator('#timeline button.step.missed').click();
    const h = await page.evaluate(() => window.surfcdReport!.scene.highlighted);
    expect(h).toMatchObject({ partA: 3, partB: 0, surfacesA: [0], surfacesB: [1] }); // spacer's bottom on the plate's top
    expect(Math.hypot(...(await camera()).map((x, i) => x - from[i]!))).toBeGreaterThan(1);
    const px = await canvasPixels(page);
    await page.screenshot({ path: artifactPath('report-timeline-missed.png') });
    expect(px.blue).toBeGreaterThan(0);
    expect(px.orange).toBeGreaterThan(px.total / 100);
  });
});
