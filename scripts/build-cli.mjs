#!/usr/bin/env node
// Bundles the CLI (entries/cli.ts) into dist/cli/: surfcd.js and the chunks its commands load
// on demand (esbuild code splitting), so a cold `surfcd` start reads a few files instead of
// ~100 modules. Run by `npm run build` after tsc, whose dist/src/ the bundle still uses:
//   - packages stay external (resolved from node_modules as before), except commander and
//     rbush-3d (the part-level broad phase; a bare specifier costs a resolution). commander is
//     CommonJS, and importing it from ESM costs a cold start the CJS loader, its export lexer
//     and seven file reads (~11 ms of CPU, paired); bundled, it is one more chunk. Only the CLI uses it
//     (plugins never see its objects), so a private copy changes nothing;
//   - worker scripts (piscina's sweep worker, the Node worker) and files found next to a
//     module (package.json, dist/viewer/*.js) are reached through `import.meta.url`, which
//     in a bundle would name the chunk; each module's own `import.meta.url` is rewritten to
//     the URL of its tsc-built twin under dist/src/, so those paths resolve exactly as
//     unbundled. Workers run in their own threads, so they share no module state with the CLI.
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
const BUNDLED_PACKAGES = ['commander', 'rbush-3d'];
const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })
  .filter((name) => !BUNDLED_PACKAGES.includes(name))
  .flatMap((name) => [name, `${name}/*`]);
const outdir = resolve(root, 'dist/cli');

/** `import.meta.url` of a source module → the URL of its built twin, relative to the bundle's folder. */
const builtModuleUrl = {
  name: 'built-module-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const twin = resolve(root, 'dist', relative(root, args.path)).replace(/\.ts$/, '.js');
      const rel = relative(outdir, twin).split('\\').join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: { surfcd: resolve(root, 'entries/cli.ts') },
  outdir,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: ['node20'],
  external,
  // The bundled CommonJS package requires Node built-ins; an ES module has no `require`.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [builtModuleUrl],
  legalComments: 'none',
  logLevel: 'warning',
  tsconfig: resolve(root, 'tsconfig.json'),
});
if (!process.argv.includes('--quiet')) process.stderr.write(`cli: dist/cli/surfcd.js ${(statSync(resolve(outdir, 'surfcd.js')).size / 1024).toFixed(0)} KiB (+ chunks)\n`);
