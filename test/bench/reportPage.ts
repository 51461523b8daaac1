/**
 * The HTML report of a large assembly in headless Chromium: its size, and how long it takes
 * from navigation to the first frame drawn and to the feature edges (median of 3 opens).
 * Assemblies: the 144-part Fusion 360 gripper (../shared) and every sample. Run:
 * `npm run build && node dist/test/bench/reportPage.js`. Not part of `npm run bench` (it
 * needs a browser); prints a table, writes only temporary files.
 */
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { reportModelOf } from '../../src/cli/report.js';
import { loadAssembly } from '../../entries/index.js';
import { reportHtml } from '../../src/report/htmlReport.js';
import { fmt, hasShared, samplePath, sharedStep, table } from './util.js';

const CHROMIUM = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && statSync(p, { throwIfNoEntry: false }));
const OPENS = 3;
type PageGlobal = { surfcdReport?: { ready: boolean; firstRenderMs: number | null }; performance: { now(): number } };
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('no Chromium (set CHROMIUM_PATH)');
  const files = [...(hasShared() ? [sharedStep('gripper-fusion360.step')] : []), samplePath('rig.step'), samplePath('gear-pair.step')];
  const dir = mkdtempSync(join(tmpdir(), 'surfcd-report-bench-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const rows: string[][] = [];
  try {
    for (const file of files) {
      const assembly = await loadAssembly(file);
      const t0 = performance.now();
      const html = reportHtml(assembly, reportModelOf(assembly, { tolerance: 0.01 }));
      const buildMs = performance.now() - t0;
      const out = join(dir, `${basename(file)}.html`);
      writeFileSync(out, html);
      const first: number[] = [], edges: number[] = [];
      for (let k = 0; k < OPENS; k++) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(pathToFileURL(out).href);
        await page.waitForFunction(() => (globalThis as unknown as PageGlobal).surfcdReport?.ready === true, null, { timeout: 120_000 });
        first.push((await page.evaluate(() => (globalThis as unknown as PageGlobal).surfcdReport!.firstRenderMs))!);
        // the edges are built in a task after the first frame: the next task sees them done
        edges.push(await page.evaluate(() => new Promise<number>((done) => setTimeout(() => done((globalThis as unknown as PageGlobal).performance.now()), 0))));
        await page.close();
      }
      const tris = assembly.parts.reduce((n, p) => n + p.indices.length / 3, 0);
      rows.push([basename(file), String(assembly.parts.length), String(tris), fmt(Buffer.byteLength(html) / 1e6, 3), fmt(buildMs / 1000, 3), fmt(median(first) / 1000, 3), fmt(median(edges) / 1000, 3)]);
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(table('report page: size and open time (Chromium, software GL)', ['assembly', 'parts', 'triangles', 'MB', 'report s (model+html)', 'first frame s', 'edges done s'], rows));
}

await main();
