/**
 * Band analysis along a motion: a step that moves freely but passes closer than a required
 * clearance to a part it did not touch at the start is `tight`, not `free` (CATIA's band
 * analysis during a kinematic run). A tight step does not meet an `expect: "free"`.
 */
import { SurfcdError } from '../errors.js';
import type { StepResult } from './simulate.js';

export function checkMinClearance(minClearance: unknown): number {
  if (typeof minClearance !== 'number' || !Number.isFinite(minClearance) || !(minClearance > 0)) {
    throw new SurfcdError('INVALID_OPTION', `simulate: minClearance must be a finite number > 0 (mm), got ${String(minClearance)}`);
  }
  return minClearance;
}

/** The step, marked tight when it was free and its smallest clearance is below `minClearance`. */
export function markTight(step: StepResult, minClearance: number | undefined): StepResult {
  if (minClearance === undefined || step.status !== 'free' || !step.clearance || !(step.clearance.distance < minClearance)) return step;
  const c = step.clearance;
  const message = `tight: passes ${c.distance} mm from ${c.other.part} (below the required ${minClearance} mm) at ${Math.round(1000 * c.at) / 10} % of the step`;
  return { ...step, status: 'tight', met: step.expected === null, message: step.message ? `${step.message}; ${message}` : message };
}
