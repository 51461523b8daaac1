// The layer table in ARCHITECTURE.md is the law of src/'s imports: this walks every import of
// src/, plugins/ and entries/ and fails on an edge the table does not list (a layer importing
// one below it in the table, or one it does not name), on a table that lists a layer below the
// row that imports it, on any module of src/ importing plugins/ or entries/, and on any
// import cycle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/shared.js';
import { importCycles, importEdges, type ImportEdge } from '../helpers/importGraph.js';

const architecture = readFileSync(join(projectRoot, 'ARCHITECTURE.md'), 'utf8');

/** Rows of the layer table, in order: folder (`math/`) and the layers and entries it may import. */
function layerTable(): { layer: string; imports: string[] | 'everything' }[] {
  const rows = architecture.split('\n').filter((line) => /^\| `[a-z]+\/` \|/.test(line));
  return rows.map((line) => {
    const cells = line.split('|').map((c) => c.trim());
    const layer = /`([a-z]+\/)`/.exec(cells[1]!)![1]!;
    const importsCell = cells[cells.length - 2]!;
    if (importsCell === 'everything') return { layer, imports: 'everything' as const };
    if (importsCell === '—') return { layer, imports: [] };
    return { layer, imports: importsCell.split(',').map((token) => token.trim().replace(/`/g, '').split(' ')[0]!).map((name) => (name.endsWith('.ts') ? name : `${name}/`)) };
  });
}

/** `math/` for src/math/…, `core.ts` for src/core.ts, `plugins/` for plugins/…, `entries/` for entries/…. */
function unitOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] === 'plugins' || parts[0] === 'entries') return `${parts[0]}/`;
  return parts.length === 2 ? parts[1]! : `${parts[1]}/`;
}

const edges = importEdges(projectRoot, ['src', 'plugins', 'entries']);
const table = layerTable();
const layers = new Map(table.map((row) => [row.layer, row.imports]));
const shared = 'errors.ts';
const isEntry = (unit: string): boolean => unit.endsWith('.ts') && unit !== shared;

describe('import graph (ARCHITECTURE.md layer table)', () => {
  it('reads a table of every src/ folder, and each row lists only layers above it', () => {
    const folders = new Set(edges.filter((e) => e.from.startsWith('src/') && e.from.split('/').length > 2).map((e) => unitOf(e.from)));
    expect([...folders].filter((f) => !layers.has(f)).sort()).toEqual([]);
    table.forEach((row, i) => {
      if (row.imports === 'everything') return;
      const above = new Set(table.slice(0, i).map((r) => r.layer));
      for (const name of row.imports) if (!isEntry(name)) expect(above.has(name), `${row.layer} lists ${name}, which is not above it`).toBe(true);
    });
  });

  it('every import of a layer goes to itself, errors.ts or a layer its row lists', () => {
    const upward: string[] = [];
    for (const e of edges) {
      const from = unitOf(e.from), to = unitOf(e.to);
      if (from === to || to === shared || from === 'plugins/' || from === 'entries/') continue;
      if (isEntry(from) && to !== 'plugins/' && to !== 'entries/') continue;
      const allowed = layers.get(from);
      if (allowed === 'everything' && to !== 'plugins/' && to !== 'entries/') continue;
      if (allowed !== undefined && allowed !== 'everything' && allowed.includes(to)) continue;
      upward.push(`${e.from} → ${e.to}${e.typeOnly ? ' (types)' : ''}`);
    }
    expect(upward).toEqual([]);
  });

  it('plugins import nothing of the core but the plugin entry (src/plugin.ts, published as surfcd/plugin)', () => {
    const stray = edges.filter((e) => e.from.startsWith('plugins/') && e.to !== 'src/plugin.ts' && !e.to.startsWith('plugins/'));
    expect(stray.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('no module of src/ imports plugins/ or entries/: the package entries hand the first-party plugins to the core', () => {
    const inward = edges.filter((e) => e.from.startsWith('src/') && (e.to.startsWith('plugins/') || e.to.startsWith('entries/')));
    expect(inward.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
    expect(edges.some((e) => e.from === 'entries/firstParty.ts' && e.to.startsWith('plugins/'))).toBe(true);
  });

  it('has no import cycle', () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it('finds the cycles and upward edges it is meant to find', () => {
    const made: ImportEdge[] = [
      { from: 'src/collide/a.ts', to: 'src/motion/b.ts', typeOnly: false },
      { from: 'src/motion/b.ts', to: 'src/collide/a.ts', typeOnly: false },
      { from: 'src/math/c.ts', to: 'src/math/d.ts', typeOnly: false },
      { from: 'src/math/d.ts', to: 'src/math/c.ts', typeOnly: true },
    ];
    expect(importCycles(made)).toEqual([['src/collide/a.ts', 'src/motion/b.ts']]);
    expect(layers.get('collide/')).not.toContain('motion/');
  });
});
