import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundle, bundleDir } from '../helpers/bundle.js';

/** Browser-facing entries: none may reach node: modules, the WASM reader or three (unless it is the bridge). */
const ENTRIES = [
  { entry: 'entries/core.ts', name: 'core', occt: false },
  { entry: 'src/worker.ts', name: 'worker', occt: false },
  { entry: 'src/three.ts', name: 'three', occt: false, external: ['three'] },
  { entry: 'src/plugin.ts', name: 'plugin', occt: false },
  // These read CAD files: occt's glue is in, its Node-only requires stay out.
  { entry: 'src/load.ts', name: 'load', occt: true, external: ['path', 'crypto'] },
  { entry: 'src/worker/webWorker.ts', name: 'worker-script', occt: true, external: ['path', 'crypto'] },
  // Interference volumes: manifold-3d's glue is in, its Node-only `node:module` stays out.
  { entry: 'src/volumes.ts', name: 'volumes', occt: false, manifold: true, external: ['node:module'] },
];

describe('browser bundles (esbuild, platform browser)', () => {
  let dir: string;
  beforeAll(() => {
    dir = bundleDir();
  });

  for (const { entry, name, occt, external, manifold = false } of ENTRIES) {
    it.each(['esm', 'iife'] as const)(`${name} bundles as %s with no node: import`, async (format) => {
      const outfile = join(dir, `${name}.${format}.js`);
      const meta = await bundle(entry, outfile, { platform: 'browser', format, minify: true, ...(external ? { external } : {}) });
      const inputs = Object.keys(meta.inputs);
      const imports = Object.values(meta.inputs).flatMap((i) => i.imports.map((im) => im.path));
      expect(imports.filter((p) => p.startsWith('node:'))).toEqual(manifold ? ['node:module'] : []);
      expect(inputs.filter((p) => /(^|\/)(fs|path|url|module|worker_threads)\.|node_modules\/@types/.test(p))).toEqual([]);
      expect(inputs.some((p) => p.includes('occt-import-js'))).toBe(occt);
      // manifold-3d (interference volumes) only through surfcd/volumes: the core takes a started module.
      expect(inputs.some((p) => p.includes('manifold-3d'))).toBe(manifold);
      if (name !== 'three') expect(inputs.some((p) => p.includes('node_modules/three/'))).toBe(false);
      expect(inputs.some((p) => p.includes('loadPlugin') || p.includes('readFile'))).toBe(false);
      if (name === 'core' && format === 'esm') {
        const bytes = statSync(outfile).size;
        const gz = gzipSync(readFileSync(outfile)).length;
        console.log(`surfcd/core minified: ${(bytes / 1024).toFixed(1)} KiB, gzipped ${(gz / 1024).toFixed(1)} KiB`);
      }
    });
  }

  it('a page that uses only partFromMesh and collide tree-shakes the constraint recognizer away, and its first-party narrow phases work', async () => {
    const page = join(dir, 'page.ts');
    writeFileSync(page, [
      `import { partFromMesh, collide } from '${join(process.cwd(), 'entries/core.ts')}';`,
      `const part = partFromMesh({ name: 'p', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 2] });`,
      `const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];`,
      `export const answer = collide(part, I, part, I, { method: 'obbtree' }).intersecting;`,
    ].join('\n'));
    const outfile = join(dir, 'page.mjs');
    const meta = await bundle(page, outfile, { platform: 'browser', format: 'esm', minify: true, entryPoints: [page] });
    const output = Object.values(meta.outputs)[0]!;
    const inputs = Object.entries(output.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([p]) => p);
    expect(inputs.some((p) => p.includes('src/collide/collide.ts'))).toBe(true);
    expect(inputs.some((p) => p.includes('src/constraints/recognize.ts'))).toBe(false);
    // The entry's one statement (handing the first-party plugins to the registry) survives
    // tree-shaking (package.json sideEffects lists the entries), so a bundled page has them.
    // The constraint plugins' rules ride along with it: the list is handed over whole.
    expect(inputs.some((p) => p.includes('entries/installFirstParty.ts'))).toBe(true);
    expect(((await import(pathToFileURL(outfile).href)) as { answer: boolean }).answer).toBe(true);
  });
});
