import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundle, bundleDir } from '../helpers/bundle.js';

/** Browser-facing entries: none may reach node: modules, the WASM reader or three (unless it is the bridge). */
const ENTRIES = [
  { entry: 'src/core.ts', name: 'core', occt: false },
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

  it('a page that uses only partFromMesh and collide tree-shakes the constraint recognizer away', async () => {
    const page = join(dir, 'page.ts');
    writeFileSync(page, `import { partFromMesh, collide } from '${join(process.cwd(), 'src/core.ts')}';\nconsole.log(partFromMesh, collide);\n`);
    const meta = await bundle(page, join(dir, 'page.js'), { platform: 'browser', format: 'esm', minify: true, entryPoints: [page] });
    const output = Object.values(meta.outputs)[0]!;
    const inputs = Object.entries(output.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([p]) => p);
    expect(inputs.some((p) => p.includes('src/collide/collide.ts'))).toBe(true);
    expect(inputs.some((p) => p.includes('src/constraints/recognize.ts') || p.includes('plugins/constraints-basic'))).toBe(false);
  });
});
