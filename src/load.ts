/**
 * surfcd/load — reading STEP/IGES/BREP bytes with occt-import-js in any runtime (browser
 * main thread, Web Worker, Node, Deno). Outside Node pass `locateWasm` or `occt`.
 * For a page, prefer `surfcd/worker`: the read blocks its thread for seconds.
 */
export { loadAssembly } from './spatial/loadAssembly.js';
export { readAssembly, type LoadOptions } from './import/readAssembly.js';
export { occtModule, resetOcct, type OcctModule, type OcctOptions, type OcctModuleArgs, type OcctFactory } from './import/occt.js';
export type { CadFormat } from './import/sniff.js';
