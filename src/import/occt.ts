import { createRequire } from 'node:module';

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
export interface OcctModule {
  ReadStepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  ReadIgesFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  ReadBrepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
}

/** Emscripten module options surfcd passes: where occt's messages go, and abort notice. */
export interface OcctModuleArg {
  print?: (line: string) => void;
  printErr?: (line: string) => void;
  onAbort?: (what: unknown) => void;
}

/** occt-import-js's factory: every call starts a fresh WASM instance (see occtSession.ts). */
export function occtFactory(): (moduleArg?: OcctModuleArg) => Promise<OcctModule> {
  const require = createRequire(import.meta.url);
  return require('occt-import-js') as (moduleArg?: OcctModuleArg) => Promise<OcctModule>;
}

let occtPromise: Promise<OcctModule> | null = null;

/** The WASM module is expensive to start (0.5–1.4 s): start it once per process. */
export function occtModule(): Promise<OcctModule> {
  if (!occtPromise) {
    const require = createRequire(import.meta.url);
    const factory = require('occt-import-js') as () => Promise<OcctModule>;
    occtPromise = factory();
    occtPromise.catch(() => {
      occtPromise = null;
    });
  }
  return occtPromise;
}
