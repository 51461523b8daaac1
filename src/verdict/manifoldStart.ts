/**
 * Starts manifold-3d (WASM) for interference volumes, only when volumes are asked for. In
 * Node its own copy of the .wasm is found next to its script; in a page give `locateWasm`
 * (where manifold.wasm is served), as for occt-import-js, or start it yourself and pass the
 * module to the volume functions. Not reachable from `surfcd/core`.
 */
import { SurfcdError } from '../errors.js';
import type { ManifoldModule } from './interferenceVolume.js';

export interface ManifoldStartOptions {
  /** URL or path of manifold.wasm (required in a page; Node finds its own). */
  locateWasm?: string | { readonly href: string };
}

export async function startManifold(options: ManifoldStartOptions = {}): Promise<ManifoldModule> {
  try {
    const factory = (await import('manifold-3d')).default;
    const where = options.locateWasm === undefined ? undefined : typeof options.locateWasm === 'string' ? options.locateWasm : options.locateWasm.href;
    const wasm = await (where !== undefined ? factory({ locateFile: () => where }) : factory());
    wasm.setup();
    return wasm as unknown as ManifoldModule;
  } catch (error) {
    throw new SurfcdError('VOLUME_FAILED', `manifold-3d (interference volumes) could not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
