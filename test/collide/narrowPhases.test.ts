import { describe, expect, it } from 'vitest';
import { boxtree, boxtreeNodeBytes } from '../../plugins/narrow-boxtree/index.js';
import { obbtree } from '../../plugins/narrow-obbtree/index.js';
import { narrowPhaseNames } from '../../src/collide/narrowPhases.js';
import { main } from '../../src/cli/main.js';
import { collide, findContacts, loadAssembly, removePlugin, SurfcdError, usePlugin, validatePlugin, type CollisionResult } from '../../src/index.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { sample } from '../helpers/shared.js';
import { mulberry32, randomPose, randomSoup } from '../helpers/soup.js';

const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

function codeOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(SurfcdError);
    return (error as SurfcdError).code;
  }
  throw new Error('expected a SurfcdError');
}

describe('narrow-phase plugins', () => {
  it('the first-party phases are registered through the plugin registry; scd stays the default', () => {
    expect(narrowPhaseNames()).toEqual(['scd', 'obbtree', 'boxtree', 'boxtree-paper', 'boxtree-paper-lite', 'boxtree-paper-sat']);
    const a = randomSoup('a', 1, { triangles: 30, surfaces: 3, grid: 0, size: 4, degenerate: 0 });
    const b = randomSoup('b', 2, { triangles: 30, surfaces: 3, grid: 0, size: 4, degenerate: 0 });
    // S-CD counts AABB work; the OBBTree counts OBB node pairs: the dispatch really switches.
    expect(collide(a, I, b, I).stats.aabbTests).toBeGreaterThan(0);
    expect(collide(a, I, b, I, { method: 'obbtree' }).stats.obbTests).toBeGreaterThan(1);
    expect(collide(a, I, b, I, { method: 'obbtree' }).stats.aabbTests).toBe(0);
  });

  it('rejects unknown methods and OBB tests with INVALID_OPTION naming the choices', () => {
    const a = randomSoup('a', 1, { triangles: 5, surfaces: 1, grid: 0, size: 4, degenerate: 0 });
    expect(codeOf(() => collide(a, I, a, I, { method: 'rapid' }))).toBe('INVALID_OPTION');
    expect(() => collide(a, I, a, I, { method: 'rapid' })).toThrow(/method "rapid" is not one of scd, obbtree, boxtree/);
    expect(() => collide(a, I, a, I, { obbTest: 'gjk' as 'sat' })).toThrow(/obbTest "gjk" is not one of sat, lite, effective/);
  });

  it('a user plugin adds a phase (dispatched, indices built once per part) and removing it unregisters it', async () => {
    let builds = 0, calls = 0;
    const phase = {
      name: 'counting',
      build: () => ++builds,
      collide: (): CollisionResult => {
        calls++;
        return { intersecting: false, surfacePairs: [], stats: { obbTests: 0, aabbTests: 0, aabbUpdates: 0, triangleTests: 0 } };
      },
    };
    await usePlugin({ name: 'counting-plugin', narrowPhases: [phase] });
    try {
      const a = randomSoup('a', 3, { triangles: 5, surfaces: 1, grid: 0, size: 4, degenerate: 0 });
      const b = randomSoup('b', 4, { triangles: 5, surfaces: 1, grid: 0, size: 4, degenerate: 0 });
      collide(a, I, b, I, { method: 'counting' });
      collide(a, I, b, I, { method: 'counting' });
      expect([builds, calls]).toEqual([2, 2]);
      await expect(usePlugin({ name: 'other', narrowPhases: [{ ...phase }] })).rejects.toThrow(/narrow phase named "counting" is already registered/);
    } finally {
      removePlugin('counting-plugin');
    }
    expect(narrowPhaseNames()).not.toContain('counting');
  });

  it('validatePlugin checks narrowPhases field by field (PLUGIN_FAILED)', () => {
    const ok = { name: 'x', build: () => 0, collide: () => null };
    for (const [bad, message] of [
      [{ narrowPhases: {} }, /"narrowPhases" is an object, expected an array/],
      [{ narrowPhases: [null] }, /narrowPhases\[0\] is null/],
      [{ narrowPhases: [{ ...ok, name: 'scd' }] }, /"name" is string "scd"/],
      [{ narrowPhases: [{ ...ok, name: 'Bad Name' }] }, /"name" is string "Bad Name"/],
      [{ narrowPhases: [{ ...ok, build: 1 }] }, /\("x"\): "build" is number 1, expected a function/],
      [{ narrowPhases: [{ ...ok, collide: undefined }] }, /"collide" is missing/],
    ] as const) {
      expect(codeOf(() => validatePlugin({ name: 'p', ...bad }, 'test.mjs'))).toBe('PLUGIN_FAILED');
      expect(() => validatePlugin({ name: 'p', ...bad }, 'test.mjs')).toThrow(message);
    }
  });

  it('tree sizes: 2n − 1 nodes; the boxtree takes 7 bytes per node, the OBBTree 64 (RAPID\'s figure)', () => {
    const part = randomSoup('a', 5, { triangles: 200, surfaces: 4, grid: 0, size: 4, degenerate: 0.1 });
    const t = boxtree.build(part), o = obbtree.build(part);
    expect(t.nodeCount).toBe(399);
    expect(o.nodeCount).toBe(399);
    expect(boxtreeNodeBytes(t) / t.nodeCount).toBe(7);
    expect(obbtree.indexBytes!(o) / o.nodeCount).toBe(64);
  });

  it('empty parts and single triangles', () => {
    const one = randomSoup('one', 6, { triangles: 1, surfaces: 1, grid: 0, size: 1, degenerate: 0 });
    for (const method of ['obbtree', 'boxtree']) {
      expect(collide(one, I, one, I, { method, mode: 'all-triangles' }).trianglePairs).toEqual(new Uint32Array([0, 0]));
      expect(collide(one, I, one, randomPose(mulberry32(1), 0).setPosition(5, 5, 5), { method }).intersecting).toBe(false);
    }
  });
});

describe('surfcd contacts --method', () => {
  const out = captureOutput();
  it('gives the same contacts with every method (only the work counters differ)', async () => {
    const seat = await loadAssembly(sample('cone-seat.step'));
    const key = (c: { partA: string; surfaceA: number; partB: string; surfaceB: number; relation: string; depth: number }): string =>
      `${c.partA}:${c.surfaceA}/${c.partB}:${c.surfaceB} ${c.relation} ${c.depth}`;
    const byMethod = ['scd', 'obbtree', 'boxtree', 'boxtree-paper-lite'].map((method) => findContacts(seat, { method }).contacts.map(key));
    expect(byMethod[0]!.length).toBeGreaterThan(2);
    expect(byMethod[1]).toEqual(byMethod[0]);
    expect(byMethod[2]).toEqual(byMethod[0]);
    expect(byMethod[3]).toEqual(byMethod[0]);
    expect(await main(['contacts', sample('cone-seat.step'), '--method', 'obbtree', '--format', 'json'])).toBe(0);
    const doc = JSON.parse(out.stdout) as { contacts: Parameters<typeof key>[0][] };
    expect(doc.contacts.map(key)).toEqual(byMethod[0]);
    expect(await main(['contacts', sample('cone-seat.step'), '--method', 'rapid'])).toBe(2);
    expect(out.stderr).toMatch(/Allowed choices are scd, obbtree, boxtree/);
  });
});
