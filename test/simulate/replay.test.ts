/**
 * Every disassembly script replays through `simulate` with every step meeting its `expect`:
 * on the fastener samples (nuts and screws unscrewed first), the other samples with a
 * sequence, and the shared CAx-IF assemblies (io1's one part: an empty script). Steps never move a part 0 mm. The 144-part
 * gripper is left to the bench (its disassembly takes minutes).
 */
import { describe, expect, it } from 'vitest';
import { loadAssembly } from '../../src/spatial/load.js';
import { disassemble } from '../../src/simulate/removal.js';
import { simulate } from '../../src/simulate/simulate.js';
import { describeShared, sample, sharedStep } from '../helpers/shared.js';

async function replays(file: string): Promise<{ steps: number; unscrews: number; redone: number }> {
  const assembly = await loadAssembly(file);
  const plan = await disassemble(assembly, { directions: 0 });
  for (const s of plan.steps) expect(s.distance, `${s.mover.name} moves`).toBeGreaterThan(0.5);
  // every step was replayed as it was chosen, and each move the replay blocked chosen again
  expect(plan.replayed, file).toBe(plan.steps.length + plan.redone);
  // an empty script too: what is written must go through simulate as it is
  const run = simulate(assembly, plan.script);
  const missed = run.steps.filter((s) => !s.met).map((s) => `${s.id}: ${s.status} ${s.message ?? ''} ${s.blocking[0] ? `by ${s.blocking[0].other.part}` : ''}`);
  expect(missed, file).toEqual([]);
  return { steps: plan.steps.length, unscrews: plan.steps.filter((s) => s.screw).length, redone: plan.redone };
}

describe('disassemble --script-out replays free through simulate', () => {
  it('fastener samples: nuts and screws come out first by a screw step, and the script replays', async () => {
    for (const [name, unscrews] of [['bolt-nut', 1], ['screw-tapped', 1], ['clamped-stack', 1], ['bolt-washer-nut', 1]] as const) {
      const r = await replays(sample(`${name}.step`));
      expect(r.unscrews, name).toBe(unscrews);
    }
  });

  it('the other samples with a sequence replay too', async () => {
    for (const name of ['rig', 'stack', 'gear-pair-unclocked', 'compressed-spring', 'spring']) {
      const r = await replays(sample(`${name}.step`));
      expect(r.steps, name).toBeGreaterThan(0);
      // the spring's rod, pushed sideways inside the open coil, passes each coil pair alone: the replay blocks it, and the planner chooses again
      if (name === 'spring') expect(r.redone, name).toBe(1);
    }
  });
});

describe('meshed gears drawn unclocked come apart', () => {
  it('each gear leaves its pin alone, not as a rigid pair with the other', async () => {
    const assembly = await loadAssembly(sample('gear-pair-unclocked.step'));
    const plan = await disassemble(assembly, { directions: 0 });
    expect(plan.steps.map((s) => [s.mover.kind, s.mover.name])).toEqual([['part', 'gear-a'], ['part', 'gear-b']]);
    // lifted off its pin along the teeth: at least the pin's length out of the gear
    for (const s of plan.steps) expect(s.direction).toEqual([0, 0, 1]);
  });
});

describeShared('disassemble replays on the shared CAx-IF assemblies', () => {
  it('as1 (its 8 nuts unscrewed first) and dm1 replay with every step free', async () => {
    const as1 = await replays(sharedStep('as1-oc-214.stp'));
    expect(as1.unscrews).toBe(8);
    await replays(sharedStep('dm1-id-214.stp'));
  });

  it('io1, one part: nothing to take out, and its empty script replays', async () => {
    expect((await replays(sharedStep('io1-cm-214.stp'))).steps).toBe(0);
  });
});
