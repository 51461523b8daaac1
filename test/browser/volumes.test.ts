/**
 * Interference volumes in a page: `surfcd/volumes` starts manifold-3d by the rules
 * `surfcd/load` uses for occt (`locateWasm`, or a started module; nothing is refused outside
 * Node), and gives the same volumes as Node. Headless Chromium (skipped visibly without one).
 */
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pairVolumes, partFromMesh, startManifold, type MeshInput } from '../../src/index.js';
import { assemblyOf } from '../constraints/meshes.js';
import { bundle, bundleDir } from '../helpers/bundle.js';
import { describeBrowser } from '../helpers/browser.js';
import { openSite, serveDir, type OpenSite } from '../helpers/browserPage.js';

const manifoldWasm = createRequire(import.meta.url).resolve('manifold-3d/manifold.wasm');

/** A closed box as an indexed mesh, one surface per face (outward winding). */
function boxMesh(name: string, lo: number[], hi: number[]): MeshInput {
  const v = (i: number): number[] => [i & 1 ? hi[0]! : lo[0]!, i & 2 ? hi[1]! : lo[1]!, i & 4 ? hi[2]! : lo[2]!];
  const quads = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
  return {
    name,
    positions: [0, 1, 2, 3, 4, 5, 6, 7].flatMap(v),
    indices: quads.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]),
    surfaces: quads.map((_, k) => ({ first: 2 * k, last: 2 * k + 1 })),
  };
}
const MESHES = [boxMesh('a', [0, 0, 0], [2, 3, 4]), boxMesh('b', [1, 1.5, 1], [5, 5, 2.5])];

describeBrowser('surfcd/volumes in a page (Chromium)', () => {
  let opened: OpenSite;
  let page: Page;
  beforeAll(async () => {
    const dir = bundleDir();
    // manifold-3d's glue imports node:module only on its Node code path
    await bundle('test/browser/volumesPage.ts', join(dir, 'page.js'), { platform: 'browser', format: 'iife', external: ['node:module'] });
    copyFileSync(manifoldWasm, join(dir, 'manifold.wasm'));
    opened = await openSite(serveDir(dir));
    page = opened.page;
  });
  afterAll(async () => opened?.close());

  it('without locateWasm or a module it refuses with what to pass; a non-module is refused', async () => {
    const messages = await page.evaluate(async () => {
      const s = (globalThis as unknown as { surfcd: { startManifold(o?: unknown): Promise<unknown> } }).surfcd;
      const message = (p: Promise<unknown>) => p.then(() => 'started', (e: { code?: string; message: string }) => `${e.code}: ${e.message}`);
      return [await message(s.startManifold()), await message(s.startManifold({ manifold: {} })), await message(s.startManifold({ locateWasm: `${location.origin}/missing.wasm` }))];
    });
    expect(messages[0]).toBe("INVALID_OPTION: startManifold: outside Node, say where manifold.wasm is ({ locateWasm: url }) or pass a started module ({ manifold }); otherwise it is fetched from the page's folder");
    expect(messages[1]).toMatch(/^INVALID_OPTION: startManifold: "manifold" is not a started manifold-3d module/);
    expect(messages[2]).toMatch(/^VOLUME_FAILED: startManifold: cannot fetch manifold\.wasm from http:\/\/127\.0\.0\.1:\d+\/missing\.wasm \(HTTP 404\)$/);
  });

  it('started from locateWasm (or handed in) it gives the same exact volume and centroid as Node', async () => {
    const inPage = await page.evaluate(async (meshes) => {
      type Api = { startManifold(o?: unknown): Promise<unknown>; partFromMesh(m: unknown): { path: string; name: string }; pairVolumes(asm: unknown, pairs: unknown, o: unknown): Map<string, unknown> };
      const s = (globalThis as unknown as { surfcd: Api }).surfcd;
      const manifold = await s.startManifold({ locateWasm: `${location.origin}/manifold.wasm` });
      const again = await s.startManifold({ manifold });
      const parts = meshes.map((m) => s.partFromMesh(m));
      const assembly = { name: 'boxes', units: 'mm', root: { name: '', path: '', children: [], parts: [0, 1] }, parts: parts.map((p, i) => Object.assign(p, { path: p.name, index: i })) };
      return [...s.pairVolumes(assembly, [{ partA: 'a', partB: 'b' }], { manifold: again }).values()];
    }, MESHES);
    const parts = MESHES.map((m, i) => Object.assign(partFromMesh(m), { path: m.name, index: i }));
    const inNode = [...pairVolumes(assemblyOf(parts), [{ partA: 'a', partB: 'b' }], { manifold: await startManifold() }).values()];
    expect(inPage).toEqual(inNode);
    // the common box: [1, 2] × [1.5, 3] × [1, 2.5]
    expect(inNode[0]).toMatchObject({ volumeMethod: 'exact' });
    expect(Math.abs(inNode[0]!.volume - 1 * 1.5 * 1.5)).toBeLessThan(1e-9);
    inNode[0]!.centroid!.forEach((c, k) => expect(c).toBeCloseTo([1.5, 2.25, 1.75][k]!, 9));
  });
});
