/**
 * surfcd/core — the browser-safe core: no `node:` imports, no top-level side effects, no
 * WASM. Model, math, spatial index, S-CD collision, contacts and constraint recognition
 * (the package entry, entries/core.ts, hands the first-party plugins to the registry).
 * Loading CAD files: `surfcd/load` (bytes, any runtime), `surfcd/worker` (off the main
 * thread) or the Node entry `surfcd` (paths). The names exported here are a contract:
 * add, do not rename.
 */

// Errors
export { SurfcdError, isSurfcdError, type SurfcdErrorCode } from './errors.js';

// Model
export type { Assembly, Part, Surface, ProductNode, BoxTree, LoadWarning } from './model/types.js';
export type { SurfaceRange, PartInput } from './model/part.js';
export type {
  SurfaceKind,
  SurfaceKindType,
  PlaneKind,
  CylinderKind,
  ConeKind,
  SphereKind,
  TorusKind,
  FreeformKind,
} from './model/surfaceKind.js';
export { surfaceKindOf, defaultFitTolerance, surfaceAngleTolerance } from './model/surfaceKindOf.js';
export type { CadFormat } from './import/sniff.js';
export type { LoadOptions } from './import/readAssembly.js';
export type { OcctModule, OcctOptions, OcctModuleArgs, OcctFactory } from './import/occt.js';

// Math
export type { Pose, Rigid } from './math/rigid.js';
export { toRigid } from './math/rigid.js';
export type { Aabb } from './math/aabb.js';
export type { Obb } from './math/obb.js';
export { trianglesIntersect } from './math/triangleIntersect.js';
export { triangleDistance, trianglesWithin } from './math/triangleDistance.js';
export { trianglesCross } from './math/triangleCross.js';

// Spatial: parts without a CAD file, and the S-CD index
export { partFromMesh, type MeshInput } from './spatial/mesh.js';
export { partFromGeometry, type GeometryLike } from './spatial/geometry.js';
export { indexPart, indexPartFully, indexAssembly, indexAssemblyFully, partIndexBytes } from './spatial/indexPart.js';
export { triangleTreeOf } from './spatial/triangleTree.js';
export { serializeAssembly, deserializeAssembly, SERIAL_FORMAT_VERSION } from './spatial/serialize.js';

// three.js-friendly (structural: three itself is only needed by surfcd/three)
export { partGeometryArrays, type PartGeometryArrays } from './three/geometryArrays.js';
export { poseOf, type Object3DLike } from './three/pose.js';
export type { AttributeLike } from './spatial/geometry.js';

// Collision
export {
  collide,
  COLLIDE_MODES,
  QueryScratch,
  type CollideMode,
  type CollideOptions,
  type CollisionResult,
  type SurfacePair,
  type SurfaceRelation,
} from './collide/collide.js';
export { bruteForceCollide } from './collide/bruteForce.js';
export { narrowPhaseNames, type NarrowPhase, type IndexedPart } from './collide/narrowPhases.js';
export { LeafPairs } from './collide/leafPairs.js';
export { OBB_TEST_NAMES, type ObbTestName } from './math/obbTests.js';
export {
  findContacts,
  findPart,
  type ContactOptions,
  type ContactReport,
  type SurfaceContact,
  type PairContact,
  type PartPairContacts,
} from './verdict/findContacts.js';
export {
  judgeSurfacePair,
  surfacePairInterferes,
  surfacePairAllowance,
  fittedSurfacesCoincide,
  type ContactVerdict,
  type ContactKind,
  type SurfacePairJudgement,
  type SurfacePairQuery,
  type PoseLike,
} from './verdict/contactVerdict.js';
export { surfaceSag, effectiveSag, partSag, coordinateNoise } from './model/tessellationError.js';
export type { QueryStats } from './traverse/stats.js';
export type { ContactGeometry } from './collide/contactGeometry.js';

// Constraints (plugins as objects; the Node entry also loads them from paths)
export { recognizeConstraints, DEFAULT_TOLERANCE as DEFAULT_CONSTRAINT_TOLERANCE, DEFAULT_CLEARANCE } from './constraints/recognize.js';
export { usePlugin, removePlugin, registeredPlugins, validatePlugin, type FirstPartyPlugin } from './constraints/plugins.js';
export { freedomOf, forceWrench, momentWrench } from './constraints/freedom.js';
export { rotationalSymmetry, worldAxis, type RotationalSymmetry } from './constraints/periodic.js';
export type * from './constraints/types.js';
export { recognizeFasteners, fastenerAnalysis, type FastenerRole, type FastenerSize, type PartRole, type ThreadedJoint, type FastenerOptions, type FastenerReport, type FastenerAnalysis } from './constraints/fasteners.js';
export { threadSize, parseThreadDesignation, internalMinor, externalMinor, tapDrill, tableSizes, type ThreadStandard, type ThreadHint } from './constraints/threads.js';

// Motion queries
export { timeOfImpact, distance, type ImpactHit, type ImpactResult, type TimeOfImpactOptions, type ClosestPair, type DistanceOptions, type DistanceResult, type GapOptions, type GapResult, type PartGap } from './motion/index.js';
export { findClearances, type ClearanceOptions, type ClearanceResult, type PartClearance } from './motion/clearances.js';
export { kindGap, type KindGap } from './model/kindGap.js';

// Interference volumes (manifold-3d is passed in: `startManifold()` in Node, your own instance in a page)
export { overlapVolume, weldPart, type ManifoldModule, type OverlapVolume, type VolumeOptions } from './verdict/interferenceVolume.js';
export { pairVolumes, type PairVolumeOptions } from './verdict/pairVolumes.js';

// Across worker boundaries (structured clone, typed arrays transferred, no re-indexing)
export { assemblyToData, assemblyFromData, type AssemblyData, type PartData, type SurfaceData } from './spatial/cloneable.js';
