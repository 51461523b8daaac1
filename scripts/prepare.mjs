#!/usr/bin/env node
// `npm install` / `npm ci` in a clone runs this: `npm run build` when the dev tools are
// installed. Without them (`npm install --omit=dev`) there is nothing to build with; say so
// and succeed, so installing never fails for want of a compiler.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const missing = ['typescript', 'esbuild'].filter((name) => {
  try {
    require.resolve(`${name}/package.json`);
    return false;
  } catch {
    return true;
  }
});
if (missing.length > 0) {
  console.error(`surfcd prepare: ${missing.join(' and ')} not installed (dev dependencies omitted); skipping the build of dist/`);
  process.exit(0);
}
const npm = process.env['npm_execpath'];
const result = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
