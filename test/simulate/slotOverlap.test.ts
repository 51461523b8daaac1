/**
 * A shank drawn a few hundredths into the walls of the laser-cut slots it passes through
 * (the Fusion 360 gripper's M3 screws): the surface verdict calls the start contact, the
 * tessellation reads interference further along; the solids' overlap never deepens, so the
 * screw slides out of its slots free, as the removal sweeps say.
 */
import { expect, it } from 'vitest';
import { loadAssembly } from '../../src/spatial/load.js';
import { simulate } from '../../src/simulate/simulate.js';
import { describeShared, sharedStep } from '../helpers/shared.js';

describeShared('a shank drawn into its slots slides out of them', () => {
  it('gripper: M3x20#10, its lock nut off, backs out along its axis through three slotted plates', async () => {
    const gripper = await loadAssembly(sharedStep('gripper-fusion360.step'));
    const at = (name: string): number => gripper.parts.findIndex((p) => p.path === `Gripper v1/Gripper/${name}`);
    const removed = [at('M3 Locknut#21'), at('M3 Locknut#22')];
    expect(removed.every((i) => i >= 0)).toBe(true);
    const screw = 'Gripper v1/Gripper/M3x20#10';
    const run = simulate(gripper, { schema: 'surfcd/motion@1', steps: [{ id: 'out', move: [screw], translate: { along: { normalOf: 'Gripper v1/Gripper/Laserteil 7#1' }, distance: 30 }, expect: 'free' }] }, { removed });
    const step = run.steps[0]!;
    expect(step.status, `${step.message ?? ''} ${JSON.stringify(step.blocking[0] ?? null)}`).toBe('free');
    expect(step.direction?.[1]).toBeCloseTo(1, 9);
  });
});
