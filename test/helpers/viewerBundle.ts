/**
 * The page bundles (dist/viewer/*.js) the report and view tests need: rebuilt with esbuild
 * only when a source under src/ or plugins/ is newer than them, so test files share one build.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './shared.js';

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = (name: string): number => {
  try {
    return statSync(join(projectRoot, 'dist/viewer', name)).mtimeMs;
  } catch {
    return 0;
  }
};

export function ensureViewerBundle(): void {
  const sources = Math.max(newest(join(projectRoot, 'src')), newest(join(projectRoot, 'plugins')), statSync(join(projectRoot, 'scripts/build-viewer.mjs')).mtimeMs);
  if (Math.min(built('page.js'), built('view.js')) > sources) return;
  execFileSync(process.execPath, [join(projectRoot, 'scripts/build-viewer.mjs'), '--quiet']);
}
