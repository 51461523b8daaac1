/**
 * A disassembly plan as a `surfcd/motion@1` script: one `translate` step per removal, along
 * the chosen direction to `"clear"`, expected free, then removed from the scene. `surfcd
 * simulate` replays it; a person can edit and re-run it.
 */
import type { Assembly } from '../model/types.js';
import type { DisassemblyPlan } from './disassemble.js';

export interface MotionScriptDocument {
  schema: 'surfcd/motion@1';
  assembly: string;
  defaults: { tolerance: number };
  steps: {
    id: string;
    move: string[];
    translate: { direction: [number, number, number]; distance: 'clear' };
    expect: 'free';
    then: 'remove';
  }[];
}

/** Rounds to 12 significant digits so the script text is stable and readable. */
const tidy = (x: number): number => {
  const r = Number(x.toPrecision(12));
  return Object.is(r, -0) ? 0 : r;
};

export function removalScript(assembly: Assembly, plan: DisassemblyPlan, tolerance: number): MotionScriptDocument {
  const file = assembly.source ? assembly.source.split(/[\\/]/).pop()! : `${assembly.name}.step`;
  const used = new Map<string, number>();
  return {
    schema: 'surfcd/motion@1',
    assembly: file,
    defaults: { tolerance },
    steps: plan.steps.map((s) => {
      const base = `remove-${s.mover.name.split(/[/ +]+/).filter(Boolean).pop() ?? 'part'}`.replace(/[^A-Za-z0-9_.#-]/g, '-');
      const n = (used.get(base) ?? 0) + 1;
      used.set(base, n);
      return {
        id: n === 1 ? base : `${base}-${n}`,
        move: s.mover.kind === 'node' ? [s.mover.name] : s.mover.parts.map((i) => assembly.parts[i]!.path),
        translate: { direction: [tidy(s.direction[0]), tidy(s.direction[1]), tidy(s.direction[2])], distance: 'clear' as const },
        expect: 'free' as const,
        then: 'remove' as const,
      };
    }),
  };
}
