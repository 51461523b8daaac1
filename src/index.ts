// Public API of surfcd (see DESIGN.md "Contracts others build on").
export { SurfcdError, isSurfcdError, type SurfcdErrorCode } from './errors.js';
export type { Assembly, Part, Surface, ProductNode, BoxTree } from './model/types.js';
export type { Pose, Rigid } from './math/rigid.js';
export { toRigid } from './math/rigid.js';
export type { Aabb } from './math/aabb.js';
export type { Obb } from './math/obb.js';
export { loadAssembly, partFromMesh, partFromGeometry, type MeshInput, type GeometryLike } from './spatial/load.js';
export { readAssembly, type LoadOptions } from './import/readAssembly.js';
export { indexPart, indexAssembly, partIndexBytes } from './spatial/indexPart.js';
export {
  collide,
  COLLIDE_MODES,
  type CollideMode,
  type CollideOptions,
  type CollisionResult,
  type SurfacePair,
  type SurfaceRelation,
} from './collide/collide.js';
export { bruteForceCollide } from './collide/bruteForce.js';
export { findContacts, findPart, type ContactOptions, type ContactReport, type SurfaceContact } from './collide/findContacts.js';
export type { QueryStats } from './collide/stats.js';
export { trianglesIntersect } from './math/triangleIntersect.js';
export { triangleDistance, trianglesWithin } from './math/triangleDistance.js';
export { trianglesCross } from './math/triangleCross.js';
export { surfaceKindOf, defaultFitTolerance, surfaceAngleTolerance } from './model/surfaceKindOf.js';
export { recognizeConstraints, DEFAULT_TOLERANCE as DEFAULT_CONSTRAINT_TOLERANCE, DEFAULT_CLEARANCE } from './constraints/recognize.js';
export { usePlugin, loadPlugin, removePlugin, registeredPlugins, validatePlugin, DEFAULT_PLUGINS } from './constraints/plugins.js';
export { freedomOf, forceWrench, momentWrench } from './constraints/freedom.js';
export type * from './constraints/types.js';
export { timeOfImpact, distance, type ImpactHit, type ImpactResult, type TimeOfImpactOptions, type ClosestPair, type DistanceOptions, type DistanceResult } from './motion/index.js';
export { sweepParts, type Scene, type SweepOptions, type SweepResult, type RigidMotion } from './motion/index.js';
export { simulate, parseMotionScript, type SimulationResult, type StepResult, type MotionScript } from './simulate/index.js';
