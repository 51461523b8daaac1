export { simulate, SIMULATION_SCHEMA, type SimulationResult, type StepResult, type SimulateOptions, type SurfaceRef } from './simulate.js';
export { parseMotionScript, MOTION_SCHEMA, type MotionScript, type MotionStep } from './script.js';
