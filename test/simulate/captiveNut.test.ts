/**
 * A nut a fitter cannot run off and pull out along its bolt (samples/captive-nut): one held
 * in a hex pocket (its screw is turned out of it instead), one whose bolt axis runs into the
 * base (it turns off, then leaves sideways). The plan goes to the base and replays.
 */
import { expect, it } from 'vitest';
import { loadAssembly } from '../../src/spatial/load.js';
import { disassemble } from '../../src/simulate/removal.js';
import { simulate } from '../../src/simulate/simulate.js';
import { sample } from '../helpers/shared.js';

it('captive-nut: the M10 nut turns off and leaves across its axis, the M6 screw turns out of its pocketed nut, and the script replays', async () => {
  const assembly = await loadAssembly(sample('captive-nut.step'));
  const plan = await disassemble(assembly, { directions: 0 });
  expect(plan.remaining).toEqual(['base']);
  expect(plan.interlock).toBeNull();
  const step = (name: string) => {
    const s = plan.steps.find((x) => x.mover.name === name);
    expect(s, `${name} is taken out (${plan.steps.map((x) => x.mover.name).join(', ')})`).toBeDefined();
    return s!;
  };
  const nut = step('nut-m10');
  expect(nut.screw?.from).toBe('bolt-m10');
  // off the bolt's tip (12 mm: 8.4 engaged and the 3.6 mm the bolt stands out below it) and a quarter turn
  expect(nut.screw!.turns * nut.screw!.pitch).toBeCloseTo(12 + 0.375, 9);
  // the axis leads into the base 1.2 mm below: it leaves across the axis
  expect(Math.abs(nut.direction[2])).toBeLessThan(1e-9);
  const screw = step('screw-m6');
  expect(screw.screw?.from).toBe('nut-m6'); // the pocketed nut cannot turn: the screw turns out of it
  expect(screw.direction[2]).toBeCloseTo(1, 9);
  expect(screw.screw!.turns * screw.screw!.pitch).toBeCloseTo(7.2 + 0.05 + 0.25, 9); // 7.2 mm in whole quarter turns, and a quarter turn
  expect(step('nut-m6').screw).toBeUndefined(); // loose once its screw is out
  const run = simulate(assembly, plan.script);
  expect(run.steps.filter((s) => !s.met).map((s) => `${s.id}: ${s.message}`)).toEqual([]);
});
