/**
 * Fuzz: random mutations of small valid files (truncations, byte flips, repeated and
 * deleted entities) fed to loadAssembly. Each must end, within a time bound, as either a
 * SurfcdError with a known code and a one-line message, or a valid assembly. Few runs on
 * small files: a WASM abort costs a fresh occt instance (~1 s).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadAssembly, SurfcdError, type Assembly } from '../../src/index.js';
import { bad } from './badFiles.js';

const SAMPLES = ['box.step', 'two-boxes.step', 'cp1251-names.step'].map((name) => ({ name, bytes: new Uint8Array(readFileSync(bad(name))) }));
const CODES = new Set(['EMPTY_FILE', 'UNKNOWN_FORMAT', 'PARSE_FAILED', 'IMPORT_FAILED', 'RESOURCE_LIMIT', 'NO_SOLIDS', 'NO_TRIANGLES', 'EXTERNAL_REFERENCES']);
/** A hang detector, not a speed test: the slowest legitimate case here takes about a second. */
const TIME_BOUND_MS = 20_000;

type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; xor: number }
  | { kind: 'repeat'; line: number; times: number }
  | { kind: 'delete'; line: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), xor: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant('repeat' as const), line: fc.double({ min: 0, max: 1, noNaN: true }), times: fc.integer({ min: 1, max: 50 }) }),
  fc.record({ kind: fc.constant('delete' as const), line: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

function mutate(bytes: Uint8Array, mutations: Mutation[]): Uint8Array {
  let out = bytes;
  for (const m of mutations) {
    if (m.kind === 'truncate') out = out.subarray(0, Math.floor(m.at * out.length));
    else if (m.kind === 'flip') {
      out = Uint8Array.from(out);
      if (out.length > 0) out[Math.min(out.length - 1, Math.floor(m.at * out.length))]! ^= m.xor;
    } else {
      const lines = new TextDecoder('latin1').decode(out).split('\n');
      const entities = lines.map((l, i) => (/^#\d+\s*=/.test(l) ? i : -1)).filter((i) => i >= 0);
      if (entities.length === 0) continue;
      const i = entities[Math.min(entities.length - 1, Math.floor(m.line * entities.length))]!;
      if (m.kind === 'repeat') lines.splice(i, 0, ...Array<string>(m.times).fill(lines[i]!));
      else lines.splice(i, 1);
      out = Uint8Array.from(lines.join('\n'), (c) => c.charCodeAt(0));
    }
  }
  return out;
}

function expectValid(assembly: Assembly): void {
  expect(Array.isArray(assembly.warnings)).toBe(true);
  expect(new Set(assembly.parts.map((p) => p.path)).size).toBe(assembly.parts.length);
  expect(assembly.parts.some((p) => p.indices.length > 0)).toBe(true);
  for (const part of assembly.parts) {
    let covered = 0;
    for (const s of part.surfaces) {
      expect(s.firstTriangle).toBe(covered);
      covered += s.triangleCount;
    }
    expect(covered).toBe(part.indices.length / 3);
    for (const v of part.positions) expect(Number.isFinite(v)).toBe(true);
  }
}

describe('fuzz: mutated samples give a typed error or a valid assembly', () => {
  it('truncations, byte flips, repeated and deleted entities', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SAMPLES), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (sample, mutations) => {
        const input = mutate(sample.bytes, mutations);
        const start = performance.now();
        let outcome: string;
        try {
          expectValid(await loadAssembly(input));
          outcome = 'ok';
        } catch (error) {
          if (!(error instanceof SurfcdError)) throw error;
          expect(CODES, error.message).toContain(error.code);
          expect(error.message).not.toMatch(/\n|\[object /);
          expect(error.message.length).toBeLessThan(400);
          outcome = error.code;
        }
        expect(performance.now() - start).toBeLessThan(TIME_BOUND_MS);
        seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
      }),
      { numRuns: Number(process.env['SURFCD_FUZZ_RUNS'] ?? 30) },
    );
    // The mutations reach both sides: some inputs still load, some are rejected.
    expect(seen.get('ok') ?? 0).toBeGreaterThan(0);
    expect([...seen.keys()].some((k) => k !== 'ok')).toBe(true);
  });
});
