/**
 * A simulation (`surfcd/simulation@1`) as the report page's timeline: per step, what
 * moved, how (so the page can replay any fraction of it exactly), whether it was free or
 * blocked, and on which surfaces it stopped. Read structurally, so this layer needs only
 * the result's shape, not the runner.
 */
import { SurfcdError } from '../errors.js';
import type { StepResult } from '../simulate/simulate.js';

import type { Vec3 } from '../math/vec3.js';

/** The fields of a simulation step (`StepResult`) the timeline reads; surfaces and poses as far as it reads them. */
export type SimulationStepLike = Pick<StepResult, 'id' | 'motion' | 'moved' | 'status' | 'expected' | 'met' | 'fraction' | 'travelled' | 'direction' | 'axis' | 'removed' | 'message'> & {
  blocking: { moving: { part: string; surface: number }; other: { part: string; surface: number }; depth: number }[];
  poses: { part: string; matrix: number[] }[];
};

export interface SimulationLike {
  schema: string;
  steps: SimulationStepLike[];
}

export interface TimelineStep extends Pick<SimulationStepLike, 'id' | 'motion' | 'moved' | 'status' | 'expected' | 'met'> {
  /** Translation direction (translate) or axis line (rotate, screw), world frame. */
  direction: Vec3 | null;
  axis: { point: Vec3; direction: Vec3 } | null;
  /** What was done: mm along the direction / axis, degrees about the axis. */
  distance: number;
  angle: number;
  /** End poses (column-major) of the moved parts: the page checks its replay against them. */
  poses: Record<string, number[]>;
  removed: boolean;
  /** Blocked steps: the surfaces that stopped the motion, in the runner's order (the blocking contact first). */
  blocking: { moving: string; movingSurface: number; other: string; otherSurface: number; depth: number }[];
  sentence: string;
}

const fmt = (x: number): string => {
  const s = x.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

export function timelineOf(simulation: SimulationLike, source: string): TimelineStep[] {
  if (!simulation || simulation.schema !== 'surfcd/simulation@1' || !Array.isArray(simulation.steps)) {
    throw new SurfcdError('PARSE_FAILED', `${source}: not a surfcd/simulation@1 result`);
  }
  return simulation.steps.map((s) => {
    const distance = s.travelled.distance ?? 0, angle = s.travelled.angle ?? 0;
    const what = s.motion === 'translate' ? `${fmt(distance)} mm` : s.motion === 'rotate' ? `${fmt(angle)}°` : `${fmt(angle)}° and ${fmt(distance)} mm`;
    const block = s.blocking[0]; // the runner lists the blocking contact first
    const sentence =
      s.status === 'error'
        ? `${s.id}: ${s.message ?? 'error'}`
        : `${s.id}: ${s.moved.join(', ')} ${s.status === 'free' ? 'moved freely' : 'was blocked'} after ${what} (${Math.round(s.fraction * 100)} %)` +
          (block ? ` by ${block.other.part} surface ${block.other.surface} against its surface ${block.moving.surface}` : '') +
          (s.expected && !s.met ? `; expected ${s.expected}` : '');
    return {
      id: s.id,
      motion: s.motion,
      moved: [...s.moved],
      status: s.status,
      expected: s.expected,
      met: s.met,
      direction: s.direction ?? null,
      axis: s.axis ?? null,
      distance,
      angle,
      poses: Object.fromEntries(s.poses.map((p) => [p.part, p.matrix])),
      removed: s.removed,
      blocking: s.blocking.map((b) => ({ moving: b.moving.part, movingSurface: b.moving.surface, other: b.other.part, otherSurface: b.other.surface, depth: b.depth })),
      sentence,
    };
  });
}
