import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadAssembly } from '../../src/index.js';
import type { ImportProgress } from '../../src/import/progress.js';
import { importProgress } from '../../src/cli/importProgress.js';
import { sample } from '../helpers/shared.js';

/** Checks the events of one import: phases in order, each counting 0/1 … total with a fixed total. */
function expectWellFormed(events: ImportProgress[], phases: string[], parts: number): void {
  expect([...new Set(events.map((e) => e.phase))]).toEqual(phases);
  for (const phase of phases) {
    const mine = events.filter((e) => e.phase === phase);
    const total = phase === 'read' || phase === 'mesh' ? 1 : parts;
    expect(mine.every((e) => e.total === total)).toBe(true);
    expect(mine.at(-1)!.done).toBe(total);
    for (let i = 1; i < mine.length; i++) expect(mine[i]!.done).toBe(mine[i - 1]!.done + 1);
  }
}

describe('import progress', () => {
  it('a load reports read, mesh, build and index; through the cache also measure; a hit reports nothing', async () => {
    const plain: ImportProgress[] = [];
    const direct = await loadAssembly(sample('rig.step'), { onProgress: (p) => plain.push(p) });
    expectWellFormed(plain, ['read', 'mesh', 'build', 'index'], direct.parts.length);
    expect(plain.slice(0, 4)).toEqual([
      { phase: 'read', done: 0, total: 1 },
      { phase: 'read', done: 1, total: 1 },
      { phase: 'mesh', done: 0, total: 1 },
      { phase: 'mesh', done: 1, total: 1 },
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-progress-'));
    const miss: ImportProgress[] = [];
    await loadAssembly(sample('rig.step'), { cache: dir, onProgress: (p) => miss.push(p) });
    expectWellFormed(miss, ['read', 'mesh', 'build', 'index', 'measure'], direct.parts.length);
    const hit: ImportProgress[] = [];
    await loadAssembly(sample('rig.step'), { cache: dir, onProgress: (p) => hit.push(p) });
    expect(hit).toEqual([]);
  });

  it('onProgress must be a function', async () => {
    await expect(loadAssembly(sample('rig.step'), { onProgress: 42 as never })).rejects.toMatchObject({ code: 'INVALID_OPTION', message: 'loadAssembly: onProgress must be a function, got number' });
  });

  const fakeStream = (isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } => {
    let text = '';
    const stream = { isTTY, columns: 100, write: (s: string) => ((text += s), true), cursorTo: () => true, clearLine: () => true, moveCursor: () => true, on: () => stream, removeListener: () => stream } as unknown as NodeJS.WriteStream;
    return { stream, text: () => text };
  };
  const replay = (listener: (p: ImportProgress) => void, clock: { now: number }, msPerStep: number): void => {
    const steps: ImportProgress[] = [
      { phase: 'read', done: 0, total: 1 }, { phase: 'read', done: 1, total: 1 }, { phase: 'mesh', done: 0, total: 1 }, { phase: 'mesh', done: 1, total: 1 },
      ...[0, 1, 2, 3].map((done) => ({ phase: 'build' as const, done, total: 3 })),
    ];
    for (const step of steps) {
      listener(step);
      clock.now += msPerStep;
    }
  };

  it('not a terminal: quiet for a quick import, one line per finished phase for a slow one (by CPU time)', () => {
    const clock = { now: 0 };
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    vi.spyOn(process, 'cpuUsage').mockImplementation(() => ({ user: clock.now * 1000, system: 0 }));
    const quick = fakeStream(false);
    replay(importProgress('a.step', quick.stream), clock, 10);
    expect(quick.text()).toBe('');
    const slow = fakeStream(false);
    replay(importProgress('big.step', slow.stream), clock, 2000);
    expect(slow.text()).toBe('surfcd: big.step: meshed by OpenCascade in 2.0 s\nsurfcd: big.step: building parts: 3 parts in 6.0 s\n');
    vi.restoreAllMocks();
  });

  it('on a terminal: the phase on the status line, then a bar with the part count and an ETA', async () => {
    const tty = fakeStream(true);
    const listener = importProgress('big.step', tty.stream);
    await import('cli-progress'); // the bar library loads in the background; let it arrive
    await new Promise((r) => setTimeout(r, 0));
    replay(listener, { now: 0 }, 0);
    expect(tty.text()).toContain('big.step: meshing with OpenCascade (one call, no progress until it returns)…');
    expect(tty.text()).toMatch(/big\.step: building parts .* 0\/3 \| ETA/);
  });
});
