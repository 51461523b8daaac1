// Public API of surfcd for Node (see ARCHITECTURE.md, "Entries"): the
// browser-safe core (src/core.ts, also `surfcd/core`) plus what needs Node: loading CAD
// files from paths and plugins from files.
export * from './core.js';
export { loadAssembly, openAssembly, readAssembly } from './spatial/load.js';
export { occtModule, resetOcct } from './import/occt.js';
export { startManifold, type ManifoldStartOptions } from './verdict/manifoldStart.js';
export { usePlugin, loadPlugin } from './constraints/loadPlugin.js';
export { createNodeAssemblyWorker } from './worker/nodeClient.js';
export { AssemblyWorker, type WorkerLoadCall, type AbortSignalLike } from './worker/client.js';
export type { WorkerLoadOptions, LoadProgress, LoadStage } from './worker/protocol.js';
export type { AssemblyLoadOptions } from './spatial/load.js';
export { updateAssemblyCache, type CachedLoad, type CacheEntry, type CacheOutcome } from './spatial/loadCached.js';
export { defaultCacheDir, type CacheOption } from './import/cache.js';
export { sweepParts, clearDistance, type Scene, type SweepOptions, type SweepResult, type RigidMotion } from './motion/index.js';
export { simulate, parseMotionScript, type SimulationResult, type StepResult, type MotionScript } from './simulate/index.js';
