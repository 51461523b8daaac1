/// <reference lib="dom" />
/**
 * `surfcd view` in real headless Chromium: the rig served on 127.0.0.1, the bolt dragged
 * through the same code path as the gizmo. Along its axis it stays free; sideways (nut
 * hidden, stop on clash) it stops at the hole wall, 0.25 mm away (the radial clearance).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startViewServer, type ViewServer } from '../../src/cli/view.js';
import { loadAssembly } from '../../src/index.js';
import { describeBrowser, launchChromium } from '../helpers/browser.js';
import { ensureViewerBundle } from '../helpers/viewerBundle.js';
import { sample } from '../helpers/shared.js';

describeBrowser('surfcd view: live drag in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let view: ViewServer;
  const requests: string[] = [];

  beforeAll(async () => {
    ensureViewerBundle();
    view = await startViewServer(await loadAssembly(sample('rig.step')), { port: 0, tolerance: 0.01 });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(view.url);
    await page.waitForFunction(() => window.surfcdReport?.ready === true && !!window.surfcdReport.live);
  });
  afterAll(async () => {
    await browser?.close();
    await view?.close();
  });

  it('serves on 127.0.0.1 only and the page asks nothing of anyone else', async () => {
    expect(view.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(requests.filter((u) => !u.startsWith(view.url))).toEqual([]);
    const res = await fetch(new URL('/nothing', view.url));
    expect(res.status).toBe(404);
  });

  it('clicking the bolt picks it and offers its recognized constraints as drag modes', async () => {
    const at = await page.evaluate(() => {
      const api = window.surfcdReport!;
      const i = api.scene.parts.findIndex((p) => p.path === 'bolt');
      const head = api.scene.surfaceBox(i, [...Array(api.scene.parts[i]!.surfaces.length / 2).keys()]);
      head.min.z = 14; // the head, above the plate
      const b = api.scene.projectBox(head), r = api.scene.renderer.domElement.getBoundingClientRect();
      return { x: r.left + (b.left + b.right) / 2, y: r.top + (b.top + b.bottom) / 2 };
    });
    await page.mouse.click(at.x, at.y);
    const buttons = await page.locator('#tools button').allTextContents();
    expect(buttons).toEqual(expect.arrayContaining(['free move', 'free rotate', 'slide along coaxial axis with plate', 'spin about coaxial axis with plate', 'slide on the against plane with plate']));
  });

  it('dragging the bolt along its axis keeps it free: contacts and constraints follow', async () => {
    const r = await page.evaluate(() => {
      const live = window.surfcdReport!.live!;
      live.pick('bolt');
      const moved: boolean[] = [];
      for (let k = 0; k < 10; k++) moved.push(live.translateBy([0, 0, 0.5]));
      const last = live.lastResult()!;
      return { moved, pose: live.poseOf('bolt'), kinds: last.items.map((i) => `${i.kind} ${i.id}`), constraints: last.constraints.map((c) => `${c.kind} ${c.partA} ${c.partB}`) };
    });
    expect(r.moved).toEqual(Array(10).fill(true));
    expect(r.pose.slice(12, 15)).toEqual([0, 0, 5]);
    expect(r.kinds.filter((k) => k.startsWith('interference'))).toEqual([]);
    // 5 mm up, the shank is still in the hole (clearance) and in the nut (its thread, drawn at nominal)
    expect(r.kinds).toContain('clearance bolt:8+plate:6');
    expect(r.constraints).toEqual(expect.arrayContaining(['threaded bolt nut', 'coaxial bolt plate']));
    expect(r.constraints.some((c) => c.startsWith('against bolt plate'))).toBe(false); // the head lifted off
    const list = await page.locator('#list li.item[data-id="bolt:3+plate:2"]').count();
    expect(list).toBe(0); // the seated-head contact left the list
  });

  it('dragging sideways with stop on clash stops at the hole wall, 0.25 mm over', async () => {
    const r = await page.evaluate(() => {
      const live = window.surfcdReport!.live!;
      live.translateBy([0, 0, -5]);
      live.setVisible('nut', false); // the nut's bore fits the shank: it would block at once
      live.setStopOnClash(true);
      const moved: boolean[] = [];
      for (let k = 0; k < 12; k++) moved.push(live.translateBy([0.05, 0, 0]));
      const blocked = live.lastResult()!;
      return { moved, x: live.poseOf('bolt')[12]!, blockedBy: blocked.items.filter((i) => i.kind === 'interference').map((i) => i.id) };
    });
    expect(r.moved.slice(0, 5)).toEqual(Array(5).fill(true));
    expect(r.moved.slice(6)).toEqual(Array(6).fill(false));
    expect(r.x).toBeGreaterThanOrEqual(0.2 - 1e-9);
    expect(r.x).toBeLessThanOrEqual(0.3 + 1e-9);
    // the shank (surface 8) against the plate: the hole wall, or the rim where it meets a face
    expect(r.blockedBy.length).toBeGreaterThan(0);
    for (const id of r.blockedBy) expect(id).toMatch(/^bolt:8\+plate:\d+$/);
    // without stop on clash the part goes through, and the list says interference
    const through = await page.evaluate(() => {
      const live = window.surfcdReport!.live!;
      live.setStopOnClash(false);
      live.translateBy([0.5, 0, 0]);
      return live.poseOf('bolt')[12]!;
    });
    expect(through).toBeGreaterThan(0.7);
    expect(await page.locator('#list li.item.interference[data-id^="bolt:8+plate:"]').count()).toBeGreaterThan(0);
  });

  it('saves the poses as a surfcd/motion@1 script', async () => {
    const script = JSON.parse(await page.evaluate(() => window.surfcdReport!.live!.motionScript()));
    expect(script.schema).toBe('surfcd/motion@1');
    expect(script.steps).toHaveLength(1);
    expect(script.steps[0]).toMatchObject({ move: ['bolt'], translate: { direction: [1, 0, 0] } });
    const stats = await page.evaluate(() => window.surfcdReport!.live!.stats());
    expect(stats.count).toBeGreaterThan(20);
  });

  it('constrained drags: spin about and slide along the recognized coaxial axis keep the axis in place', async () => {
    const r = await page.evaluate(() => {
      const live = window.surfcdReport!.live!;
      live.translateBy([-live.poseOf('bolt')[12]!, 0, 0]); // back to where the file put it
      live.setVisible('nut', true);
      live.setStopOnClash(true);
      live.pick('bolt');
      const spun = live.drag('spin about coaxial axis with plate', 30);
      const afterSpin = live.poseOf('bolt');
      const slid = live.drag('slide along coaxial axis with plate', 3);
      return { modes: live.modes(), spun, afterSpin, slid, afterSlide: live.poseOf('bolt'), interferences: live.lastResult()!.items.filter((i) => i.kind === 'interference').length };
    });
    expect(r.spun).toBe(true);
    const m = r.afterSpin;
    // a rotation about z by ±30° that keeps the bolt's axis (x = −38, y = 0) fixed
    expect(Math.abs(Math.atan2(m[1]!, m[0]!) * 180 / Math.PI)).toBeCloseTo(30, 6);
    expect(m[10]).toBeCloseTo(1, 9);
    expect(m[0]! * -38 + m[12]!).toBeCloseTo(-38, 6);
    expect(m[1]! * -38 + m[13]!).toBeCloseTo(0, 6);
    expect(r.slid).toBe(true);
    expect(Math.abs(r.afterSlide[14]! - m[14]!)).toBeCloseTo(3, 6);
    expect(r.afterSlide[12]).toBeCloseTo(m[12]!, 9);
    expect(r.interferences).toBe(0);
  });
});
