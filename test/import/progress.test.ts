import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
    // the mesh phase's ETA: the file's CARTESIAN_POINTs, counted here independently, at the default 1 ms each
    const points = (readFileSync(sample('rig.step'), 'latin1').match(/CARTESIAN_POINT\s*\(/g) ?? []).length;
    expect(points).toBeGreaterThan(200);
    expect(plain.slice(0, 4)).toEqual([
      { phase: 'read', done: 0, total: 1 },
      { phase: 'read', done: 1, total: 1 },
      { phase: 'mesh', done: 0, total: 1, estimateMs: points, points, msPerPoint: 1 },
      { phase: 'mesh', done: 1, total: 1, elapsedMs: expect.any(Number), points },
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-progress-'));
    const miss: ImportProgress[] = [];
    await loadAssembly(sample('rig.step'), { cache: dir, onProgress: (p) => miss.push(p) });
    expectWellFormed(miss, ['read', 'mesh', 'build', 'index', 'measure'], direct.parts.length);
    const hit: ImportProgress[] = [];
    await loadAssembly(sample('rig.step'), { cache: dir, onProgress: (p) => hit.push(p) });
    expect(hit).toEqual([]);
    // the miss measured this machine's rate; the next miss (other options) estimates from it
    const measured = miss.find((e) => e.phase === 'mesh' && e.done === 1)!;
    const rates = (JSON.parse(readFileSync(join(dir, 'mesh-rate.json'), 'utf8')) as { msPerPoint: number[] }).msPerPoint;
    expect(rates).toEqual([Number((measured.elapsedMs! / points).toPrecision(4))]);
    const next: ImportProgress[] = [];
    await loadAssembly(sample('rig.step'), { cache: dir, linearDeflection: 0.5, onProgress: (p) => next.push(p) });
    expect(next.find((e) => e.phase === 'mesh' && e.done === 0)).toEqual({ phase: 'mesh', done: 0, total: 1, estimateMs: Math.round(points * rates[0]!), points, msPerPoint: rates[0] });
  });

  it('a damaged rate file means the default rate, and meshMsPerPoint is checked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-progress-'));
    writeFileSync(join(dir, 'mesh-rate.json'), '{"msPerPoint": [');
    const events: ImportProgress[] = [];
    await loadAssembly(sample('rig.step'), { cache: dir, onProgress: (p) => events.push(p) });
    expect(events.find((e) => e.phase === 'mesh' && e.done === 0)!.msPerPoint).toBe(1);
    await expect(loadAssembly(sample('rig.step'), { meshMsPerPoint: -1 })).rejects.toMatchObject({ code: 'INVALID_OPTION', message: 'loadAssembly: meshMsPerPoint must be a positive number of ms, got -1' });
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
    // an estimated long meshing is announced with its basis, and its line says what was estimated
    const estimated = fakeStream(false);
    const listener = importProgress('huge.step', estimated.stream);
    listener({ phase: 'read', done: 1, total: 1 });
    listener({ phase: 'mesh', done: 0, total: 1, estimateMs: 16_459, points: 16_459, msPerPoint: 1 });
    clock.now += 12_000;
    listener({ phase: 'mesh', done: 1, total: 1, elapsedMs: 12_000, points: 16_459 });
    expect(estimated.text()).toBe('surfcd: huge.step: meshing with OpenCascade, about 16 s (16,459 points at 1.0 ms each)\nsurfcd: huge.step: meshed by OpenCascade in 12.0 s (estimated 16.5 s)\n');
    vi.restoreAllMocks();
  });

  it('on a terminal: the phase on the status line, then a bar with the part count and an ETA', async () => {
    const tty = fakeStream(true);
    const listener = importProgress('big.step', tty.stream);
    await import('cli-progress'); // the bar library loads in the background; let it arrive
    await new Promise((r) => setTimeout(r, 0));
    replay(listener, { now: 0 }, 0);
    expect(tty.text()).toContain('big.step: meshing with OpenCascade (one call, no progress until it returns)…');
    listener({ phase: 'mesh', done: 0, total: 1, estimateMs: 2_500, points: 5_000, msPerPoint: 0.5 });
    expect(tty.text()).toContain('big.step: meshing with OpenCascade, about 2.5 s (5,000 points at 0.50 ms each), one call that reports nothing until it returns…');
    expect(tty.text()).toMatch(/big\.step: building parts .* 0\/3 \| ETA/);
  });
});
