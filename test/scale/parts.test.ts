// The pieces of the scale-out that need no server: Redis URLs and credentials, results that
// travel inline or beside the cache, the summary's counts and pages, the batch's file list.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobKey, listCadFiles } from '../../src/scale/batch.js';
import { reason, redisTarget } from '../../src/scale/redis.js';
import { decodeResult, encodeResult } from '../../src/scale/results.js';
import { interferenceCounts, summaryCsv, summaryHtml, summaryOf } from '../../src/scale/summary.js';
import type { InterferenceEntry } from '../../src/review/classify.js';
import type { InterferenceClass } from '../../src/review/classes.js';

describe('redisTarget', () => {
  it('reads host, port, db and credentials from the URL; the label carries no credential', () => {
    const t = redisTarget('redis://alice:p%40ss@cache.example:6380/2');
    expect(t).toMatchObject({ host: 'cache.example', port: 6380, db: 2, username: 'alice', password: 'p@ss', tls: false, label: 'redis://cache.example:6380/2' });
    expect(redisTarget('rediss://h')).toMatchObject({ port: 6379, db: 0, tls: true, label: 'rediss://h' });
    expect(redisTarget('redis://[::1]:7000').host).toBe('::1');
  });

  it('--queue without a value reads REDIS_URL, and says so when it is not set', () => {
    expect(redisTarget(true, { REDIS_URL: 'redis://:secret@10.0.0.5' })).toMatchObject({ host: '10.0.0.5', password: 'secret', label: 'redis://10.0.0.5' });
    expect(() => redisTarget(true, {})).toThrow(/REDIS_URL.*not set/);
  });

  it('refuses what is not a Redis URL, in one line naming the flag, never echoing the URL', () => {
    for (const [url, why] of [['http://h:1', /redis:\/\/ or rediss:\/\/.*http:/], ['not a url', /not a URL/], ['redis://h/x', /database.*"\/x"/], ['', /expected a Redis URL/]] as const) {
      let message = '';
      try {
        redisTarget(url);
      } catch (error) {
        message = (error as Error).message;
        expect((error as { code?: string }).code).toBe('INVALID_OPTION');
      }
      expect(message).toMatch(why);
      expect(message).toMatch(/^--queue: /);
      expect(message.split('\n')).toHaveLength(1);
    }
    expect(() => redisTarget('http://user:hunter2@h')).toThrow(expect.objectContaining({ message: expect.not.stringContaining('hunter2') }));
  });

  it('blanks the credentials out of a driver message', () => {
    const t = redisTarget('redis://bob:hunter2@h');
    expect(reason(new Error('WRONGPASS for bob with hunter2\nstack'), t)).toBe('WRONGPASS for *** with ***');
  });
});

describe('job results', () => {
  it('travel inline exactly (-0, NaN, huge and tiny doubles, typed arrays)', async () => {
    const value = { depth: -0, nan: NaN, big: 1.7976931348623157e308, tiny: 5e-324, third: 1 / 3, ids: new Uint32Array([1, 2, 4294967295]) };
    const encoded = await encodeResult(value, 'j', null);
    expect(encoded).toHaveProperty('inline');
    const back = (await decodeResult(encoded, 'j')) as typeof value;
    expect(Object.is(back.depth, -0)).toBe(true);
    expect(back.nan).toBeNaN();
    expect(back).toEqual(value);
  });

  it('above the inline limit, go beside the cache and come back the same; without a shared directory it is a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-results-'));
    const value = { text: 'x'.repeat(5000) };
    const encoded = await encodeResult(value, 'file-abc', dir, 1000);
    expect(encoded).toEqual({ stored: join(dir, 'results', 'file-abc.v8') });
    expect(readdirSync(join(dir, 'results'))).toEqual(['file-abc.v8']);
    expect(await decodeResult(encoded, 'file-abc')).toEqual(value);
    await expect(encodeResult(value, 'file-abc', null, 1000)).rejects.toThrow(/job file-abc: its result \(\d+ bytes\) is larger than 1000 bytes and the job names no shared directory/);
    await expect(decodeResult({ stored: join(dir, 'nope.v8') }, 'j')).rejects.toThrow(/stored result .*nope\.v8 cannot be read \(ENOENT\); is the --cache directory shared/);
    await expect(decodeResult({ something: 1 }, 'j')).rejects.toThrow(/not one surfcd wrote/);
    await expect(encodeResult(value, '../../etc/cron.d/x', dir, 1000)).rejects.toThrow(/not an id surfcd makes/);
  });
});


