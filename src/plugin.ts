/**
 * surfcd/plugin — what a plugin may use, and all it may import: the plugin contract
 * (constraint rules, reporters, narrow phases), the model and math types, and the helpers
 * the first-party plugins are built from (vectors, boxes, OBB tests, the leaf-pair test, the
 * S-CD query and the brute-force oracle to check a narrow phase against). Browser-safe, no
 * top-level side effects. Plugins in this repository import it by its source path
 * (`../../src/plugin.js`), which is the same module the published entry resolves to.
 * docs/plugins.md explains the contract; the names exported here are a contract too.
 */

// The contract
export type {
  SurfcdPlugin,
  ConstraintRule,
  ConstraintReporter,
  ConstraintReport,
  Constraint,
  ConstraintCandidate,
  PairCandidate,
  DerivedCandidate,
  Supersession,
  RuleContext,
  SurfaceView,
  SurfaceSense,
  SurfacePairView,
  PartPairView,
  PartPairSurfacesView,
  PairRelation,
  Wrench,
  WrenchHelpers,
  Freedom,
  FreeRotation,
} from './constraints/types.js';
export type { NarrowPhase, IndexedPart } from './collide/narrowPhases.js';
export type { CollisionResult, ResolvedOptions, SurfacePair, SurfaceRelation, CollideMode } from './collide/collide.js';
export type { QueryStats } from './traverse/stats.js';
export { SurfcdError, describeValue, type SurfcdErrorCode } from './errors.js';

// Model and math types
export type { Assembly, Part, Surface, BoxTree } from './model/types.js';
export type { SurfaceKind } from './model/surfaceKind.js';
export type { Vec3 } from './math/vec3.js';
export type { Aabb } from './math/aabb.js';
export type { Obb } from './math/obb.js';
export type { Pose, Rigid } from './math/rigid.js';

// Math
export { aabbMagnitude, transformAabb } from './math/aabb.js';
export { ScratchPool, type Lendable } from './math/scratchPool.js';
export { relativeRigid, invertRigid, multiplyRigid, toRigid, transformPoint, rotateVector } from './math/rigid.js';
export { hullCovariance } from './math/obbFrames.js';
export { obbsOverlapAt } from './math/obbOverlap.js';
export { obbsOverlapEffective } from './math/obbOverlapEffective.js';
export { obbsOverlapLite } from './math/obbOverlapLite.js';
export { orthonormalizeRows, symmetricEigen3 } from './math/symmetricEigen.js';
export { add, canonical, cross, distanceToLine, dot, norm, perpendiculars, projectOnLine, scale, sub, unit } from './constraints/vec.js';

// Surfaces and parts
export { rotationalSymmetry, worldAxis, type RotationalSymmetry } from './constraints/periodic.js';
export { nearestCoarsePitch, threadLeadFactor, threadSize, parseThreadDesignation, type FastenerSize, type ThreadStandard } from './constraints/threads.js';
export { splitRange } from './spatial/surfaceObbTree.js';

// The query, its building blocks, and the oracle
export { collide, resolveCollideOptions } from './collide/collide.js';
export { bruteForceCollide } from './collide/bruteForce.js';
export { LeafPairs, noCollision } from './collide/leafPairs.js';
export { emptyStats } from './traverse/stats.js';
export { transformMargin } from './traverse/triangles.js';
