/**
 * surfcd in headless Chromium against Node, same machine, same files and poses:
 * load time (Chromium: Web Worker; Node: in-process and worker thread) and time per
 * `collide` query on the as1 bolt removal path. Run: `npm run build && node dist/test/bench/browser.js`.
 * Not part of `npm run bench` (it needs a browser); prints a table, writes nothing.
 */
import { readFileSync, copyFileSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { collide, createNodeAssemblyWorker, loadAssembly, type CollideMode } from '../../entries/index.js';
import { polylinePoses } from './meshes.js';
import { fmt, hasShared, projectRoot, samplePath, sharedStep, table } from './util.js';

const require = createRequire(import.meta.url);
const wasm = join(dirname(require.resolve('occt-import-js')), 'occt-import-js.wasm');
const dist = resolve(projectRoot, 'dist/src');
const CHROMIUM = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsFile(p));
const STEPS = 60;
const MODES: CollideMode[] = ['first-surface', 'all-surfaces'];
const BOLT = { moving: 'as1/l-bracket-assembly#1/bolt#2', waypoints: [[0, 0, 0], [0, 0, 45], [40, 0, 45]] as [number, number, number][] };

function existsFile(p: string): boolean {
  try {
    return readFileSync(p).length > 0;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('no Chromium (set CHROMIUM_PATH)');
  const files = [samplePath('rig.step'), ...(hasShared() ? [sharedStep('as1-oc-214.stp')] : [])];
  const dir = mkdtempSync(join(tmpdir(), 'surfcd-browser-bench-'));
  await build({ stdin: { contents: `import * as c from '${resolve(projectRoot, 'dist/entries')}/core.js'; import { createWebAssemblyWorker } from '${dist}/worker.js'; globalThis.surfcd = { ...c, createWebAssemblyWorker };`, resolveDir: projectRoot }, bundle: true, minify: true, format: 'iife', platform: 'browser', outfile: join(dir, 'page.js'), logLevel: 'silent' });
  await build({ entryPoints: [join(dist, 'worker/webWorker.js')], bundle: true, minify: true, format: 'iife', platform: 'browser', external: ['path', 'crypto'], outfile: join(dir, 'worker.js'), logLevel: 'silent' });
  copyFileSync(wasm, join(dir, 'occt-import-js.wasm'));
  for (const f of files) copyFileSync(f, join(dir, basename(f)));
  const server = createServer((req, res) => {
    const name = basename(new URL(req.url ?? '/', 'http://x').pathname) || 'index.html';
    try {
      const body = name === 'index.html' ? Buffer.from('<!doctype html><script src="page.js"></script>') : readFileSync(join(dir, name));
      res.writeHead(200, { 'content-type': name.endsWith('.js') ? 'text/javascript' : name.endsWith('.wasm') ? 'application/wasm' : name === 'index.html' ? 'text/html' : 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const page = await browser.newPage();
  await page.goto(url);
  const rows: string[][] = [];
  try {
    // Warm both occt instances first (WASM start-up is reported separately).
    const nodeWorker = createNodeAssemblyWorker();
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      const t0 = performance.now();
      await loadAssembly(file);
      const nodeMs = performance.now() - t0;
      const t1 = performance.now();
      await nodeWorker.load(bytes);
      const nodeWorkerMs = performance.now() - t1;
      const pageMs = (await page.evaluate(`(async () => {
        window.w ??= surfcd.createWebAssemblyWorker(() => new Worker('worker.js'));
        const bytes = new Uint8Array(await (await fetch('${basename(file)}')).arrayBuffer());
        const t0 = performance.now();
        window.assembly = await w.load(bytes, { locateWasm: new URL('occt-import-js.wasm', location.href).href });
        return performance.now() - t0;
      })()`)) as number;
      rows.push([`load ${basename(file)} (ms, first load includes occt start-up)`, fmt(nodeMs), fmt(nodeWorkerMs), fmt(pageMs)]);
    }
    // Second loads: occt already started.
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      const t0 = performance.now();
      const assembly = await loadAssembly(file);
      const nodeMs = performance.now() - t0;
      const t1 = performance.now();
      await nodeWorker.load(bytes);
      const nodeWorkerMs = performance.now() - t1;
      const pageMs = (await page.evaluate(`(async () => {
        const bytes = new Uint8Array(await (await fetch('${basename(file)}')).arrayBuffer());
        const t0 = performance.now();
        window.assembly = await w.load(bytes, { locateWasm: new URL('occt-import-js.wasm', location.href).href });
        return performance.now() - t0;
      })()`)) as number;
      rows.push([`load ${basename(file)} again (ms)`, fmt(nodeMs), fmt(nodeWorkerMs), fmt(pageMs)]);
      if (!basename(file).startsWith('as1')) continue;
      const poses = polylinePoses(BOLT.waypoints, STEPS).map((m) => m.toArray());
      const moving = assembly.parts.find((p) => p.path === BOLT.moving)!;
      const others = assembly.parts.filter((p) => p !== moving);
      const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
      await page.evaluate(`(() => {
        const poses = ${JSON.stringify(poses)}, identity = ${JSON.stringify(identity)};
        const moving = assembly.parts.find((p) => p.path === ${JSON.stringify(BOLT.moving)});
        const others = assembly.parts.filter((p) => p !== moving);
        window.runPath = (mode) => { const t = performance.now(); for (const pose of poses) for (const other of others) surfcd.collide(moving, pose, other, identity, { mode }); return (performance.now() - t) * 1000 / (poses.length * others.length); };
      })()`);
      for (const mode of MODES) {
        const run = (): number => {
          const t = performance.now();
          for (const pose of poses) for (const other of others) collide(moving, pose, other, identity, { mode });
          return ((performance.now() - t) * 1000) / (poses.length * others.length);
        };
        // Interleaved rounds, so machine load hits both sides alike; medians after warm-up.
        const node: number[] = [], inPage: number[] = [];
        for (let round = 0; round < 9; round++) {
          node.push(run());
          inPage.push((await page.evaluate(`runPath('${mode}')`)) as number);
        }
        const median = (v: number[]): number => v.slice(2).sort((a, b) => a - b)[Math.floor((v.length - 2) / 2)]!;
        rows.push([`collide ${mode}, as1 bolt path (µs per query, ${STEPS} steps × ${others.length})`, fmt(median(node)), '—', fmt(median(inPage))]);
      }
    }
    nodeWorker.terminate();
  } finally {
    await browser.close();
    server.close();
  }
  const { loadavg } = await import('node:os');
  process.stdout.write(table(`surfcd in Chromium ${browser.version()} vs Node ${process.version} (load average ${loadavg()[0]!.toFixed(1)})`, ['measure', 'Node', 'Node worker', 'Chromium worker / page'], rows) + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
