// Names and product structure of generated STEP assemblies: what occt-import-js loses
// (line breaks in literals, bodies of multi-body parts, flattened sub-assemblies, shared
// shape representations) must come back as the file states it, with no false warnings.
import { describe, expect, it } from 'vitest';
import { loadAssembly, type Assembly } from '../../src/index.js';
// @ts-expect-error: a plain .mjs module of the fixture scripts, without types
import { assemblyStep } from '../../scripts/lib/stepBoxes.mjs';

type Box = { min: number[]; max: number[] };
type Spec = { products: ({ name: string; solids: Box[]; sharesShapeOf?: number } | { name: string; children: { product: number; at: number[] }[] } | { name: string; sharesShapeOf: number })[] };
const CUBE: Box = { min: [0, 0, 0], max: [10, 10, 10] };
const LID: Box = { min: [0, 0, 12], max: [10, 10, 14] };
const CAP: Box = { min: [0, 0, 16], max: [10, 10, 18] };

const load = (spec: Spec): Promise<Assembly> => loadAssembly(new Uint8Array(Buffer.from((assemblyStep as (s: Spec) => string)(spec), 'latin1')));
/** path → lowest corner, the ground truth of where each box was placed. */
const placed = (a: Assembly): Record<string, number[]> => Object.fromEntries(a.parts.map((p) => [p.path, [...p.bounds.slice(0, 3)]]));
const pair = (name: string, other = 'plain'): Spec => ({
  products: [{ name: 'top', children: [{ product: 1, at: [0, 0, 0] }, { product: 2, at: [20, 0, 0] }] }, { name, solids: [CUBE] }, { name: other, solids: [CUBE] }],
});

