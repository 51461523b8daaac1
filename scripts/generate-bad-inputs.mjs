#!/usr/bin/env node
// Writes test/fixtures/bad/: the inputs a careless or hostile user feeds surfcd, each
// breaking one thing. Deterministic (same bytes every run), nothing fetched.
//
//   node scripts/generate-bad-inputs.mjs
//
// What each file is and what surfcd must do with it is listed in test/fixtures/bad/README.md
// (written by this script too) and asserted in test/reliability/.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boxesStep } from './lib/stepBoxes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'test/fixtures/bad');

/** Bytes as a latin1 string (one char per byte), for raw 8-bit names. */
const bytes = (...b) => String.fromCharCode(...b);
const CP1251 = {
  plita: bytes(0xef, 0xeb, 0xe8, 0xf2, 0xe0), // плита
  bolt: bytes(0xe1, 0xee, 0xeb, 0xf2), // болт
  gaika: bytes(0xe3, 0xe0, 0xe9, 0xea, 0xe0), // гайка
};

const A = { min: [0, 0, 0], max: [10, 10, 10] };
const B = { min: [10, 0, 0], max: [20, 10, 10] }; // touches A on x = 10
const C = { min: [0, 0, 10], max: [10, 10, 20] }; // touches A on z = 10

const BREP_HEAD = 'DBRep_DrawableShape\n\nCASCADE Topology V1, (c) Matra-Datavision\nLocations 0\n';

/** name → [content (latin1 string), what it is]. */
const FIXTURES = {
  'box.step': [boxesStep({ products: [{ name: 'box', ...A }] }), 'valid: one 10 mm box (the fuzz test mutates it)'],
  'two-boxes.step': [boxesStep({ products: [{ name: 'left', ...A }, { name: 'right', ...B }] }), 'valid: two boxes touching on x = 10'],
  'dangling-ref.step': [
    boxesStep({ products: [{ name: 'kept', ...A }, { name: 'lost', ...B, solidRef: '#99999' }] }),
    'product "lost" points its shape at #99999, which does not exist (occt prints "Unresolved Reference" on stdout)',
  ],
  'duplicate-ids.step': [
    (() => {
      const text = boxesStep({ products: [{ name: 'box', ...A }] });
      const line = text.split('\n').find((l) => l.includes('VERTEX_POINT'));
      return text.replace(line, `${line}\n${line}\n${line}`);
    })(),
    'one VERTEX_POINT entity defined three times under the same #id',
  ],
  'cyclic.step': [
    boxesStep({ products: [{ name: 'outer', ...A }, { name: 'inner', ...B }], uses: [[0, 1], [1, 0]] }),
    'two products that contain each other (a cycle of NEXT_ASSEMBLY_USAGE_OCCURRENCE)',
  ],
  'huge-coords.step': [
    boxesStep({ products: [{ name: 'normal', ...A }, { name: 'far', min: [0, 0, 0], max: ['1.E308', '1.E308', '1.E308'] }] }),
    'one box reaches 1e308 mm',
  ],
  'overflow-1e999.step': [
    boxesStep({ products: [{ name: 'normal', ...A }, { name: 'overflow', min: [0, 0, 0], max: ['1.E999', 10, 10] }] }),
    'a coordinate written as 1.E999 (overflows a double)',
  ],
  'degenerate-solid.step': [
    boxesStep({ products: [{ name: 'normal', ...A }, { name: 'flat', min: [20, 0, 0], max: [30, 10, 1e-9] }] }),
    'a box 1e-9 mm thin: occt splits it into faces, four of which mesh to nothing',
  ],
  'pico-unit.step': [boxesStep({ products: [{ name: 'speck', ...A }], unit: '(.PICO.,.METRE.)' }), 'length unit picometre: a 10-unit box is 1e-8 mm, every face degenerates'],
  'syntax-garbage.step': [
    'ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((\'\'),\'2;1\');\nENDSEC;\nDATA;\n#1 = CARTESIAN_POINT(\'\',(0.,0.,0.));\n#2 = ((( garbage ;\nthis is not STEP at all\nENDSEC;\nEND-ISO-10303-21;\n',
    'syntax garbage in the DATA section',
  ],
  'bom.step': ['\u00ef\u00bb\u00bf' + boxesStep({ products: [{ name: 'box', ...A }] }), 'valid box behind a UTF-8 byte-order mark'],
  'whitespace-5k.step': [' '.repeat(3000) + '\n'.repeat(2000) + '\t'.repeat(100), '5100 bytes of whitespace only'],
  'cp1251-names.step': [
    boxesStep({ products: [{ name: CP1251.plita, ...A }, { name: CP1251.bolt, ...B }, { name: CP1251.gaika, ...C }] }),
    'three products named in raw CP1251 bytes: плита, болт, гайка',
  ],
  'escaped-names.step': [
    boxesStep({
      products: [
        { name: '\\X2\\043F043B043804420430\\X0\\', ...A }, // плита, ISO 10303-21 \X2\ escape
        { name: 'M\\X\\FCller', ...B }, // Müller, \X\hh escape
        { name: 'Gr\\S\\|n', ...C }, // Grün, \S\ escape (| = 0x7C, +0x80 = 0xFC)
      ],
    }),
    'names written with the standard escapes \\X2\\…\\X0\\, \\X\\hh and \\S\\',
  ],
  'latin1-names.step': [boxesStep({ products: [{ name: `M${bytes(0xfc)}ller-Platte`, ...A }, { name: `D${bytes(0xfc)}se`, ...B }] }), 'names in raw Latin-1 bytes: Müller-Platte, Düse'],
  'unnamed.step': [
    boxesStep({ products: [{ id: 'PN-1001', name: '', ...A }, { id: '', name: '', ...B }] }),
    'products without names: one has an id (PN-1001), one has nothing but its entity number',
  ],
  'unnamed-solids.step': [
    boxesStep({ products: [{ name: 'bracket', ...A, more: [B, C] }] }),
    'one product "bracket" with three solids that have no names',
  ],
  'brep-huge-count.brep': [`${BREP_HEAD}Curve2ds 2000000000\n`, 'a 100-byte BREP declaring 2,000,000,000 2D curves (occt loops for minutes)'],
  'brep-abort.brep': [`${BREP_HEAD}Curve2ds 0\nCurves 0\nPolygon3D 1\n1000000000 0\n`, 'a BREP polygon declaring 1e9 nodes: occt traps (memory access out of bounds)'],
};

