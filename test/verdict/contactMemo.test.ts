import { beforeAll, describe, expect, it } from 'vitest';
import { findContacts, loadAssembly, type Assembly } from '../../src/index.js';
import { AssemblyMemo, fromMemoText, memoText } from '../../src/model/assemblyMemo.js';
import type { Encoded } from '../../src/model/derived.js';
import { contactsJson } from '../../src/report/contactsReport.js';
import { classifyInterferences } from '../../src/review/classify.js';
import { deserializeEntry, serializeAssembly } from '../../src/spatial/serialize.js';
import { sample } from '../helpers/shared.js';

// The memo keeps judged part pairs and the fastener answer of a cached run. Every test
// compares against a run without a memo (the ground truth), and proves the memo is really
// read by planting a false answer under one key: the same key must give it back, every
// other key (tolerance, mode, poses, method, another assembly) must not.

const json = (a: Assembly, options: Parameters<typeof findContacts>[1] = {}): string => contactsJson(a, findContacts(a, options), { mode: options.mode ?? 'all-surfaces' });

/** The memo's key holding judged pairs, and a copy of the memo whose first interfering pair says a false depth. */
function poisoned(assembly: Assembly, memo: AssemblyMemo): AssemblyMemo {
  const data = memo.encoded();
  const key = Object.keys(data).find((k) => k.startsWith('contacts/'))!;
  const stored = data[key] as { verdicts: string[] } & Record<string, Encoded>;
  const k = stored.verdicts.findIndex((v) => v !== '' && (fromMemoText(v) as { verdict: string }).verdict === 'interference');
  expect(k).toBeGreaterThanOrEqual(0);
  const verdict = fromMemoText(stored.verdicts[k]!) as { depth: number };
  const verdicts = [...stored.verdicts];
  verdicts[k] = memoText({ ...verdict, depth: 123.25 });
  return new AssemblyMemo(assembly, { ...data, [key]: { ...stored, verdicts } });
}

