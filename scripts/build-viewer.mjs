#!/usr/bin/env node
// Bundles the report page (src/viewer, with three.js) into dist/viewer/page.js and the live
// viewer (the same page plus the surfcd core and drag tools) into dist/viewer/view.js,
// each one minified browser script that `surfcd report` / `surfcd view` inline into their
// HTML. Prints the bundle sizes. Run by `npm run build`.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entries = [
  ['page', 'src/viewer/reportEntry.ts'],
  ['view', 'entries/view.ts'],
];

mkdirSync(resolve(root, 'dist/viewer'), { recursive: true });
for (const [name, entry] of entries) {
  const outfile = resolve(root, 'dist/viewer', `${name}.js`);
  await build({
    entryPoints: [resolve(root, entry)],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    legalComments: 'eof',
    logLevel: 'warning',
    // the page code is plain TS; tsconfig.json type-checks it, esbuild only strips types
    tsconfig: resolve(root, 'tsconfig.json'),
    // A page is no module and starts no worker thread: the URL the core keeps of the module
    // that registered the first-party plugins (for Node's worker threads) is null there.
    define: { 'import.meta.url': 'null' },
  });
  if (!process.argv.includes('--quiet')) process.stderr.write(`viewer: dist/viewer/${name}.js ${(statSync(outfile).size / 1024).toFixed(0)} KiB\n`);
}
