/**
 * Loading in workers, both flavours, against an in-process load of the same file: Node
 * worker_threads, and a Web Worker in headless Chromium (skipped visibly without one), plus
 * the browser-safe core colliding in the page like Node does.
 */
import { Matrix4, Quaternion, TorusGeometry, Vector3 } from 'three';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collide, createNodeAssemblyWorker, findContacts, loadAssembly, partFromMesh, SurfcdError, type Assembly, type LoadProgress, type MeshInput } from '../../src/index.js';
import { bundle, bundleDir, occtWasmPath } from '../helpers/bundle.js';
import { describeBrowser } from '../helpers/browser.js';
import { openSite, startTestSite, type OpenSite } from '../helpers/browserPage.js';
import { mulberry32 } from '../helpers/soup.js';
import { sample } from '../helpers/shared.js';

/** Two meshes with several surfaces each, and random poses that make them touch or cross. */
function meshes(): MeshInput[] {
  const torus = new TorusGeometry(10, 3, 12, 24);
  const knot = new TorusGeometry(8, 2, 8, 16);
  return [torus, knot].map((g, k) => {
    const triangles = g.getIndex()!.count / 3;
    const cut = [0, Math.floor(triangles / 3), Math.floor((2 * triangles) / 3), triangles];
    return {
      name: k === 0 ? 'torus' : 'ring',
      positions: Array.from(g.getAttribute('position').array),
      indices: Array.from(g.getIndex()!.array),
      surfaces: cut.slice(1).map((end, i) => ({ first: cut[i]!, last: end - 1 })),
    };
  });
}

function poses(count: number): number[][] {
  const rnd = mulberry32(9);
  return Array.from({ length: count }, () => {
    const q = new Quaternion(rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5).normalize();
    return new Matrix4().compose(new Vector3((rnd() - 0.5) * 30, (rnd() - 0.5) * 30, (rnd() - 0.5) * 10), q, new Vector3(1, 1, 1)).toArray();
  });
}

const summary = (a: Pick<Assembly, 'parts'>): unknown => a.parts.map((p) => [p.path, p.surfaces.length, p.indices.length / 3]);
const contactKeys = (a: Assembly) => findContacts(a).contacts.map((c) => `${c.partA}:${c.surfaceA}|${c.partB}:${c.surfaceB}`);

/** rig.step loaded in this process, once for both worker flavours (the reference). */
let localRig: Promise<Assembly> | null = null;
const rigInProcess = (): Promise<Assembly> => (localRig ??= loadAssembly(sample('rig.step')));

