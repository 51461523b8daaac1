/**
 * The review list's data: rows per part pair (severity first, classes from the report's
 * interference entries or from the contact verdict), the accept file, decoded short part
 * names, and the B-rep feature edges the page draws — each against answers known by
 * construction or by brute force.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportModelOf } from '../../src/cli/report.js';
import { pathLabel, segmentLabel, shortNames } from '../../src/report/partNames.js';
import { applyPrevious } from '../../src/report/reportDiff.js';
import type { ReportModel } from '../../src/report/reportModel.js';
import { acceptFileText, classCounts, compareRows, pairId, reviewRows, type InterferenceEntry } from '../../src/report/reviewRows.js';
import { featureEdges } from '../../src/viewer/featureEdges.js';
import { PUSHED, reportFixture } from './fixture.js';

describe('review rows', () => {
  const assembly = reportFixture();
  const before = reportModelOf(assembly, { tolerance: 0.01, clearance: 0.5 });
  const pushed = reportModelOf(assembly, { tolerance: 0.01, clearance: 0.5, poses: PUSHED });

  it('one row per part pair holding exactly its items; the clash first, then contacts, then clearance fits', () => {
    const rows = reviewRows(pushed);
    const pairs = new Set(pushed.items.map((i) => `${i.partA}\u0000${i.partB}`));
    expect(rows).toHaveLength(pairs.size);
    expect(rows.flatMap((r) => r.items.map((i) => i.id)).sort()).toEqual(pushed.items.map((i) => i.id).sort());
    for (const r of rows) for (const i of r.items) expect([i.partA, i.partB]).toEqual([r.partA, r.partB]);
    // the pin pushed 2 mm into the hole wall: a clash as deep as its deepest surface pair
    const pin = rows.find((r) => r.partA === 'pin' || r.partB === 'pin')!;
    expect(pin.cls).toBe('clash');
    expect(pin.depth).toBe(Math.max(...pushed.items.filter((i) => i.kind === 'interference' && (i.partA === 'pin' || i.partB === 'pin')).map((i) => i.depth)));
    expect(rows[0]).toBe(pin);
    expect(rows.map((r) => r.cls)).toEqual([...rows.map((r) => r.cls)].sort((x, y) => ['clash', 'contact', 'clearance'].indexOf(x) - ['clash', 'contact', 'clearance'].indexOf(y)));
    expect(classCounts(rows)).toMatchObject({ clash: 1, thread: 0 });
    // the unpushed fixture has no interference at all
    expect(reviewRows(before).some((r) => r.cls === 'clash')).toBe(false);
  });

  it('rows from the interference entries: expected classes after clashes, volume before depth, accepted last', () => {
    const entry = (partA: string, partB: string, over: Partial<InterferenceEntry> & { volume?: number }): InterferenceEntry =>
      ({ id: pairId(partA, partB), partA, partB, kind: 'clash', expected: false, depth: 0.1, direction: null, surfacePairs: 1, sentence: `${partA} / ${partB}`, ...over }) as InterferenceEntry;
    const model = {
      ...pushed,
      interferences: [
        entry('block', 'plate', { kind: 'thread', expected: true, depth: 5 }),
        entry('pin', 'plate', { kind: 'clash', depth: 0.5, volume: 2 }),
        entry('plate', 'spacer', { kind: 'press-fit', expected: true, depth: 0.01 }),
        entry('a', 'b', { kind: 'contained', depth: 0.2, volume: 40 }), // no surface items: a row of its own
        entry('c', 'd', { kind: 'duplicate', depth: 9, accepted: true, acceptReason: 'two copies on purpose' }),
        { partA: 'x', partB: 'y', kind: 'no such class' } as unknown as InterferenceEntry, // ignored, not trusted
      ],
    } as ReportModel;
    const rows = reviewRows(model);
    const order = rows.filter((r) => r.cls !== 'contact' && r.cls !== 'clearance').map((r) => `${r.cls} ${r.partA}`);
    expect(order).toEqual(['contained a', 'clash pin', 'thread block', 'press-fit plate', 'duplicate c']);
    expect(rows.find((r) => r.partA === 'c')).toMatchObject({ accepted: true, reason: 'two copies on purpose' });
    expect(rows.some((r) => r.partA === 'x')).toBe(false);
    for (let i = 1; i < rows.length; i++) expect(compareRows(rows[i - 1]!, rows[i]!)).toBeLessThanOrEqual(0);
  });

  it('with a previous report: a row is new, persistent or resolved as its items are', () => {
    const diffed = applyPrevious(pushed, JSON.parse(JSON.stringify(before.items)), 'before.json');
    const rows = reviewRows(diffed);
    for (const r of rows) {
      const st = r.items.map((i) => i.status);
      expect(r.status).toBe(st.every((s) => s === 'resolved') ? 'resolved' : st.includes('new') ? 'new' : 'persistent');
    }
    expect(rows[rows.length - 1]!.status).toBe('resolved'); // resolved rows go last
  });

  it('the accept file is [{id, reason}] sorted by id, one line per field, stable', () => {
    const text = acceptFileText(new Map([['pin+plate', 'drawn at nominal size'], ['block+plate', 'ok']]));
    expect(JSON.parse(text)).toEqual([{ id: 'block+plate', reason: 'ok' }, { id: 'pin+plate', reason: 'drawn at nominal size' }]);
    expect(text.endsWith('}\n]\n')).toBe(true);
    expect(acceptFileText(new Map())).toBe('[]\n');
  });
});

describe('part names', () => {
  it('decodes escapes and keeps #k', () => {
    expect(segmentLabel('M3%2F8 nut#2')).toBe('M3/8 nut#2');
    expect(segmentLabel('100%25 part%0Aname')).toBe('100% part name');
    expect(pathLabel('as1/l-bracket-assembly#2/nut#3')).toBe('as1 / l-bracket-assembly#2 / nut#3');
  });

  it('short names: the fewest trailing segments that tell every part apart (brute force over suffix lengths)', () => {
    const seg = fc.constantFrom('a', 'b', 'nut#1', 'nut#2', 'x%2Fy');
    fc.assert(
      fc.property(fc.uniqueArray(fc.array(seg, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')), { minLength: 1, maxLength: 12 }), (paths) => {
        const names = shortNames(paths);
        // unique whenever the paths' suffix sets allow it: two paths where one is a suffix of the other may share a label
        for (const p of paths) {
          const label = names.get(p)!;
          const depth = label.split(' / ').length;
          expect(label).toBe(p.split('/').slice(-depth).map(segmentLabel).join(' / '));
          const clash = paths.filter((q) => q !== p && names.get(q) === label);
          for (const q of clash) expect(p.endsWith(q) || q.endsWith(p)).toBe(true);
        }
      }),
    );
    const names = shortNames(['as1/sub#1/nut#1', 'as1/sub#2/nut#1', 'as1/plate']);
    expect([...names.values()]).toEqual(['sub#1 / nut#1', 'sub#2 / nut#1', 'plate']);
  });
});

describe('feature edges', () => {
  it('a box of 6 faces (2 triangles each, own vertices): the 4 border edges of each face, not the diagonals', () => {
    const { parts } = reportFixture();
    const block = parts.find((p) => p.name === 'block')!;
    const ranges = block.surfaces.flatMap((s) => [s.firstTriangle, s.triangleCount]);
    const edges = featureEdges(block.indices, ranges, block.positions.length / 3);
    expect(edges.length / 2).toBe(24);
    const at = (v: number): number[] => [block.positions[3 * v]!, block.positions[3 * v + 1]!, block.positions[3 * v + 2]!];
    for (let e = 0; e < edges.length; e += 2) {
      const [a, b] = [at(edges[e]!), at(edges[e + 1]!)];
      expect(a.filter((x, k) => x !== b[k]).length).toBe(1); // axis-parallel: a box edge, never a face diagonal
    }
  });

  it('a closed cylinder band of n facets: its two rims, n segments each; a fan of a disc: its n rim segments', () => {
    const n = 16;
    const indices: number[] = [];
    for (let i = 0; i < n; i++) {
      const b0 = 2 * i, t0 = 2 * i + 1, b1 = (2 * i + 2) % (2 * n), t1 = (2 * i + 3) % (2 * n);
      indices.push(b0, b1, t1, b0, t1, t0);
    }
    for (let i = 0; i < n; i++) indices.push(2 * n, 2 * n + 1 + i, 2 * n + 1 + ((i + 1) % n)); // disc fan: centre + n rim vertices
    const edges = featureEdges(Uint32Array.from(indices), [0, 2 * n, 2 * n, n], 3 * n + 1);
    expect(edges.length / 2).toBe(3 * n);
    const rims = [...edges].filter((_v, k) => k % 2 === 0).map((v) => (v >= 2 * n ? 'disc' : v % 2 === 0 ? 'bottom' : 'top'));
    expect(rims.filter((r) => r === 'bottom')).toHaveLength(n);
    expect(rims.filter((r) => r === 'top')).toHaveLength(n);
    expect(rims.filter((r) => r === 'disc')).toHaveLength(n);
  });
});
