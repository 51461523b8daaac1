/** `surfcd disassemble` progress: a fixed total, an ETA, and plain lines through replans and replays. */
import { describe, expect, it } from 'vitest';
import { disassemblyProgress, etaSeconds, stageName } from '../../src/cli/disassemblyProgress.js';

function plainStream(): { stream: NodeJS.WriteStream; lines: string[] } {
  const lines: string[] = [];
  const stream = { isTTY: false, write: (s: string) => (lines.push(s.trimEnd()), true) } as unknown as NodeJS.WriteStream;
  return { stream, lines };
}

describe('disassemble progress', () => {
  it('names every stage: the plan, its replay, each replan and its replay', () => {
    expect(stageName({ round: 0, phase: 'planning' })).toBe('planning');
    expect(stageName({ round: 0, phase: 'replaying' })).toBe('replaying the plan');
    expect(stageName({ round: 2, phase: 'planning' })).toBe('replan 2');
    expect(stageName({ round: 2, phase: 'replaying' })).toBe('replaying replan 2');
  });

  it('the ETA is the time per part so far over the parts left, from the furthest point any round reached', () => {
    expect(etaSeconds(10, 0, 50)).toBeNull();
    expect(etaSeconds(10, 10, 50)).toBe(40);
    expect(etaSeconds(30, 50, 50)).toBe(0);
  });

  it('off a terminal: one line every few seconds with the fixed total, the stage and the ETA, also during replans', () => {
    const { stream, lines } = plainStream();
    let clock = 0;
    const p = disassemblyProgress('disassembling', stream, () => clock);
    p.update(0, 20, { round: 0, phase: 'planning' });
    expect(lines).toEqual([]); // nothing before the first interval
    clock = 6000;
    p.update(10, 20, { round: 0, phase: 'planning' });
    clock = 7000;
    p.update(11, 20, { round: 0, phase: 'planning' }); // within the interval: no line
    clock = 12_000;
    p.update(4, 20, { round: 2, phase: 'planning' }); // a replan starts over, the ETA keeps the furthest point (11)
    clock = 18_000;
    p.update(12, 20, { round: 2, phase: 'replaying' });
    p.stop();
    expect(lines).toEqual([
      'disassembling: 10/20 parts (planning) after 6 s, about 6 s left',
      'disassembling: 4/20 parts (replan 2) after 12 s, about 10 s left',
      'disassembling: 12/20 parts (replaying replan 2) after 18 s, about 12 s left',
    ]);
  });
});