describe('names as the CAD system shows them', () => {
  it('a line break inside a name literal is not part of the name, and gives no NO_GEOMETRY', async () => {
    const a = await load(pair('Bearing 6201-2Z, Shielded\n, Flanged'));
    expect(placed(a)).toEqual({ 'top/Bearing 6201-2Z, Shielded, Flanged': [0, 0, 0], 'top/plain': [20, 0, 0] });
    expect(a.warnings).toEqual([]);
    const crlf = await load(pair('Ball\r\n bearing'));
    expect(crlf.parts[0]!.name).toBe('Ball bearing');
    expect(crlf.warnings).toEqual([]);
  });

  it('quotes written as two apostrophes, escapes and raw UTF-8 decode to the same text', async () => {
    const a = await load({
      products: [
        { name: 'top', children: [{ product: 1, at: [0, 0, 0] }, { product: 2, at: [20, 0, 0] }, { product: 3, at: [40, 0, 0] }] },
        { name: "O''Brien''s \"bracket\"", solids: [CUBE] },
        { name: 'Pe\\X\\E7a \\X2\\043F043B043804420430\\X0\\', solids: [CUBE] },
        { name: Buffer.from('Kugellager Müller 😀', 'utf8').toString('latin1'), solids: [CUBE] },
      ],
    });
    expect(a.parts.map((p) => p.name)).toEqual(['O\'Brien\'s "bracket"', 'Peça плита', 'Kugellager Müller 😀']);
    expect(a.warnings).toEqual([]);
  });

  it('\\X\\80–\\X\\9F (control characters in ISO 8859-1) read as the code page the writer used, with one warning', async () => {
    // Autodesk's exporter writes Fusion 360's "Peça" (ç = 0x87 in CP850) as Pe\X\87a
    const oem = await load(pair('SG90 Tower Pro.1_Pe\\X\\87a', 'Fl\\X\\84che'));
    expect(oem.parts.map((p) => p.name)).toEqual(['SG90 Tower Pro.1_Peça', 'Fläche']);
    expect(oem.warnings!.map((w) => w.code)).toEqual(['NAME_ENCODING']);
    expect(oem.warnings![0]!.message).toContain(`2 name(s) escape bytes 0x80–0x9F, control characters in ISO 8859-1, read as CP850: "SG90 Tower Pro.1_Peça" is written 'SG90 Tower Pro.1_Pe\\X\\87a'`);
    // a Windows-1252 writer: quotes and dashes beside spaces and digits
    const ansi = await load(pair('Bracket \\X\\96 left', 'O\\X\\92Neill \\X\\84M6\\X\\93'));
    expect(ansi.parts.map((p) => p.name)).toEqual(['Bracket – left', 'O’Neill „M6“']);
    expect(ansi.warnings![0]!.message).toContain('read as Windows-1252');
  });

  it('names are printable: a control character that survives decoding is written as an escape, the same in path and warning', async () => {
    const a = await load(pair('ring\\X2\\0087\\X0\\x', 'tab\\X\\09stop'));
    expect(a.parts.map((p) => p.path)).toEqual(['top/ring\\u0087x', 'top/tab\\tstop']);
    for (const p of a.parts) expect(p.path).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('two products sharing one shape representation keep their own names', async () => {
    const a = await load({
      products: [{ name: 'top', children: [{ product: 1, at: [0, 0, 0] }, { product: 2, at: [20, 0, 0] }] }, { name: 'left', solids: [CUBE] }, { name: 'right', sharesShapeOf: 1 }],
    });
    expect(placed(a)).toEqual({ 'top/left': [0, 0, 0], 'top/right': [20, 0, 0] });
    expect(a.warnings).toEqual([]);
  });

  it('the bodies of a multi-body part take its name, not a neighbour’s', async () => {
    const a = await load({
      products: [
        { name: 'top', children: [{ product: 1, at: [0, 0, 0] }, { product: 2, at: [20, 0, 0] }, { product: 3, at: [40, 0, 0] }] },
        { name: 'BarLink v9', solids: [CUBE] },
        { name: 'SKF 6201', solids: [CUBE, LID, CAP] },
        { name: 'after', solids: [CUBE] },
      ],
    });
    expect(placed(a)).toEqual({
      'top/BarLink v9': [0, 0, 0],
      'top/SKF 6201/SKF 6201#1': [20, 0, 0],
      'top/SKF 6201/SKF 6201#2': [20, 0, 12],
      'top/SKF 6201/SKF 6201#3': [20, 0, 16],
      'top/after': [40, 0, 0],
    });
  });

  it('nested NAUOs: in a sub-assembly used twice (which occt flattens), the bodies of a multi-body part take its name', async () => {
    const a = await load({
      products: [
        { name: 'top', children: [{ product: 1, at: [0, 0, 0] }, { product: 1, at: [0, 30, 0] }, { product: 3, at: [60, 0, 0] }] },
        { name: 'bearing', children: [{ product: 2, at: [0, 0, 0] }, { product: 3, at: [20, 0, 0] }] },
        { name: 'ring', solids: [CUBE, LID] },
        { name: 'ball', solids: [CUBE] },
      ],
    });
    expect(placed(a)).toEqual({
      'top/bearing#1/ring#1': [0, 0, 0],
      'top/bearing#1/ring#2': [0, 0, 12],
      'top/bearing#1/ball': [20, 0, 0],
      'top/bearing#2/ring#1': [0, 30, 0],
      'top/bearing#2/ring#2': [0, 30, 12],
      'top/bearing#2/ball': [20, 30, 0],
      'top/ball': [60, 0, 0],
    });
    expect(a.warnings).toEqual([]);
    expect(a.root.children[0]!.children.map((c) => c.path)).toEqual(['top/bearing#1', 'top/bearing#2']);
  });

  it('three levels deep, the shared part everywhere, still one name per product', async () => {
    const a = await load({
      products: [
        { name: 'top', children: [{ product: 1, at: [0, 0, 0] }, { product: 4, at: [100, 0, 0] }] },
        { name: 'arm', children: [{ product: 2, at: [0, 0, 0] }, { product: 4, at: [0, 50, 0] }] },
        { name: 'wrist', children: [{ product: 3, at: [0, 0, 0] }, { product: 3, at: [20, 0, 0] }] },
        { name: 'finger', solids: [CUBE, LID] },
        { name: 'screw', solids: [CUBE] },
      ],
    });
    expect(Object.keys(placed(a)).sort()).toEqual(
      ['top/arm/finger#1', 'top/arm/finger#2', 'top/arm/finger#3', 'top/arm/finger#4', 'top/arm/screw', 'top/screw'].sort(),
    );
    expect(placed(a)['top/arm/finger#4']).toEqual([20, 0, 12]);
    expect(a.warnings).toEqual([]);
  });

  it('a warning about a name with a control character stays one line', async () => {
    const text = (assemblyStep as (s: Spec) => string)(pair('kept', 'lost')).replace("PRODUCT('lost','lost'", "PRODUCT('lost\\X\\0Aname','lost\\X\\0Aname'");
    // The second product keeps its name but loses its geometry: its shape points nowhere.
    const broken = text.replace(/SHAPE_DEFINITION_REPRESENTATION\((#\d+),(#\d+)\);(?![\s\S]*SHAPE_DEFINITION_REPRESENTATION)/, 'SHAPE_DEFINITION_REPRESENTATION($1,#999999);');
    const a = await loadAssembly(new Uint8Array(Buffer.from(broken, 'latin1')));
    const messages = (a.warnings ?? []).map((w) => w.message);
    expect(messages, JSON.stringify(messages)).toContainEqual(expect.stringContaining('lost\\nname'));
    for (const m of messages) expect(m).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});
