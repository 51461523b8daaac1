// Splitting one assembly's contacts: any partition of the candidate pairs, judged apart (here,
// or by a worker from the published cache entry) and merged in any order, prints the report
// one pass prints, byte for byte.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { findContacts, judgeCandidates, mergeContacts, planContacts, type JudgedPairs } from '../../src/verdict/findContacts.js';
import type { Assembly } from '../../src/model/types.js';
import { contactsJson } from '../../src/report/contactsReport.js';
import { chunkAnswerer, chunkJobs, chunkSize, publishAssembly, type ChunkJobData } from '../../src/scale/splitContacts.js';
import { loadAssembly, openAssembly } from '../../src/spatial/load.js';
import { fleet } from '../bench/scale/fleet.js';
import { sample } from '../helpers/shared.js';

const NAMES = ['flange', 'gear-pair-unclocked', 'rig'];
const assemblies = new Map<string, Assembly>();
const json = (a: Assembly, tolerance: number): string => contactsJson(a, findContacts(a, { tolerance }), { mode: 'all-surfaces' });

beforeAll(async () => {
  for (const name of NAMES) assemblies.set(name, await loadAssembly(sample(`${name}.step`), { cache: false }));
  assemblies.set('fleet', fleet(NAMES.map((name) => ({ name, assembly: assemblies.get(name)! })), 2));
});

describe('split contacts', () => {
  it('any partition of the candidate pairs, merged in any order, is the one-pass report', () => {
    const names = [...assemblies.keys()];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), fc.constantFrom(0, 0.01), fc.array(fc.nat(), { minLength: 7, maxLength: 7 }), (name, cuts, tolerance, order) => {
        const assembly = assemblies.get(name)!;
        const plan = planContacts(assembly, { tolerance });
        const total = plan.candidates.length / 2;
        const bounds = [...new Set([0, ...cuts.map((c) => Math.floor(c * total)), total])].sort((x, y) => x - y);
        const chunks: JudgedPairs[] = [];
        for (let k = 1; k < bounds.length; k++) chunks.push(judgeCandidates(assembly, plan, bounds[k - 1]!, bounds[k]!));
        const shuffled = chunks.map((c, k) => [order[k]!, k, c] as const).sort((x, y) => x[0] - y[0] || x[1] - y[1]).map(([, , c]) => c);
        expect(contactsJson(assembly, mergeContacts(plan, shuffled), { mode: 'all-surfaces' })).toBe(json(assembly, tolerance));
      }),
      { numRuns: 8 },
    );
  });

  it('a worker answering from the published cache entry gives the same report; chunk ids are stable and cover every pair once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-split-'));
    const assembly = assemblies.get('fleet')!;
    const key = await publishAssembly(assembly, dir);
    expect(await publishAssembly(assembly, dir)).toBe(key);
    const options = { tolerance: 0, mode: 'all-surfaces' as const, method: 'scd' };
    const plan = planContacts(assembly, options);
    const total = plan.candidates.length / 2;
    const jobs = chunkJobs(plan, key, dir, options, chunkSize(total, 5));
    expect(jobs.map((j) => [(j.data as ChunkJobData).from, (j.data as ChunkJobData).to]).flat()).toEqual(jobs.flatMap((_, k) => [k * 5, Math.min(total, k * 5 + 5)]));
    expect(new Set(jobs.map((j) => j.id)).size).toBe(jobs.length);
    expect(chunkJobs(plan, key, dir, options, 5).map((j) => j.id)).toEqual(jobs.map((j) => j.id));
    const answer = chunkAnswerer();
    const chunks: JudgedPairs[] = [];
    for (const job of [...jobs].reverse()) chunks.push(await answer(job.data as ChunkJobData));
    expect(contactsJson(assembly, mergeContacts(plan, chunks), { mode: 'all-surfaces' })).toBe(json(assembly, 0));
  });

  it('a cache-loaded assembly is published as its own cache entry (nothing written twice)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-split-'));
    const { assembly, entry } = await openAssembly(sample('rig.step'), { cache: dir });
    // entries only: the directory also keeps this machine's meshing rate (mesh-rate.json)
    const entries = (): string[] => readdirSync(dir).filter((f) => f.endsWith('.surfcd-index'));
    const before = entries();
    expect(before).toHaveLength(1);
    expect(`${await publishAssembly(assembly, dir, entry)}.surfcd-index`).toBe(before[0]);
    expect(entries()).toEqual(before);
  });

  it('the default chunk size makes about 64 jobs, at least 8 pairs each', () => {
    expect(chunkSize(10)).toBe(8);
    expect(chunkSize(6400)).toBe(100);
    expect(chunkSize(6401)).toBe(101);
    expect(chunkSize(6401, 3)).toBe(3);
  });

  it('a worker refuses an entry it cannot find, or a broad phase other than the coordinator\'s, naming the entry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-split-'));
    const answer = chunkAnswerer();
    const base: ChunkJobData = { sharedDir: dir, key: 'f'.repeat(64), tolerance: 0, mode: 'all-surfaces', method: 'scd', candidates: 3, from: 0, to: 1 };
    await expect(answer(base)).rejects.toThrow(new RegExp(`${dir}: no indexed assembly f{64} \\(is the --cache directory shared with this worker\\?\\)`));
    const key = await publishAssembly(assemblies.get('rig')!, dir);
    await expect(answer({ ...base, key, candidates: 99999 })).rejects.toThrow(/this worker finds \d+ candidate pairs, the coordinator 99999/);
  });
});
