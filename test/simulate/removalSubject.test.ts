/**
 * `removal --part` recognises constraints only around its subjects: every answer must be the
 * one the whole-assembly recognition gives (directions, blockers, heldBy, unscrew).
 */
import { describe, expect, it } from 'vitest';
import { loadAssembly } from '../../src/spatial/load.js';
import { removalAnalysis, removalDirections } from '../../src/simulate/removal.js';
import { removalNeighbourhood } from '../../src/simulate/subjectConstraints.js';
import { resolvePoses } from '../../src/model/poses.js';
import { describeShared, sample, sharedStep } from '../helpers/shared.js';

describe('removal of one subject: constraints recognised around it only', () => {
  for (const name of ['clamped-stack', 'bolt-washer-nut', 'rig', 'flange', 'screw-tapped']) {
    it(`${name}: each part alone answers as in the whole-assembly analysis`, async () => {
      const assembly = await loadAssembly(sample(`${name}.step`));
      const all = await removalAnalysis(assembly, null, { directions: 0 });
      for (const part of assembly.parts) {
        const one = await removalDirections(assembly, part.path, { directions: 0 });
        expect(one, part.path).toEqual(all.find((r) => r.subject === part.path));
      }
    });
  }

  it('a clamped plate brings in the fastener through it, and that fastener its thread partner', async () => {
    const stack = await loadAssembly(sample('clamped-stack.step'));
    const poses = resolvePoses(stack, undefined);
    const plate = stack.parts.findIndex((p) => /plate/.test(p.path));
    const around = removalNeighbourhood(stack, poses, [plate], 0.01).map((i) => stack.parts[i]!.path);
    expect(around).toContain(stack.parts[plate]!.path);
    expect(around.some((p) => /bolt|screw/.test(p))).toBe(true);
    const result = await removalDirections(stack, stack.parts[plate]!.path);
    expect(result.heldBy.some((h) => h.constraint === 'clamped')).toBe(true);
  });
});

describeShared('removal of one subject on real files', () => {
  it('as1: every part alone answers as in the whole-assembly analysis', async () => {
    const as1 = await loadAssembly(sharedStep('as1-oc-214.stp'));
    const all = await removalAnalysis(as1, null, { directions: 0 });
    for (const part of as1.parts) expect(await removalDirections(as1, part.path, { directions: 0 }), part.path).toEqual(all.find((r) => r.subject === part.path));
  });

});
