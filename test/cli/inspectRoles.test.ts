/** `surfcd inspect` with fastener roles: JSON fields, the table column, `--no-roles`. */
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../helpers/captureOutput.js';
import { main } from '../../src/cli/main.js';
import { sample } from '../helpers/shared.js';

const output = captureOutput();

describe('surfcd inspect: fastener roles', () => {
  it('--format json gives parts[].role, parts[].fastener and the evidence', async () => {
    expect(await main(['inspect', sample('clamped-stack.step'), '--format', 'json'])).toBe(0);
    const json = JSON.parse(output.stdout) as { parts: { path: string; role: string | null; fastener: unknown; roleEvidence: string[] }[] };
    const by = Object.fromEntries(json.parts.map((p) => [p.path, p]));
    expect(by['bolt']!.role).toBe('bolt');
    expect(by['bolt']!.fastener).toEqual({ nominal: 10, pitch: 1.5, standard: 'ISO 262', designation: 'M10' });
    expect(by['bolt']!.roleEvidence).toContain('hex head 16 AF × 6.4');
    expect(by['nut']!.role).toBe('nut');
    expect(by['nut']!.roleEvidence).toContain('on bolt (bore drawn at the minor diameter)');
    expect(by['washer']).toEqual(expect.objectContaining({ role: 'washer', fastener: null }));
    expect(by['lower-plate']).toEqual(expect.objectContaining({ role: null, fastener: null, roleEvidence: [] }));
  });

  it('the table has a role column; --no-roles leaves it out', async () => {
    expect(await main(['inspect', sample('bolt-washer-nut.step')])).toBe(0);
    expect(output.stdout).toMatch(/^bolt\s+bolt M8\s+\d+/m);
    expect(output.stdout).toMatch(/^washer\s+washer\s+\d+/m);
    expect(output.stdout).toMatch(/^plate\s+—\s+\d+/m);
    const before = output.stdout.length;
    expect(await main(['inspect', sample('bolt-washer-nut.step'), '--no-roles'])).toBe(0);
    const plain = output.stdout.slice(before);
    expect(plain).not.toMatch(/\brole\b/);
    expect(plain).toMatch(/^bolt\s+\d+\s+\d+/m);
  });
});
