import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { sample } from '../helpers/shared.js';

const output = captureOutput();
const temp = mkdtempSync(join(tmpdir(), 'surfcd-simulate-'));
const write = (name: string, value: unknown): string => {
  const file = join(temp, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};
const steps = [
  { id: 'shaft-sideways', move: ['shaft'], translate: { direction: [1, 0, 0], distance: 20 }, expect: 'blocked' },
  { id: 'pin-out', move: ['pin'], translate: { along: { normalOf: 'plate' }, distance: 'clear' }, expect: 'free' },
];

describe('surfcd simulate', () => {
  it('exit 0 when every step meets its expect; the table names the blocking surfaces', async () => {
    expect(await main(['simulate', sample('rig.step'), write('ok.json', { schema: 'surfcd/motion@1', steps })])).toBe(0);
    expect(output.stdout).toMatch(/^✔ shaft-sideways  blocked at 0\.0 mm: shaft face 1 \(cylinder Ø20\) against bearing face 5 \(cylinder Ø20\)/m);
    expect(output.stdout).toMatch(/^✔ pin-out         free    15\.0 mm$/m);
  });

  it('exit 3 when a step does not, so scripts work as regression checks; json and md formats; --out', async () => {
    const wrong = [{ ...steps[0], expect: 'free' }];
    const out = join(temp, 'result.json');
    expect(await main(['simulate', sample('rig.step'), write('wrong.json', { schema: 'surfcd/motion@1', steps: wrong }), '--format', 'json', '--out', out])).toBe(3);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json.schema).toBe('surfcd/simulation@1');
    expect(json.steps[0]).toMatchObject({ id: 'shaft-sideways', status: 'blocked', expected: 'free', met: false });
    expect(await main(['simulate', sample('rig.step'), write('ok2.json', { schema: 'surfcd/motion@1', steps: [steps[1]] }), '--format', 'md'])).toBe(0);
    expect(output.stdout).toMatch(/\| ✔ \| pin-out \| pin \| free \| free \|/);
  });

  it('exit 1 for a bad script (before the assembly is read), 2 for bad usage', async () => {
    expect(await main(['simulate', sample('rig.step'), write('bad.json', { schema: 'surfcd/motion@1', steps: [{ ...steps[0], expect: 'maybe' }] })])).toBe(1);
    expect(output.stderr).toMatch(/bad\.json: step "shaft-sideways": expect: expected "free" or "blocked" \[INVALID_SCRIPT\]/);
    expect(await main(['simulate', sample('rig.step'), join(temp, 'missing.json')])).toBe(1);
    expect(output.stderr).toMatch(/missing\.json: cannot read the motion script .*\[FILE_NOT_FOUND\]/);
    expect(await main(['simulate', sample('rig.step')])).toBe(2);
    expect(await main(['simulate', sample('rig.step'), write('ok3.json', { schema: 'surfcd/motion@1', steps }), '--format', 'yaml'])).toBe(2);
  });

  it('takes the load flags every command takes: limits and bad values named by their flag', async () => {
    const script = write('ok4.json', { schema: 'surfcd/motion@1', steps });
    expect(await main(['simulate', sample('rig.step'), script, '--no-cache', '--max-triangles', '10'])).toBe(1);
    expect(output.stderr).toMatch(/rig\.step: more than 10 triangles .*\[RESOURCE_LIMIT\]/);
    expect(await main(['simulate', sample('rig.step'), script, '--linear-deflection', '0'])).toBe(2);
    expect(output.stderr).toMatch(/--linear-deflection: expected a number > 0, got "0"/);
    expect(await main(['simulate', sample('rig.step'), script, '--max-file-bytes', '10'])).toBe(1);
    expect(output.stderr).toMatch(/rig\.step: is \d+ bytes, over the read limit of 10 bytes .*\[RESOURCE_LIMIT\]/);
  });
});
