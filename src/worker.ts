/**
 * surfcd/worker — load assemblies off the main thread (browser-safe). The worker runs
 * `surfcd/worker-script` (bundle it for your page, see README "In the browser"); parts come
 * back indexed, their typed arrays transferred.
 */
export { AssemblyWorker, createWebAssemblyWorker, webWorkerHandle, type WorkerHandle, type WorkerLoadCall, type WebWorkerLike, type AbortSignalLike } from './worker/client.js';
export type { WorkerLoadOptions, LoadProgress, LoadStage } from './worker/protocol.js';
export { assemblyToData, assemblyFromData, type AssemblyData, type PartData, type SurfaceData } from './spatial/cloneable.js';
