/**
 * The occt-import-js (OpenCascade, WASM) instance. Browser-safe: no `createRequire`, no
 * `node:` imports. Three ways to get one, in this order:
 *  - `occt`: an instance the caller made (e.g. `await occtimportjs({ locateFile })`), or a promise of one;
 *  - `locateWasm`: where `occt-import-js.wasm` is (URL or path); fetched here when it is http(s)/blob/data,
 *    so it works in module workers too, where emscripten cannot fetch by itself;
 *  - nothing: in Node, the copy next to occt-import-js's own script (its default). In a page this
 *    would fetch the wasm from the page's folder, so it is refused with a message saying what to pass.
 */
import { SurfcdError } from '../errors.js';

/** The subset of occt-import-js's result that surfcd reads. */
export interface OcctMesh {
  name?: string;
  color?: [number, number, number];
  brep_faces?: { first: number; last: number; color: [number, number, number] | null }[];
  attributes: { position: { array: ArrayLike<number> }; normal?: { array: ArrayLike<number> } };
  index?: { array: ArrayLike<number> };
}
export interface OcctNode {
  name?: string;
  meshes?: number[];
  children?: OcctNode[];
}
export interface OcctResult {
  success: boolean;
  root?: OcctNode;
  meshes?: OcctMesh[];
}
export interface OcctParams {
  linearUnit?: 'millimeter';
  linearDeflectionType?: 'bounding_box_ratio' | 'absolute_value';
  linearDeflection?: number;
  angularDeflection?: number;
}
/** An occt-import-js instance (what its factory's promise resolves to). */
export interface OcctModule {
  ReadStepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  ReadIgesFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  ReadBrepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
}
/** Emscripten module arguments occt-import-js's factory accepts (the ones surfcd uses). */
export interface OcctModuleArgs {
  locateFile?: (file: string, scriptDirectory: string) => string;
  wasmBinary?: ArrayBuffer | Uint8Array;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}
export type OcctFactory = (args?: OcctModuleArgs) => Promise<OcctModule>;

export interface OcctOptions {
  /** An occt-import-js instance to read with (or a promise of one), instead of starting one. */
  occt?: OcctModule | Promise<OcctModule>;
  /** Where `occt-import-js.wasm` is: a URL (http, https, blob, data, file) or a file path. Required in a page unless `occt` is given. */
  locateWasm?: string | { readonly href: string };
}

/**
 * Where the instances surfcd starts send what they print (occt writes its messages with
 * print/printErr, console.log by default: stdout). occtSession.ts captures them per call;
 * outside a call they are dropped. Never stdout, so `--format json | jq` keeps working.
 */
let occtOutput: ((line: string) => void) | null = null;
export function setOcctOutput(sink: ((line: string) => void) | null): void {
  occtOutput = sink;
}
const forwardOutput = (line: string): void => occtOutput?.(String(line));

/** One started instance per wasm location (starting one costs 0.5–1.4 s). */
const started = new Map<string, Promise<OcctModule>>();

const isNode = (): boolean => typeof process === 'object' && process !== null && typeof process.versions?.node === 'string';

/** The occt instance to read with (see the module comment). */
export async function occtModule(options: OcctOptions = {}): Promise<OcctModule> {
  if (options.occt !== undefined && options.occt !== null) {
    const instance = await options.occt;
    if (!instance || typeof instance.ReadStepFile !== 'function' || typeof instance.ReadIgesFile !== 'function' || typeof instance.ReadBrepFile !== 'function') {
      throw new SurfcdError('INVALID_OPTION', 'loadAssembly: "occt" is not an occt-import-js instance (expected ReadStepFile, ReadIgesFile and ReadBrepFile functions)');
    }
    return instance;
  }
  const wasm = options.locateWasm;
  if (wasm !== undefined && typeof wasm !== 'string' && typeof (wasm as { href?: unknown })?.href !== 'string') {
    throw new SurfcdError('INVALID_OPTION', `loadAssembly: "locateWasm" must be a URL or a path string, got ${typeof wasm}`);
  }
  if (wasm === undefined && !isNode()) {
    throw new SurfcdError(
      'INVALID_OPTION',
      'loadAssembly: outside Node, say where occt-import-js.wasm is ({ locateWasm: url }) or pass an instance ({ occt }); otherwise it is fetched from the page\'s folder',
    );
  }
  const key = wasm === undefined ? '' : typeof wasm === 'string' ? wasm : wasm.href;
  let instance = started.get(key);
  if (!instance) {
    instance = startOcct(wasm === undefined ? undefined : key);
    started.set(key, instance);
    // A failed start is not cached: the next load tries again.
    instance.catch(() => started.delete(key));
  }
  return instance;
}

/** Forgets the started instances (e.g. after the WASM aborted); the next load starts a fresh one. */
export function resetOcct(): void {
  started.clear();
}

async function startOcct(href: string | undefined): Promise<OcctModule> {
  const factory = await occtFactory();
  const args: OcctModuleArgs = { print: forwardOutput, printErr: forwardOutput };
  if (href !== undefined) {
    if (/^(https?|blob|data):/i.test(href) && typeof fetch === 'function') {
      const response = await fetch(href);
      if (!response.ok) throw new SurfcdError('IMPORT_FAILED', `loadAssembly: cannot fetch occt-import-js.wasm from ${href} (HTTP ${response.status})`);
      args.wasmBinary = new Uint8Array(await response.arrayBuffer());
    } else {
      const location = /^file:/i.test(href) ? decodeURIComponent(new URL(href).pathname) : href;
      args.locateFile = (file) => (file.endsWith('.wasm') ? location : file);
    }
  }
  return factory(args);
}

async function occtFactory(): Promise<OcctFactory> {
  try {
    const mod = (await import('occt-import-js')) as { default?: unknown };
    const factory = typeof mod.default === 'function' ? mod.default : mod;
    if (typeof factory !== 'function') throw new Error('the module does not export a factory function');
    return factory as OcctFactory;
  } catch (error) {
    if (error instanceof SurfcdError) throw error;
    throw new SurfcdError('IMPORT_FAILED', `loadAssembly: cannot load occt-import-js (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
}
