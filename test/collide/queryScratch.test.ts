// A query's working memory is its own (queryScratch.ts): a query started while another runs,
// here from inside the outer one (a part whose surface list calls back into collide), either
// gets its own scratch and answers exactly as it would alone, or, handed the busy scratch,
// fails with a one-line error and leaves the scratch usable.
import { describe, expect, it } from 'vitest';
import { collide, QueryScratch, SurfcdError, type CollideMode, type Part } from '../../src/index.js';
import { randomSoup, sortedPairs, sortedTrianglePairs } from '../helpers/soup.js';

const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const soup = (name: string, seed: number): Part => randomSoup(name, seed, { triangles: 400, surfaces: 12, grid: 0.5, size: 10, degenerate: 0.05 });
const tilted = [0.8, 0.6, 0, 0, -0.6, 0.8, 0, 0, 0, 0, 1, 0, 0.5, -0.25, 0.5, 1];

/** `part` with a surface list that runs `inner` the first time a query running on `running` reads a surface through it. */
function withCallback(part: Part, running: QueryScratch, inner: () => void): Part {
  let fired = false;
  const surfaces = new Proxy(part.surfaces, {
    get(target, key, receiver) {
      if (!fired && running.busy && typeof key === 'string' && /^\d+$/.test(key)) {
        fired = true;
        inner();
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return { ...part, surfaces };
}

describe('query scratch', () => {
  const modes: CollideMode[] = ['first-surface', 'all-surfaces', 'all-triangles'];
  for (const mode of modes) {
    it(`a query started inside another answers as alone, and so does the outer one (${mode})`, () => {
      const a = soup('a', 1), b = soup('b', 2), c = soup('c', 3), d = soup('d', 4);
      const aloneOuter = collide(a, I, b, tilted, { mode, classify: mode === 'all-surfaces' });
      const aloneInner = collide(c, tilted, d, I, { mode, tolerance: 0.05 });
      expect(aloneOuter.surfacePairs.length).toBeGreaterThan(0);
      expect(aloneInner.surfacePairs.length).toBeGreaterThan(0);
      let inner: ReturnType<typeof collide> | null = null;
      const running = new QueryScratch();
      const nested = withCallback(b, running, () => (inner = collide(c, tilted, d, I, { mode, tolerance: 0.05 })));
      const outer = collide(a, I, nested, tilted, { mode, classify: mode === 'all-surfaces', scratch: running });
      expect(inner).not.toBeNull();
      for (const [got, want] of [[outer, aloneOuter], [inner!, aloneInner]] as const) {
        expect(sortedPairs(got.surfacePairs)).toEqual(sortedPairs(want.surfacePairs));
        expect(sortedTrianglePairs(got.trianglePairs)).toEqual(sortedTrianglePairs(want.trianglePairs));
        expect(got.stats).toEqual(want.stats);
      }
    });
  }

  it('a query handed the scratch of a running one fails loudly, and the scratch stays usable', () => {
    const a = soup('a', 1), b = soup('b', 2);
    const scratch = new QueryScratch();
    let thrown: unknown = null;
    const nested = withCallback(b, scratch, () => {
      try {
        collide(a, I, b, I, { scratch });
      } catch (error) {
        thrown = error;
        throw error;
      }
    });
    expect(() => collide(a, I, nested, tilted, { scratch })).toThrow(SurfcdError);
    expect(thrown).toBeInstanceOf(SurfcdError);
    expect((thrown as SurfcdError).code).toBe('INVALID_OPTION');
    expect((thrown as SurfcdError).message).toBe('collide: scratch is in use by a query still running (a query started inside another needs its own QueryScratch, or none)');
    expect(scratch.busy).toBe(false);
    const again = collide(a, I, b, tilted, { scratch, mode: 'all-triangles' });
    expect(sortedTrianglePairs(again.trianglePairs)).toEqual(sortedTrianglePairs(collide(a, I, b, tilted, { mode: 'all-triangles' }).trianglePairs));
  });

  it('one scratch serves queries one after another, on parts of any size, as a fresh one does', () => {
    const scratch = new QueryScratch();
    const parts = [soup('s', 5), randomSoup('big', 6, { triangles: 300, surfaces: 150, grid: 0, size: 10, degenerate: 0 }), soup('t', 7)];
    for (const x of parts) for (const y of parts) {
      const shared = collide(x, I, y, tilted, { scratch, mode: 'all-triangles' });
      const fresh = collide(x, I, y, tilted, { scratch: new QueryScratch(), mode: 'all-triangles' });
      expect(sortedTrianglePairs(shared.trianglePairs)).toEqual(sortedTrianglePairs(fresh.trianglePairs));
    }
  });

  it('a query that throws half-way leaves its scratch as a fresh one', () => {
    const a = soup('a', 1), b = soup('b', 2);
    const want = collide(a, I, b, tilted, { mode: 'all-surfaces', classify: true });
    const scratch = new QueryScratch();
    let thrownAt = 0;
    // A's surface list is read ~4,800 times during the query: it throws at one of those reads,
    // from before the first hit to after the last, with pair states set in between.
    for (const failAt of [1, 300, 900, 1500, 2100, 2700, 3300, 3900, 4500]) {
      let reads = 0;
      const failing = { ...a, surfaces: new Proxy(a.surfaces, {
        get(target, key, receiver) {
          if (scratch.busy && typeof key === 'string' && /^\d+$/.test(key) && ++reads === failAt) throw new Error(`read ${failAt}`);
          return Reflect.get(target, key, receiver);
        },
      }) };
      try {
        collide(failing, I, b, tilted, { mode: 'all-surfaces', classify: true, scratch });
      } catch {
        thrownAt++;
      }
      expect(scratch.busy).toBe(false);
      const again = collide(a, I, b, tilted, { mode: 'all-surfaces', classify: true, scratch });
      expect(again.surfacePairs).toEqual(want.surfacePairs);
    }
    expect(thrownAt).toBe(9);
  });

  it('a scratch keeps no part or answer once its query ends, normally or by an exception', () => {
    const a = soup('a', 1), b = soup('b', 2);
    const scratch = new QueryScratch();
    // At rest (leaf-batched), tilted (per-surface) and all-triangles tilted (pair descent).
    for (const [pose, mode] of [[I, 'all-surfaces'], [tilted, 'all-surfaces'], [tilted, 'all-triangles']] as const) {
      const answer = collide(a, I, b, pose, { mode, scratch });
      expect(answer.surfacePairs.length).toBeGreaterThan(0);
      expect(scratch.run.a).toBeNull();
      expect(scratch.run.b).toBeNull();
      expect(scratch.run.surfaceB).toBeNull();
      expect(scratch.run.pairs).not.toBe(answer.surfacePairs);
    }
    const failing = { ...b, surfaces: new Proxy(b.surfaces, {
      get(target, key, receiver) {
        if (scratch.busy && key === '3') throw new Error('read 3');
        return Reflect.get(target, key, receiver);
      },
    }) };
    expect(() => collide(a, I, failing, tilted, { mode: 'all-surfaces', scratch })).toThrow('read 3');
    expect(scratch.run.a).toBeNull();
    expect(scratch.run.b).toBeNull();
  });

  it('rejects a scratch that is not a QueryScratch', () => {
    const a = soup('a', 1);
    expect(() => collide(a, I, a, I, { scratch: {} as QueryScratch })).toThrow('collide: scratch must be a QueryScratch (new QueryScratch())');
  });
});
