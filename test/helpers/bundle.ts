/** esbuild bundles of surfcd's entries for worker and browser tests (into a temp folder). */
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { projectRoot } from './shared.js';

const require = createRequire(import.meta.url);
/** The occt-import-js files a page or worker needs next to the bundle. */
export const occtWasmPath = join(dirname(require.resolve('occt-import-js')), 'occt-import-js.wasm');

export const bundleDir = (): string => mkdtempSync(join(tmpdir(), 'surfcd-bundle-'));

/** Bundles one entry of the project (path relative to the project root). */
export async function bundle(entry: string, outfile: string, options: BuildOptions = {}): Promise<Metafile> {
  const result = await build({
    entryPoints: [join(projectRoot, entry)],
    outfile,
    bundle: true,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: projectRoot,
    ...options,
  });
  return result.metafile!;
}
