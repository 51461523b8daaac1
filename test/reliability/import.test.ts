import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadAssembly } from '../../src/index.js';
import { describeShared, sample, sharedStep } from '../helpers/shared.js';
import { bad, codes, loadError } from './badFiles.js';

describe('1. stdout is data only: OpenCascade chatter becomes warnings', () => {
  it('a dangling reference prints nothing on stdout and is a warning', async () => {
    const write = vi.spyOn(process.stdout, 'write');
    const log = vi.spyOn(console, 'log');
    try {
      const assembly = await loadAssembly(bad('dangling-ref.step'));
      expect(write).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
      expect(assembly.parts.map((p) => p.path)).toEqual(['kept']);
      expect(codes(assembly)).toContain('UNRESOLVED_REFERENCE');
      // the product occt dropped is named
      expect(assembly.warnings!.find((w) => w.code === 'NO_GEOMETRY')?.message).toMatch(/product "lost" \(#\d+\)/);
    } finally {
      write.mockRestore();
      log.mockRestore();
    }
  });
  it('duplicated entity ids are named, not only "unresolved references"', async () => {
    const assembly = await loadAssembly(bad('duplicate-ids.step'));
    expect(assembly.warnings!.find((w) => w.code === 'DUPLICATE_ENTITY')?.message).toMatch(/1 entity id\(s\) defined more than once: #\d+ \(3×\); only one definition of each is used/);
  });
  it('a clean file has an empty warnings list', async () => {
    const assembly = await loadAssembly(bad('box.step'));
    expect(assembly.warnings).toEqual([]);
    expect(assembly.parts[0]!.indices.length / 3).toBe(12);
  });
});

describe('2. a WASM abort does not poison the process', () => {
  it('an occt trap is IMPORT_FAILED, and the next load works', async () => {
    const e = await loadError(bad('brep-abort.brep'));
    expect(e.code).toBe('IMPORT_FAILED');
    expect(e.message).toMatch(/brep-abort\.brep: OpenCascade failed inside its BREP reader .*the reader was restarted/);
    const after = await loadAssembly(bad('box.step'));
    expect(after.parts).toHaveLength(1);
    // and again, twice in a row
    expect((await loadError(bad('brep-abort.brep'))).code).toBe('IMPORT_FAILED');
    expect((await loadAssembly(bad('two-boxes.step'))).parts).toHaveLength(2);
  });
});

describe('2. an occt crash blames the option that asked for too much, or the reader, never a valid file', () => {
  const trapping = { ReadStepFile: () => { throw Object.assign(new Error('unreachable'), { name: 'RuntimeError' }); } };
  const occt = { ...trapping, ReadIgesFile: trapping.ReadStepFile, ReadBrepFile: trapping.ReadStepFile } as never;
  const box = new Uint8Array(readFileSync(bad('box.step')));
  it('with a fine deflection: RESOURCE_LIMIT naming the option and flag', async () => {
    const e = await loadError(box, { occt, linearDeflection: 0.001 });
    expect(e.code).toBe('RESOURCE_LIMIT');
    expect(e.message).toBe('input bytes: OpenCascade ran out of resources meshing with linearDeflection (--linear-deflection) 0.001 (RuntimeError: unreachable); use a coarser value. The reader was restarted');
  });
  it('otherwise IMPORT_FAILED; an instance the caller passed is named as unusable', async () => {
    const e = await loadError(box, { occt });
    expect(e.code).toBe('IMPORT_FAILED');
    expect(e.message).toMatch(/OpenCascade failed inside its STEP reader \(RuntimeError: unreachable\); the occt instance passed in is now unusable: pass a fresh one$/);
  });
});

describe('3. runaway work has limits', () => {
  it('absurd deflections are refused before meshing, naming the option and the floor', async () => {
    const lin = await loadError(sample('rig.step'), { linearDeflection: 1e-7 });
    expect(lin.code).toBe('RESOURCE_LIMIT');
    expect(lin.message).toMatch(/linearDeflection \(--linear-deflection\) 1e-7 mm is absurdly fine .* use at least/);
    const ang = await loadError(sample('rig.step'), { angularDeflection: 1e-5 });
    expect(ang.code).toBe('RESOURCE_LIMIT');
    expect(ang.message).toMatch(/angularDeflection \(--angular-deflection\) 0\.00001 rad .*use at least 0\.01/);
  });
  it('a BREP declaring more entries than it has bytes is refused at once', async () => {
    const e = await loadError(bad('brep-huge-count.brep'));
    expect(e.code).toBe('PARSE_FAILED');
    expect(e.message).toMatch(/section "Curve2ds" declares 2000000000 entries but the whole file is \d+ bytes/);
  });
  it('the triangle budget stops a load and says how to raise it', async () => {
    const e = await loadError(bad('two-boxes.step'), { maxTriangles: 20 });
    expect(e.code).toBe('RESOURCE_LIMIT');
    expect(e.message).toMatch(/more than 20 triangles \(maxTriangles \/ --max-triangles\) by part "right"/);
  });
  it('devices are refused before reading; the read cap holds', async () => {
    for (const device of ['/dev/zero', '/dev/urandom']) {
      const e = await loadError(device);
      expect(e.code).toBe('FILE_UNREADABLE');
      expect(e.message).toBe(`${device}: is a character device, expected a regular file or a pipe`);
    }
    const e = await loadError(sample('rig.step'), { maxFileBytes: 1000 });
    expect(e.code).toBe('RESOURCE_LIMIT');
    expect(e.message).toMatch(/over the read limit of 1000 bytes \(maxFileBytes \/ --max-file-bytes raises it\)/);
  });
});

describe('3. pipes are read, with the same cap', () => {
  const fifo = (name: string, source: string): string => {
    const path = join(mkdtempSync(join(tmpdir(), 'surfcd-fifo-')), name);
    execFileSync('mkfifo', [path]);
    spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', source, path], { stdio: 'ignore' });
    return path;
  };
  it('a FIFO (as from a shell pipe) loads like the file', async () => {
    expect((await loadAssembly(fifo('box.step', bad('box.step')))).parts.map((p) => p.name)).toEqual(['box']);
  });
  it('a FIFO streaming more than maxFileBytes stops at the cap', async () => {
    const e = await loadError(fifo('endless.step', '/dev/zero'), { maxFileBytes: 1 << 20 });
    expect(e.code).toBe('RESOURCE_LIMIT');
    expect(e.message).toMatch(/endless\.step: more than \d+ bytes, over the read limit of 1048576 bytes/);
  });
});

describe('4. no silent loss of parts', () => {
  it('a cyclic product structure names the cycle', async () => {
    const e = await loadError(bad('cyclic.step'));
    expect(e.code).toBe('PARSE_FAILED');
    expect(e.message).toMatch(/product structure is cyclic: "outer" \(#\d+\) contains "inner" \(#\d+\) contains "outer"/);
  });
  it('a solid occt drops for absurd coordinates is a warning naming the product', async () => {
    const assembly = await loadAssembly(bad('huge-coords.step'));
    expect(assembly.parts.some((p) => p.name === 'normal')).toBe(true);
    expect(assembly.warnings!.map((w) => w.message).join('\n')).toMatch(/"far"/);
  });
  it('parts without triangles are kept (paths stay) and each is a NO_TRIANGLES warning', async () => {
    const assembly = await loadAssembly(bad('degenerate-solid.step'));
    const empty = assembly.parts.filter((p) => p.indices.length === 0).map((p) => p.path);
    expect(empty.length).toBeGreaterThan(0);
    expect(assembly.warnings!.filter((w) => w.code === 'NO_TRIANGLES').map((w) => w.part)).toEqual(empty);
    expect(assembly.warnings![0]!.message).toMatch(/part "flat\/flat#\d" has no triangles \(its faces degenerated when meshed\)/);
  });
  it('a unit so small every face degenerates is NO_TRIANGLES, not an empty success', async () => {
    const e = await loadError(bad('pico-unit.step'));
    expect(e.code).toBe('NO_TRIANGLES');
    expect(e.message).toMatch(/pico-unit\.step: none of the 6 meshes OpenCascade returned has a triangle \(every face degenerated; the file's length unit is picometre/);
  });
});

describe('8. messages that tell the truth', () => {
  it('a UTF-8 BOM is accepted', async () => {
    expect((await loadAssembly(bad('bom.step'))).parts.map((p) => p.name)).toEqual(['box']);
  });
  it('syntax garbage in DATA is PARSE_FAILED with the line', async () => {
    const e = await loadError(bad('syntax-garbage.step'));
    expect(e.code).toBe('PARSE_FAILED');
    expect(e.message).toMatch(/syntax-garbage\.step: STEP syntax error at line \d+/);
  });
  it('whitespace-only files of any size are EMPTY_FILE', async () => {
    const e = await loadError(bad('whitespace-5k.step'));
    expect(e.code).toBe('EMPTY_FILE');
    expect(e.message).toMatch(/whitespace-5k\.step: file is empty \(5100 bytes of whitespace only\)/);
  });
  it('1.E999 is a number out of range on its line, not a stack overflow', async () => {
    const e = await loadError(bad('overflow-1e999.step'));
    expect(e.code).toBe('PARSE_FAILED');
    expect(e.message).toMatch(/overflow-1e999\.step: line \d+: number 1\.E999 is out of range/);
  });
  it('STEP text passed as a path is named as such, not echoed', async () => {
    const text = readFileSync(sample('rig.step'), 'utf8');
    const e = await loadError(text);
    expect(e.code).toBe('INVALID_OPTION');
    expect(e.message.length).toBeLessThan(300);
    expect(e.message).toMatch(/got file contents \(\d+ characters starting "ISO-10303-21;/);
  });
  it('bad arguments are SurfcdErrors naming the option', async () => {
    expect((await loadError(sample('rig.step'), { format: 'obj' })).message).toBe('loadAssembly: format must be one of step, iges, brep, got "obj"');
    expect((await loadError(sample('rig.step'), null)).message).toBe('loadAssembly: options must be an object, got null');
    expect((await loadError(null as never)).message).toBe('loadAssembly: expected a file path or a Uint8Array, got null');
    expect((await loadError(sample('rig.step'), { maxTriangles: 1.5 })).message).toBe('loadAssembly: maxTriangles must be a positive integer, got 1.5');
  });
});

describe('9. names', () => {
  it('raw CP1251 names decode to distinct Cyrillic names, with the original bytes in a warning', async () => {
    const assembly = await loadAssembly(bad('cp1251-names.step'));
    expect(assembly.parts.map((p) => p.name)).toEqual(['плита', 'болт', 'гайка']);
    const w = assembly.warnings!.filter((x) => x.code === 'NAME_ENCODING');
    expect(w).toHaveLength(3);
    expect(w[0]!.message).toMatch(/name "плита" is not valid UTF-8; read as CP1251 \(bytes ef eb e8 f2 e0\)/);
  });
  it('the standard escapes \\X2\\, \\X\\ and \\S\\ decode without warnings', async () => {
    const assembly = await loadAssembly(bad('escaped-names.step'));
    expect(assembly.parts.map((p) => p.name)).toEqual(['плита', 'Müller', 'Grün']);
    expect(assembly.warnings).toEqual([]);
  });
  it('raw Latin-1 names stay Latin-1', async () => {
    const assembly = await loadAssembly(bad('latin1-names.step'));
    expect(assembly.parts.map((p) => p.name)).toEqual(['Müller-Platte', 'Düse']);
    expect(codes(assembly)).toEqual(['NAME_ENCODING', 'NAME_ENCODING']);
  });
  it('unnamed solids take the name of their product, not unnamed#k', async () => {
    const assembly = await loadAssembly(bad('unnamed-solids.step'));
    expect(assembly.parts.map((p) => p.path)).toEqual(['bracket/bracket#1', 'bracket/bracket#2', 'bracket/bracket#3']);
  });
  it('unnamed products take their id, or their entity number', async () => {
    const assembly = await loadAssembly(bad('unnamed.step'));
    expect(assembly.parts[0]!.name).toBe('PN-1001');
    expect(assembly.parts[1]!.name).toMatch(/^product-\d+$/);
  });
});

describeShared('4. valid real files load without warnings (so --strict passes them)', () => {
  it('CAx-IF as1, dm1, io1: materials and flattened sub-assembly levels are not "missing products"', async () => {
    for (const name of ['as1-oc-214.stp', 'dm1-id-214.stp', 'io1-cm-214.stp']) {
      expect((await loadAssembly(sharedStep(name))).warnings, name).toEqual([]);
    }
  });
});
