/** The disassembly of the CAx-IF AS1 assembly (../shared; skips visibly without it). */
import { expect, it } from 'vitest';
import { loadAssembly } from '../../src/spatial/load.js';
import { disassemble } from '../../src/simulate/removal.js';
import { describeShared, sharedStep } from '../helpers/shared.js';

describeShared('as1 disassembly sequence', () => {
  it('nuts before their bolts, bolts before their bracket, the rod along its axis after its nuts; the plate stays', async () => {
    const as1 = await loadAssembly(sharedStep('as1-oc-214.stp'));
    const plan = await disassemble(as1, { base: 'as1/plate', directions: 0 });
    const order = plan.steps.map((s) => s.mover.name);
    const at = (path: string): number => {
      const i = order.indexOf(path);
      expect(i, `${path} is removed (sequence: ${order.join(', ')})`).toBeGreaterThanOrEqual(0);
      return i;
    };
    expect(plan.interlock).toBeNull();
    expect(plan.remaining).toEqual(['as1/plate']);
    for (const b of [1, 2]) {
      const bracket = at(`as1/l-bracket-assembly#${b}/l-bracket`);
      for (const k of [1, 2, 3]) {
        const bolt = at(`as1/l-bracket-assembly#${b}/bolt#${k}`);
        expect(at(`as1/l-bracket-assembly#${b}/nut#${k}`)).toBeLessThan(bolt);
        expect(bolt).toBeLessThan(bracket);
      }
    }
    const rod = at('as1/rod-assembly/rod');
    expect(at('as1/rod-assembly/nut#1')).toBeLessThan(rod);
    expect(at('as1/rod-assembly/nut#2')).toBeLessThan(rod);
    // the rod leaves along its own axis (its coaxial constraint with a bracket)
    const step = plan.steps[rod]!;
    expect(step.source).toMatch(/^coaxial with as1\/l-bracket-assembly#[12]\/l-bracket$/);
    expect(Math.abs(step.direction[0])).toBeCloseTo(1, 6);
  });
});
