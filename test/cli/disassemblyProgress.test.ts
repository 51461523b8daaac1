/** `surfcd disassemble` progress: a fixed total, an ETA, plain lines every few seconds, and the moves chosen again. */
import { describe, expect, it } from 'vitest';
import { disassemblyProgress, etaSeconds, stageName } from '../../src/cli/disassemblyProgress.js';

function plainStream(): { stream: NodeJS.WriteStream; lines: string[] } {
  const lines: string[] = [];
  const stream = { isTTY: false, write: (s: string) => (lines.push(s.trimEnd()), true) } as unknown as NodeJS.WriteStream;
  return { stream, lines };
}

describe('disassemble progress', () => {
  it('says how many moves the replay blocked and the planner chose again', () => {
    expect(stageName({ redone: 0 })).toBe('');
    expect(stageName({ redone: 1 })).toBe('1 move chosen again after the replay blocked it');
    expect(stageName({ redone: 3 })).toBe('3 moves chosen again after the replay blocked them');
  });

  it('the ETA is the time per part so far over the parts left', () => {
    expect(etaSeconds(10, 0, 50)).toBeNull();
    expect(etaSeconds(10, 10, 50)).toBe(40);
    expect(etaSeconds(30, 50, 50)).toBe(0);
  });

  it('off a terminal: one line every few seconds with the fixed total and the ETA', () => {
    const { stream, lines } = plainStream();
    let clock = 0;
    const p = disassemblyProgress('disassembling', stream, () => clock);
    p.update(0, 20, { redone: 0 });
    expect(lines).toEqual([]); // nothing before the first interval
    clock = 6000;
    p.update(10, 20, { redone: 0 });
    clock = 7000;
    p.update(11, 20, { redone: 0 }); // within the interval: no line
    clock = 12_000;
    p.update(12, 20, { redone: 2 });
    p.stop();
    expect(lines).toEqual([
      'disassembling: 10/20 parts out after 6 s, about 6 s left',
      'disassembling: 12/20 parts out after 12 s, about 8 s left (2 moves chosen again after the replay blocked them)',
    ]);
  });
});
