#!/usr/bin/env node
// `npm install` / `npm ci` in a clone runs this: build dist/ when the dev tools are installed.
// Without them (`npm install --omit=dev`) there is nothing to build with; say so and succeed,
// so installing never fails for want of a compiler.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let tsc;
try {
  tsc = require.resolve('typescript/bin/tsc');
} catch {
  console.error('surfcd prepare: typescript is not installed (dev dependencies omitted); skipping the build of dist/');
  process.exit(0);
}
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