describe('summary', () => {
  it('counts interfering part pairs by class; an expected overlap is never a clash', () => {
    const entry = (kind: InterferenceClass, expected = false): InterferenceEntry => ({ id: `a+b`, partA: 'a', partB: 'b', kind, expected, depth: 1, direction: null, surfacePairs: 0, sentence: '' });
    const entries = [entry('clash'), entry('clash'), entry('contained'), entry('duplicate'), entry('thread', true), entry('gear-mesh', true)];
    expect(interferenceCounts(entries)).toEqual({ clash: 2, expected: 2, contained: 1, duplicate: 1 });
    expect(interferenceCounts([])).toEqual({ clash: 0, expected: 0, contained: 0, duplicate: 0 });
  });

  it('pages escape what the file names hold, and link the results relative to the summary', () => {
    const summary = summaryOf(
      [
        { file: '/d/<script>alert(1)</script>.step', name: '<script>alert(1)</script>', status: 'done', parts: 2, clash: 1, expected: 0, contained: 0, duplicate: 0, worstDepth: 0.1234567891, timeMs: 1234.5, contacts: 'a b#1.contacts.json' },
        { file: '/d/bad,"x".step', name: 'bad', status: 'failed', error: 'broken "file", really' },
      ],
      { tolerance: 0 },
    );
    expect(summary.totals).toMatchObject({ files: 2, done: 1, failed: 1, clash: 1 });
    const html = summaryHtml(summary);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('href="a%20b%231.contacts.json"');
    const csv = summaryCsv(summary).split('\n');
    expect(csv[0]).toBe('file,status,parts,clash,expected,contained,duplicate,worstDepth,timeMs,contacts,report,error');
    expect(csv[1]).toBe('/d/<script>alert(1)</script>.step,done,2,1,0,0,0,0.123457,1235,a b#1.contacts.json,,');
    expect(csv[2]).toBe('"/d/bad,""x"".step",failed,,,,,,,,,,"broken ""file"", really"');
  });
});

describe('listCadFiles', () => {
  it('finds CAD files under directories (any case of extension), sorted; stems shared across folders get -2; a missing named file stays', async () => {
    const root = mkdtempSync(join(tmpdir(), 'surfcd-list-'));
    mkdirSync(join(root, 'a'));
    mkdirSync(join(root, 'b', 'deep'), { recursive: true });
    for (const f of ['a/rig.step', 'b/deep/rig.STP', 'b/part.igs', 'b/notes.txt']) writeFileSync(join(root, f), '');
    const files = await listCadFiles([root, join(root, 'missing.step')]);
    expect(files.map((f) => [f.path.slice(root.length), f.name])).toEqual([
      ['/a/rig.step', 'rig'],
      ['/b/deep/rig.STP', 'rig-2'],
      ['/b/part.igs', 'part'],
      ['/missing.step', 'missing'],
    ]);
  });

  it('a directory without CAD files, or no input at all, is an error naming it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'surfcd-list-'));
    await expect(listCadFiles([empty])).rejects.toThrow(new RegExp(`${empty}: no CAD files`));
    await expect(listCadFiles([])).rejects.toThrow(/name at least one CAD file or directory/);
  });
});

describe('jobKey', () => {
  it('changes with the content and with any option, nested ones included; not with key order', () => {
    const base = jobKey('abc', { tolerance: 0, load: { linearDeflection: 0.1, angularDeflection: 0.5 } });
    expect(jobKey('abc', { load: { angularDeflection: 0.5, linearDeflection: 0.1 }, tolerance: 0 })).toBe(base);
    expect(jobKey('abd', { tolerance: 0, load: { linearDeflection: 0.1, angularDeflection: 0.5 } })).not.toBe(base);
    expect(jobKey('abc', { tolerance: 0, load: { linearDeflection: 0.2, angularDeflection: 0.5 } })).not.toBe(base);
    expect(jobKey('abc', { tolerance: 0, load: { linearDeflection: 0.1 } })).not.toBe(base);
    expect(jobKey('abc', { tolerance: 0.01, load: { linearDeflection: 0.1, angularDeflection: 0.5 } })).not.toBe(base);
  });
});
