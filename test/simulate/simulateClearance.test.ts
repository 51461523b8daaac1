/** `simulate(…, { clearance: false })`: the same free / blocked answers, without the closest-approach search. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { loadAssembly } from '../../src/spatial/load.js';
import { simulate } from '../../src/simulate/simulate.js';
import { sample } from '../helpers/shared.js';

it('the rig script answers the same without clearances, and minClearance refuses to go without them', async () => {
  const rig = await loadAssembly(sample('rig.step'));
  const script = JSON.parse(readFileSync(sample('rig.motion.json'), 'utf8'));
  // the nut's nine turns at a coarser pitch: the same advance, fewer advancement steps
  const nut = script.steps.find((s: { id: string }) => s.id === 'nut-off');
  nut.screw.pitch = (nut.screw.pitch * nut.screw.turns) / 1.1;
  nut.screw.turns = 1.1;
  const full = simulate(rig, script);
  const bare = simulate(rig, script, { clearance: false });
  expect(bare.steps.map((s) => [s.id, s.status, s.travelled])).toEqual(full.steps.map((s) => [s.id, s.status, s.travelled]));
  expect(full.steps.some((s) => s.clearance !== null)).toBe(true);
  expect(bare.steps.every((s) => s.clearance === null)).toBe(true);
  expect(() => simulate(rig, script, { clearance: false, minClearance: 1 })).toThrow(/^simulate: minClearance needs the clearance measured/);
});
