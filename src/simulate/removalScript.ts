/**
 * A disassembly plan as a `surfcd/motion@1` script: per removal one `translate` step along
 * the chosen direction by the planned distance (never 0 mm), expected free, then removed
 * from the scene; a threaded part is first unscrewed by a `screw` step about its thread's
 * axis. `surfcd simulate` replays it; a person can edit and re-run it.
 */
import type { Assembly } from '../model/types.js';
import type { DisassemblyPlan } from './disassemble.js';

type Vec3 = [number, number, number];
export type RemovalScriptStep =
  | { id: string; move: string[]; screw: { axis: { point: Vec3; direction: Vec3 }; pitch: number; turns: number }; expect: 'free' }
  | { id: string; move: string[]; translate: { direction: Vec3; distance: number }; expect: 'free'; then: 'remove' };

export interface MotionScriptDocument {
  schema: 'surfcd/motion@1';
  assembly: string;
  defaults: { tolerance: number };
  steps: RemovalScriptStep[];
}

/** Rounds to 12 significant digits so the script text is stable and readable. */
const tidy = (x: number): number => {
  const r = Number(x.toPrecision(12));
  return Object.is(r, -0) ? 0 : r;
};
const tidy3 = (v: readonly number[]): Vec3 => [tidy(v[0]!), tidy(v[1]!), tidy(v[2]!)];

export function removalScript(assembly: Assembly, plan: DisassemblyPlan, tolerance: number): MotionScriptDocument {
  const file = assembly.source ? assembly.source.split(/[\\/]/).pop()! : `${assembly.name}.step`;
  const used = new Map<string, number>();
  const id = (verb: string, name: string): string => {
    const base = `${verb}-${name.split(/[/ +]+/).filter(Boolean).pop() ?? 'part'}`.replace(/[^A-Za-z0-9_.#-]/g, '-');
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
  const steps: RemovalScriptStep[] = [];
  for (const s of plan.steps) {
    const move = s.mover.kind === 'node' ? [s.mover.name] : s.mover.parts.map((i) => assembly.parts[i]!.path);
    if (s.screw) {
      steps.push({ id: id('unscrew', s.mover.name), move, screw: { axis: { point: tidy3(s.screw.axis.point), direction: tidy3(s.screw.axis.direction) }, pitch: tidy(s.screw.pitch), turns: tidy(s.screw.turns) }, expect: 'free' });
    }
    // Rounded up, so the replay goes at least as far as planned.
    const distance = Number((Math.ceil(s.distance * 1e6) / 1e6).toPrecision(12));
    steps.push({ id: id('remove', s.mover.name), move, translate: { direction: tidy3(s.direction), distance }, expect: 'free', then: 'remove' });
  }
  return { schema: 'surfcd/motion@1', assembly: file, defaults: { tolerance }, steps };
}
