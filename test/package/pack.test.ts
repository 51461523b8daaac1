/**
 * What `npm publish` would ship, and that it works as a package: run against the built
 * dist/ (`npm run build`, which `npm ci` runs through `prepare`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleDir } from '../helpers/bundle.js';
import { projectRoot } from '../helpers/shared.js';

const built = existsSync(join(projectRoot, 'dist/src/core.js'));
const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, string> | string> };

/** A folder whose node_modules/surfcd is this project, as an installed package would be. */
function consumerDir(): string {
  const dir = bundleDir();
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(projectRoot, join(dir, 'node_modules/surfcd'), 'dir');
  return dir;
}

describe.runIf(built)('the npm package', () => {
  let files: string[];
  beforeAll(() => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    files = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
  });

  it('ships the entries, LICENSE and README, and nothing dev-only', () => {
    for (const f of ['LICENSE', 'README.md', 'package.json', 'dist/src/index.js', 'dist/src/core.js', 'dist/src/worker/webWorker.js', 'dist/src/cli/main.js', 'dist/cli/surfcd.js', 'dist/plugins/constraints-basic/index.js']) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => /(^|\/)(test|bench)\//.test(f))).toEqual([]);
    // No source maps without their sources, and no TypeScript sources that import ../../src.
    const maps = files.filter((f) => f.endsWith('.map'));
    for (const map of maps) {
      const sources = (JSON.parse(readFileSync(join(projectRoot, map), 'utf8')) as { sources: string[] }).sources;
      for (const s of sources) expect(files).toContain(posix.normalize(posix.join(posix.dirname(map), s)));
    }
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('every relative import in a shipped module or declaration resolves to a shipped file', () => {
    const shipped = new Set(files);
    const missing: string[] = [];
    for (const f of files.filter((f) => /\.(js|d\.ts)$/.test(f))) {
      const text = readFileSync(join(projectRoot, f), 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        let target = posix.normalize(posix.join(posix.dirname(f), m[1]!));
        if (f.endsWith('.d.ts')) target = target.replace(/\.js$/, '.d.ts');
        if (!shipped.has(target)) missing.push(`${f} → ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every export target is shipped, with types for each entry', () => {
    for (const [entry, target] of Object.entries(pkg.exports)) {
      const conditions = typeof target === 'string' ? { default: target } : target;
      for (const path of Object.values(conditions)) expect(files, `${entry} → ${path}`).toContain(path.replace(/^\.\//, ''));
      if (typeof target !== 'string' && entry !== './worker-script') expect(Object.keys(target)).toEqual(['types', 'import', 'default']);
    }
  });

  it("require('surfcd') and import('surfcd/…') work from a consumer's node_modules", () => {
    const consumer = consumerDir();
    const script = [
      "const s = require('surfcd');",
      "const core = require('surfcd/core');",
      "if (typeof s.loadAssembly !== 'function' || typeof core.collide !== 'function' || 'loadAssembly' in core) throw new Error('wrong exports');",
      "if (core.registeredPlugins()[0].name !== 'constraints-basic') throw new Error('first-party plugin not registered');",
      "Promise.all(['surfcd/load', 'surfcd/worker', 'surfcd/three', 'surfcd/plugin', 'surfcd/volumes'].map((e) => import(e))).then((m) => { if (typeof m[3].bruteForceCollide !== 'function' || typeof m[3].LeafPairs !== 'function') throw new Error('surfcd/plugin lacks its helpers'); if (typeof m[4].startManifold !== 'function') throw new Error('surfcd/volumes lacks startManifold'); console.log('ok', m.length); });",
    ].join('\n');
    const run = spawnSync(process.execPath, ['-e', script], { cwd: consumer, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('ok 5');
  });

  it('declarations type-check with lib es2022, no DOM and no @types/node (surfcd/three is left out: three needs the DOM)', () => {
    const consumer = consumerDir();
    const check = (entries: string[], lib: string[]): string[] => {
      const file = join(consumer, `use-${lib.length}.mts`);
      writeFileSync(file, entries.map((e, i) => `import * as m${i} from '${posix.join('surfcd', e)}';\nexport const k${i} = Object.keys(m${i});`).join('\n'));
      const program = ts.createProgram([file], {
        strict: true, noEmit: true, skipLibCheck: false, lib: lib.map((l) => `lib.${l}.d.ts`), types: [],
        module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022,
      });
      return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    };
    expect(check(['.', './core', './load', './worker', './plugin', './volumes'], ['es2022'])).toEqual([]);
  });
});

if (!built) describe.skip('the npm package [skipped: dist/ not built; run npm run build]', () => it('', () => {}));