/** Plugins that try to escape: each must end as PLUGIN_FAILED naming the plugin. */
const rule = (body) => `export default {\n  name: '%NAME%',\n  constraintRules: [\n    {\n      name: 'escape',\n      match(pair) {\n${body}\n      },\n    },\n  ],\n};\n`;
const PLUGINS = {
  'cyclic-params.mjs': rule("        const params = { self: null };\n        params.self = params;\n        return { kind: 'cyclic', params };"),
  'bigint-params.mjs': rule("        return { kind: 'big', params: { n: 10n } };"),
  'function-params.mjs': rule("        return { kind: 'fn', params: { f: () => 1 } };"),
  'timer.mjs': rule("        setInterval(() => undefined, 1000);\n        return null;"),
  'unhandled-rejection.mjs': rule("        Promise.reject(new Error('nobody awaits me'));\n        return null;"),
  'throw-in-timer.mjs': rule("        setTimeout(() => { throw new Error('thrown from a timer'); }, 0);\n        return null;"),
  'process-exit.mjs': rule('        process.exit(0);'),
};

await mkdir(path.join(OUT, 'plugins'), { recursive: true });
const readme = ['# Bad inputs (generated by scripts/generate-bad-inputs.mjs; do not edit)', '', '| file | what is wrong |', '| --- | --- |'];
for (const [name, [content, what]] of Object.entries(FIXTURES)) {
  await writeFile(path.join(OUT, name), Buffer.from(content, 'latin1'));
  readme.push(`| \`${name}\` | ${what.replace(/\|/g, '\\|')} |`);
}
for (const [name, content] of Object.entries(PLUGINS)) {
  await writeFile(path.join(OUT, 'plugins', name), content.replace('%NAME%', name.replace(/\.mjs$/, '')));
  readme.push(`| \`plugins/${name}\` | a constraint rule that tries to escape: ${name.replace(/\.mjs$/, '').replace(/-/g, ' ')} |`);
}
await writeFile(path.join(OUT, 'README.md'), readme.join('\n') + '\n');
console.log(`wrote ${Object.keys(FIXTURES).length} files and ${Object.keys(PLUGINS).length} plugins to ${path.relative(ROOT, OUT)}/`);