describe('judged part pairs in the assembly memo', () => {
  let assembly: Assembly;
  let truth: string;
  beforeAll(async () => {
    assembly = await loadAssembly(sample('review-classes.step'));
    truth = json(assembly, { tolerance: 0.01 });
  });

  it('a run through a fresh memo, and one through the memo read back from an entry, give the answer of a run without one', () => {
    const memo = new AssemblyMemo(assembly);
    expect(json(assembly, { tolerance: 0.01, memo })).toBe(truth);
    expect(memo.changed).toBe(true);
    const back = deserializeEntry(serializeAssembly(assembly, undefined, memo), assembly.source);
    expect(back.memo.changed).toBe(false);
    expect(json(back.assembly, { tolerance: 0.01, memo: back.memo })).toBe(json(back.assembly, { tolerance: 0.01 }));
    expect(json(back.assembly, { tolerance: 0.01, memo: back.memo })).toBe(truth);
    expect(back.memo.changed).toBe(false); // every pair recalled: nothing judged, nothing to write
    // the same memo gives the same entry bytes
    expect(serializeAssembly(back.assembly, undefined, back.memo)).toEqual(serializeAssembly(assembly, undefined, memo));
  });

  it('a kept answer is given back only for its own options, poses, narrow phase and assembly', async () => {
    const memo = new AssemblyMemo(assembly);
    findContacts(assembly, { tolerance: 0.01, memo });
    const planted = poisoned(assembly, memo);
    // the planted answer is read: the memo is really used for its key
    expect(JSON.stringify(findContacts(assembly, { tolerance: 0.01, memo: planted }).pairs)).toContain('"depth":123.25');
    // and never for another key
    expect(json(assembly, { tolerance: 0.02, memo: planted })).toBe(json(assembly, { tolerance: 0.02 }));
    expect(json(assembly, { tolerance: 0.01, mode: 'first-surface', memo: planted })).toBe(json(assembly, { tolerance: 0.01, mode: 'first-surface' }));
    expect(json(assembly, { tolerance: 0.01, method: 'obbtree', memo: planted })).toBe(json(assembly, { tolerance: 0.01, method: 'obbtree' }));
    const moved = { [assembly.parts[0]!.path]: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5, 0, 0, 1] };
    expect(json(assembly, { tolerance: 0.01, poses: moved, memo: planted })).toBe(json(assembly, { tolerance: 0.01, poses: moved }));
    const again = await loadAssembly(sample('review-classes.step'));
    expect(json(again, { tolerance: 0.01, memo: planted })).toBe(truth);
    // the other options added their own keys; the moved poses, the plugin's phase and the other assembly added none
    expect(Object.keys(planted.encoded()).filter((k) => k.startsWith('contacts/')).sort()).toEqual(['contacts/1 ["all-surfaces",0.01,0.01]', 'contacts/1 ["all-surfaces",0.02,0.02]', 'contacts/1 ["first-surface",0.01,0.01]']);
  });

  it('kept data that does not fit the assembly is judged again and written anew', () => {
    const memo = new AssemblyMemo(assembly);
    findContacts(assembly, { tolerance: 0.01, memo });
    const data = memo.encoded();
    const key = Object.keys(data).find((k) => k.startsWith('contacts/'))!;
    const stored = data[key] as Record<string, Encoded> & { pairs: Uint32Array; verdicts: string[] };
    const wrongPaths = stored.verdicts.map((v) => (v === '' ? v : v.replace(/"partA":"[^"]*"/, '"partA":"elsewhere"')));
    const outOfRange = stored.pairs.map((x, i) => (i % 4 === 0 ? 9999 : x));
    for (const bad of [{ ...stored, verdicts: wrongPaths }, { ...stored, pairs: outOfRange }, { ...stored, surfaces: new Float64Array(3) }, 'not a record']) {
      const broken = new AssemblyMemo(assembly, { [key]: bad as Encoded });
      expect(json(assembly, { tolerance: 0.01, memo: broken })).toBe(truth);
      expect(broken.changed).toBe(true);
    }
  });

  it('the fastener answer is kept per tolerance and read back; the classes are those of a run without a memo', () => {
    const report = findContacts(assembly, { tolerance: 0.01 });
    const classes = (memo?: AssemblyMemo): string => JSON.stringify(classifyInterferences(assembly, report, { tolerance: 0.01, ...(memo ? { memo } : {}) }));
    const expected = classes();
    expect(expected).toContain('"kind":"thread"');
    const memo = new AssemblyMemo(assembly);
    expect(classes(memo)).toBe(expected);
    const key = Object.keys(memo.encoded()).find((k) => k.startsWith('fasteners/'))!;
    expect(key).toBeDefined();
    const back = deserializeEntry(serializeAssembly(assembly, undefined, memo));
    expect(JSON.stringify(classifyInterferences(back.assembly, report, { tolerance: 0.01, memo: back.memo }))).toBe(expected);
    expect(back.memo.changed).toBe(false);
    // planted: no joints kept, so the thread is a clash for that tolerance only
    const planted = new AssemblyMemo(assembly, { [key]: memoText({ joints: [], roles: [] }) });
    expect(classes(planted)).not.toContain('"kind":"thread"');
    const other = classifyInterferences(assembly, report, { tolerance: 0.02, memo: planted });
    expect(JSON.stringify(other)).toBe(JSON.stringify(classifyInterferences(assembly, report, { tolerance: 0.02 })));
    // text that does not fit is recognized again
    const broken = new AssemblyMemo(assembly, { [key]: memoText({ joints: [{ fastener: 999, mate: 0 }], roles: [] }) });
    expect(classes(broken)).toBe(expected);
  });

  it('memo text keeps key order, −0 and non-finite numbers', () => {
    const value = { b: -0, a: [Infinity, -Infinity, NaN, 1.5], c: 'x' };
    const back = fromMemoText(memoText(value)) as typeof value;
    expect(Object.keys(back)).toEqual(['b', 'a', 'c']);
    expect(Object.is(back.b, -0)).toBe(true);
    expect(back.a).toEqual([Infinity, -Infinity, NaN, 1.5]);
  });

  it('a memo is refused by the serializer of another assembly', async () => {
    const other = await loadAssembly(sample('rig.step'));
    expect(() => serializeAssembly(other, undefined, new AssemblyMemo(assembly))).toThrow(/memo belongs to another assembly/);
  });
});
