import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAssembly, SurfcdError, triangleTreeOf } from '../../src/index.js';
import { describeShared, fixture, sample, sharedStep } from '../helpers/shared.js';

const temp = mkdtempSync(join(tmpdir(), 'surfcd-import-'));
const tempFile = (name: string, content: string | Uint8Array): string => {
  const path = join(temp, name);
  writeFileSync(path, content);
  return path;
};

async function loadError(source: string | Uint8Array, options = {}): Promise<SurfcdError> {
  try {
    await loadAssembly(source, options);
  } catch (error) {
    expect(error).toBeInstanceOf(SurfcdError);
    return error as SurfcdError;
  }
  throw new Error('expected loadAssembly to fail');
}

describe('loadAssembly on the bundled sample', () => {
  it('keeps every B-rep face as a surface and names parts by path', async () => {
    const assembly = await loadAssembly(sample('rig.step'));
    const paths = assembly.parts.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const name of ['plate', 'bolt', 'nut', 'bearing', 'shaft', 'pin']) {
      expect(assembly.parts.some((p) => p.name === name && p.path.endsWith(name))).toBe(true);
    }
    for (const part of assembly.parts) {
      expect(part.surfaces.length).toBeGreaterThan(0);
      expect(part.surfaceTree).not.toBeNull();
      let covered = 0;
      for (const s of part.surfaces) {
        expect(s.firstTriangle).toBe(covered);
        covered += s.triangleCount;
        // Triangle trees are built on first use; every non-empty surface gets one.
        if (s.triangleCount > 0) expect(triangleTreeOf(s)).not.toBeNull();
      }
      expect(covered).toBe(part.indices.length / 3);
    }
  });

  it('accepts bytes as well as a path, and the deflection options change the triangle count', async () => {
    const bytes = new Uint8Array(readFileSync(sample('rig.step')));
    const coarse = await loadAssembly(bytes, { angularDeflection: 1.0 });
    const fine = await loadAssembly(bytes, { angularDeflection: 0.1, linearDeflection: 0.01 });
    const count = (a: typeof coarse): number => a.parts.reduce((s, p) => s + p.indices.length / 3, 0);
    expect(count(fine)).toBeGreaterThan(2 * count(coarse));
    expect(fine.parts.map((p) => p.path)).toEqual(coarse.parts.map((p) => p.path));
  });
});

describeShared('loadAssembly on CAx-IF as1-oc-214', () => {
  it('reads 18 solids, 160 faces, 5040 triangles with unique stable paths', async () => {
    const assembly = await loadAssembly(sharedStep('as1-oc-214.stp'));
    expect(assembly.name).toBe('as1');
    expect(assembly.parts).toHaveLength(18);
    expect(assembly.parts.reduce((s, p) => s + p.surfaces.length, 0)).toBe(160);
    expect(assembly.parts.reduce((s, p) => s + p.indices.length / 3, 0)).toBe(5040);
    const paths = assembly.parts.map((p) => p.path);
    expect(paths).toContain('as1/plate');
    expect(paths).toContain('as1/rod-assembly/rod');
    expect(paths).toContain('as1/rod-assembly/nut#2');
    expect(paths).toContain('as1/l-bracket-assembly#2/nut#3');
    expect(paths).toContain('as1/l-bracket-assembly#1/l-bracket');
    expect(new Set(paths).size).toBe(18);
    const again = await loadAssembly(sharedStep('as1-oc-214.stp'));
    expect(again.parts.map((p) => p.path)).toEqual(paths);
  });
});

describe('loadAssembly on bad input', () => {
  it('missing file', async () => {
    const e = await loadError(join(temp, 'nope.step'));
    expect(e.code).toBe('FILE_NOT_FOUND');
    expect(e.message).toContain('nope.step: no such file');
  });
  it('empty file', async () => {
    const e = await loadError(tempFile('empty.step', ''));
    expect(e.code).toBe('EMPTY_FILE');
    expect(e.message).toMatch(/empty\.step: file is empty/);
  });
  it('whitespace-only file', async () => {
    const e = await loadError(tempFile('blank.stp', '\n\n   \n'));
    expect(e.code).toBe('EMPTY_FILE');
  });
  it('truncated STEP', async () => {
    const full = readFileSync(sample('rig.step'));
    const e = await loadError(tempFile('truncated.step', full.subarray(0, Math.floor(full.length / 2))));
    expect(e.code).toBe('PARSE_FAILED');
    expect(e.message).toMatch(/truncated\.step: STEP file is truncated/);
  });
  it('a text file that is not CAD', async () => {
    const e = await loadError(fixture('not-cad.txt'));
    expect(e.code).toBe('UNKNOWN_FORMAT');
    expect(e.message).toContain('not-cad.txt: not a STEP, IGES or BREP file');
  });
  it('a text file with a .step extension', async () => {
    const e = await loadError(tempFile('list.step', 'milk\nbread\n'));
    expect(e.code).toBe('PARSE_FAILED');
    expect(e.message).toMatch(/list\.step: extension says STEP but the content does not start like one/);
  });
  it('a STEP with no solids', async () => {
    const e = await loadError(fixture('no-solids.step'));
    expect(e.code).toBe('NO_SOLIDS');
    expect(e.message).toContain('no-solids.step: the file contains no solids');
  });
  it('a STEP assembly whose parts live in other files names those files', async () => {
    const e = await loadError(fixture('external-refs.step'));
    expect(e.code).toBe('EXTERNAL_REFERENCES');
    expect(e.message).toContain('bolt.stp, bracket.stp');
  });
  it('a directory', async () => {
    const e = await loadError(temp);
    expect(e.code).toBe('FILE_UNREADABLE');
  });
  it('bad deflection options', async () => {
    const e = await loadError(sample('rig.step'), { linearDeflection: -1 });
    expect(e.code).toBe('INVALID_OPTION');
    expect(e.message).toContain('linearDeflection must be a positive number');
    const f = await loadError(sample('rig.step'), { angularDeflection: Number.NaN });
    expect(f.message).toContain('angularDeflection must be in (0, π)');
  });
  it('garbage bytes', async () => {
    const e = await loadError(new Uint8Array([0, 1, 2, 3, 255, 254, 7, 8]));
    expect(e.code).toBe('UNKNOWN_FORMAT');
  });
});
