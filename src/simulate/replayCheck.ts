/**
 * Every step `disassemble` plans must replay through `simulate`. The planner decides from
 * pairwise sweeps; `simulate` sweeps the move continuously against every part still there,
 * and the two can disagree (a rod pushed sideways inside a spring's open coil passes each
 * coil pair alone). So each chosen step is replayed as soon as it is chosen, from the state
 * the steps before it left (the parts they took out gone, the others where they were
 * assembled): the same state the script's replay reaches there. A step the replay blocks is
 * vetoed while what blocked it is present, and the planner chooses again.
 */
import type { Assembly } from '../model/types.js';
import { vetoKey, type SequenceStep } from './disassemble.js';
import { removalScript } from './removalScript.js';
import { simulate } from './simulate.js';

/** Replay misses of one mover against one part before none of its moves is trusted while that part is there. */
const MOVER_VETO_AFTER = 3;

export class ReplayCheck {
  /** `vetoKey(members, d)` or `vetoKey(members)` → parts whose presence rules that move out (-1: for good). */
  readonly vetoes = new Map<string, number[]>();
  private readonly misses = new Map<string, number>();
  /** Steps replayed, and those the replay blocked (chosen again). */
  readonly work = { replayed: 0, missed: 0 };
  private readonly index: Map<string, number>;

  constructor(
    private readonly assembly: Assembly,
    private readonly tolerance: number,
  ) {
    this.index = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  }

  /**
   * Does `step` replay with every script step it writes free, the parts `removed` taken out
   * before it? When not, its move is vetoed while the parts that stopped it are present.
   */
  confirm(step: SequenceStep, removed: readonly number[]): boolean {
    this.work.replayed++;
    const script = removalScript(this.assembly, { steps: [step], remaining: [], interlock: null }, this.tolerance);
    const run = simulate(this.assembly, script, { tolerance: this.tolerance, removed, clearance: false });
    const missed = run.steps.find((s) => !s.met);
    if (!missed) return true;
    this.work.missed++;
    const found = [...new Set([...missed.blocking.map((b) => this.index.get(b.other.part) ?? -1), ...(missed.heldBy ? [this.index.get(missed.heldBy.part) ?? -1] : [])])];
    const blockers = found.length > 0 ? found : [-1];
    const members = step.mover.parts;
    this.add(vetoKey(members, step.direction), blockers);
    // Blocked by the same part along several moves the planner called free: its sweeps
    // against that part are not to be trusted in any direction.
    for (const b of blockers) {
      const count = `${vetoKey(members)}>${b}`;
      this.misses.set(count, (this.misses.get(count) ?? 0) + 1);
      if (this.misses.get(count)! >= MOVER_VETO_AFTER) this.add(vetoKey(members), [b]);
    }
    return false;
  }

  private add(key: string, blockers: readonly number[]): void {
    this.vetoes.set(key, [...(this.vetoes.get(key) ?? []), ...blockers]);
  }
}