describe('createNodeAssemblyWorker (worker_threads)', () => {
  let script: string;
  const rigBytes = readFileSync(sample('rig.step'));
  beforeAll(async () => {
    // Vitest runs TypeScript; the worker thread needs JavaScript: bundle the worker entry.
    script = join(bundleDir(), 'nodeWorker.cjs');
    await bundle('src/worker/nodeWorker.ts', script, { platform: 'node', format: 'cjs' });
  });

  it('loads rig.step off the main thread: same parts, indexes and contacts as in-process, with progress', async () => {
    const worker = createNodeAssemblyWorker(script);
    const progress: LoadProgress[] = [];
    try {
      const remote = await worker.load(new Uint8Array(rigBytes), { locateWasm: occtWasmPath, fileName: 'rig.step', onProgress: (p) => progress.push(p) });
      const local = await rigInProcess();
      expect(summary(remote)).toEqual(summary(local));
      // Indexed in the worker, not here: the trees arrive as they were built.
      remote.parts.forEach((p, i) => {
        expect(p.surfaceTree).not.toBeNull();
        expect(p.surfaces.every((s) => s.part === p)).toBe(true);
        expect(Array.from(p.surfaceTree!.nodeBoxes)).toEqual(Array.from(local.parts[i]!.surfaceTree!.nodeBoxes));
      });
      expect(contactKeys(remote)).toEqual(contactKeys(local));
      expect(progress.map((p) => p.stage)).toEqual(['start', 'read', 'mesh', ...local.parts.map(() => 'build'), ...local.parts.map(() => 'index'), 'transfer']);
      expect(progress.filter((p) => p.stage === 'build').at(-1)).toEqual({ stage: 'build', done: local.parts.length, total: local.parts.length });
      // the mesh stage's estimate: the file's CARTESIAN_POINTs at the default 1 ms (a worker has no cache to learn a rate in)
      const points = (Buffer.from(rigBytes).toString('latin1').match(/CARTESIAN_POINT\s*\(/g) ?? []).length;
      expect(progress.find((p) => p.stage === 'mesh')).toEqual({ stage: 'mesh', estimateMs: points, points, msPerPoint: 1 });
      expect(progress.at(-2)).toEqual({ stage: 'index', done: local.parts.length, total: local.parts.length });
    } finally {
      worker.terminate();
    }
  });

  it('an AbortSignal stops the load (the worker is restarted for the next one); errors keep their code', async () => {
    const worker = createNodeAssemblyWorker(script);
    try {
      const controller = new AbortController();
      const queued = worker.load(new Uint8Array(rigBytes), { locateWasm: occtWasmPath }).catch((e: unknown) => e);
      const aborted = worker.load(new Uint8Array(rigBytes), {
        locateWasm: occtWasmPath,
        signal: controller.signal,
        onProgress: (p) => p.stage === 'read' && controller.abort(new Error('user cancelled')),
      });
      await expect(aborted).rejects.toThrow('user cancelled');
      // A load queued on the same worker is not lost silently: it fails, saying why.
      const other = (await queued) as SurfcdError;
      expect(other).toBeInstanceOf(SurfcdError);
      expect(`${other.code}: ${other.message}`).toBe('IMPORT_FAILED: AssemblyWorker: another load on this worker was aborted');
      // Answered by a fresh worker: the aborted one was terminated.
      const empty = await worker.load(new Uint8Array(0), { locateWasm: occtWasmPath }).catch((e: unknown) => e);
      expect(empty).toBeInstanceOf(SurfcdError);
      expect((empty as SurfcdError).code).toBe('EMPTY_FILE');
    } finally {
      worker.terminate();
    }
  });
});

describeBrowser('surfcd in headless Chromium', () => {
  let opened: OpenSite;
  let page: Page;
  beforeAll(async () => {
    opened = await openSite(startTestSite([sample('rig.step')]));
    page = opened.page;
  });
  afterAll(async () => opened?.close());

  it('collide on two meshes gives the same surface and triangle pairs as in Node', async () => {
    const input = meshes();
    const list = poses(40);
    const inPage = (await page.evaluate(
      `(() => {
        const [input, poses] = ${JSON.stringify([input, list])};
        const [a, b] = input.map((m) => surfcd.partFromMesh(m));
        const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
        return poses.map((pose) => {
          const r = surfcd.collide(a, pose, b, identity, { mode: 'all-triangles' });
          return { pairs: r.surfacePairs, triangles: Array.from(r.trianglePairs) };
        });
      })()`,
    )) as { pairs: unknown; triangles: number[] }[];
    const [a, b] = input.map((m) => partFromMesh(m));
    const identity = new Matrix4();
    const inNode = list.map((pose) => {
      const r = collide(a!, pose, b!, identity, { mode: 'all-triangles' });
      return { pairs: r.surfacePairs, triangles: Array.from(r.trianglePairs!) };
    });
    expect(inNode.filter((r) => r.triangles.length > 0).length).toBeGreaterThan(5); // the poses do collide
    expect(inPage).toEqual(inNode);
  });

  it('loadAssembly of rig.step in a Web Worker gives the same parts and contacts as Node, while the page keeps running', async () => {
    // Node's load runs while the page's worker loads (the machine has few cores).
    const localLoad = rigInProcess();
    const result = (await page.evaluate(`(async () => {
      const bytes = new Uint8Array(await (await fetch('rig.step')).arrayBuffer());
      const worker = surfcd.createWebAssemblyWorker(() => new Worker('worker.js'));
      let ticks = 0, last = performance.now(), maxGap = 0;
      const timer = setInterval(() => { const now = performance.now(); maxGap = Math.max(maxGap, now - last); last = now; ticks++; }, 10);
      const stages = [];
      const t0 = performance.now();
      const assembly = await worker.load(bytes, { locateWasm: new URL('occt-import-js.wasm', location.href).href, fileName: 'rig.step', onProgress: (p) => stages.push(p.stage) });
      const ms = performance.now() - t0;
      clearInterval(timer);
      worker.terminate();
      return {
        parts: assembly.parts.map((p) => [p.path, p.surfaces.length, p.indices.length / 3]),
        indexed: assembly.parts.every((p) => p.surfaceTree !== null),
        contacts: surfcd.findContacts(assembly).contacts,
        ticks, maxGap, ms, stages,
      };
    })()`)) as { parts: unknown; indexed: boolean; contacts: unknown; ticks: number; maxGap: number; ms: number; stages: string[] };
    const local = await localLoad;
    const localContacts = findContacts(local).contacts;
    expect(result.parts).toEqual(summary(local));
    expect(result.indexed).toBe(true);
    expect(result.contacts).toEqual(JSON.parse(JSON.stringify(localContacts)));
    expect(result.stages.slice(0, 2)).toEqual(['start', 'read']);
    expect(result.stages.at(-1)).toBe('transfer');
    // The main thread kept running: the 10 ms timer ticked through the load.
    expect(result.ticks).toBeGreaterThan(Math.min(20, result.ms / 50));
    console.log(`rig in a Chromium worker: ${result.ms.toFixed(0)} ms, ${result.ticks} timer ticks, longest main-thread gap ${result.maxGap.toFixed(0)} ms`);
  });

  it('without locateWasm or occt, loading outside Node says what to pass', async () => {
    const message = await page.evaluate(`(async () => {
      const worker = surfcd.createWebAssemblyWorker(() => new Worker('worker.js'));
      const bytes = new Uint8Array(await (await fetch('rig.step')).arrayBuffer());
      try { await worker.load(bytes); return 'loaded?'; }
      catch (e) { return e.code + ': ' + e.message; }
      finally { worker.terminate(); }
    })()`);
    expect(message).toMatch(/^INVALID_OPTION: loadAssembly: outside Node, say where occt-import-js\.wasm is/);
  });
});
