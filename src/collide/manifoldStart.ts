/**
 * Starts manifold-3d (WASM) for interference volumes, only when volumes are asked for, by
 * the same rules as occt-import-js (`import/occt.ts`):
 *  - `manifold`: an instance the caller started (`await Module(); m.setup()`), or a promise of one;
 *  - `locateWasm`: where `manifold.wasm` is (URL or path); fetched here when it is
 *    http(s)/blob/data, so module workers work too;
 *  - nothing: in Node, the copy next to manifold-3d's own script. In a page that would fetch
 *    the wasm from the page's folder, so it is refused with a message saying what to pass.
 * Browser-safe (no `node:` imports); reached from `surfcd` and `surfcd/volumes`, never from
 * `surfcd/core`.
 */
import { SurfcdError } from '../errors.js';
import type { ManifoldModule } from './interferenceVolume.js';

export interface ManifoldStartOptions {
  /** A started manifold-3d module (or a promise of one), used as it is. */
  manifold?: ManifoldModule | Promise<ManifoldModule>;
  /** Where `manifold.wasm` is: a URL (http, https, blob, data, file) or a file path. Required in a page unless `manifold` is given. */
  locateWasm?: string | { readonly href: string };
}

/** The emscripten arguments manifold-3d's factory takes (the ones used here). */
interface ManifoldArgs {
  locateFile?: (file: string, scriptDirectory: string) => string;
  wasmBinary?: Uint8Array;
}

const isNode = (): boolean => typeof process === 'object' && process !== null && typeof process.versions?.node === 'string';

export async function startManifold(options: ManifoldStartOptions = {}): Promise<ManifoldModule> {
  if (options.manifold !== undefined && options.manifold !== null) {
    const instance = await options.manifold;
    if (!instance || typeof instance.Manifold !== 'function' || typeof instance.Mesh !== 'function') {
      throw new SurfcdError('INVALID_OPTION', 'startManifold: "manifold" is not a started manifold-3d module (expected its Manifold and Mesh classes: `const m = await Module(); m.setup()`)');
    }
    return instance;
  }
  const wasm = options.locateWasm;
  if (wasm !== undefined && typeof wasm !== 'string' && typeof (wasm as { href?: unknown })?.href !== 'string') {
    throw new SurfcdError('INVALID_OPTION', `startManifold: "locateWasm" must be a URL or a path string, got ${typeof wasm}`);
  }
  if (wasm === undefined && !isNode()) {
    throw new SurfcdError('INVALID_OPTION', "startManifold: outside Node, say where manifold.wasm is ({ locateWasm: url }) or pass a started module ({ manifold }); otherwise it is fetched from the page's folder");
  }
  const href = wasm === undefined ? undefined : typeof wasm === 'string' ? wasm : wasm.href;
  let args: ManifoldArgs = {};
  if (href !== undefined) {
    if (/^(https?|blob|data):/i.test(href) && typeof fetch === 'function') {
      const response = await fetch(href).catch((error: unknown) => {
        throw new SurfcdError('VOLUME_FAILED', `startManifold: cannot fetch manifold.wasm from ${href} (${error instanceof Error ? error.message : String(error)})`);
      });
      if (!response.ok) throw new SurfcdError('VOLUME_FAILED', `startManifold: cannot fetch manifold.wasm from ${href} (HTTP ${response.status})`);
      // locateFile too: without it the glue resolves the wasm against import.meta.url, which a classic-script bundle lacks
      args = { wasmBinary: new Uint8Array(await response.arrayBuffer()), locateFile: (file) => (file.endsWith('.wasm') ? href : file) };
    } else {
      const location = /^file:/i.test(href) ? decodeURIComponent(new URL(href).pathname) : href;
      args = { locateFile: (file) => (file.endsWith('.wasm') ? location : file) };
    }
  }
  try {
    const factory = (await import('manifold-3d')).default as unknown as (args: ManifoldArgs) => Promise<{ setup(): void }>;
    const instance = await factory(args);
    instance.setup();
    return instance as unknown as ManifoldModule;
  } catch (error) {
    throw new SurfcdError('VOLUME_FAILED', `manifold-3d (interference volumes) could not start${href !== undefined ? ` from ${href}` : ''}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
