// Swept queries on the S-CD trees: what the simulator and removal planning build on.
export { timeOfImpact, timeOfImpactRigid, type ImpactHit, type ImpactResult, type TimeOfImpactOptions } from './timeOfImpact.js';
export { distanceRigid, type ClosestPair, type DistanceOptions, type DistanceResult } from './distance.js';
export { distance, gapRigid, type GapOptions, type GapResult, type PartGap } from './partGap.js';
export { translationToi, ToiWork, type ToiFeature, type ToiMode } from './triangleToi.js';
export { triangleClosestPoints, closestOnTriangle } from './closestPoints.js';
export type { Vec3 } from './inputs.js';
export { sweepParts, type Scene, type SweepOptions, type SweepResult, type BlockingPair, type SweepContact, type Clearance } from './sweep.js';
export { motionAt, poseAt, motionBound, type RigidMotion } from './rigidMotion.js';
export { interferingSurfacePairs, contactAllowance, type Interference } from './verdict.js';
export { clearDistance } from './clearDistance.js';
