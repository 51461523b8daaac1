/**
 * surfcd/volumes — interference volumes with manifold-3d (WASM) in any runtime. It starts
 * manifold-3d by the rules `surfcd/load` uses for occt: outside Node pass `locateWasm`
 * (where manifold.wasm is served) or a started module (`manifold`). `surfcd/core` has the
 * same volume functions but never reaches manifold-3d: there the caller passes the module.
 */
export { startManifold, type ManifoldStartOptions } from './collide/manifoldStart.js';
export { overlapVolume, weldPart, type ManifoldModule, type ManifoldSolid, type OverlapVolume, type VolumeOptions } from './collide/interferenceVolume.js';
export { pairVolumes, pairKey, type PairVolumeOptions } from './collide/pairVolumes.js';
