import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '../../src/index.js';
import { overlapVolume, weldPart, type ManifoldModule } from '../../src/collide/interferenceVolume.js';
import { startManifold } from '../../src/collide/manifoldStart.js';
import { pairVolumes } from '../../src/collide/pairVolumes.js';
import { emptyAabb, intersectAabbs } from '../../src/math/aabb.js';
import { identityRigid, toRigid } from '../../src/math/rigid.js';
import { assemblyOf } from '../constraints/meshes.js';
import { partFromMesh } from '../../src/spatial/mesh.js';
import { box, pose } from '../motion/shapes.js';

let manifold: ManifoldModule;
beforeAll(async () => {
  manifold = await startManifold();
});

/** The overlap of a (posed by poseA) and b (poseB) over their world boxes' common box. */
function overlap(a: Part, b: Part, poseB = identityRigid(), samples?: number, refine?: number, poseA = identityRigid()) {
  const worldBox = (part: Part, m: Float64Array): Float64Array => {
    const out = Float64Array.from([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
    const p = part.positions;
    for (let v = 0; v < p.length; v += 3) {
      for (let r = 0; r < 3; r++) {
        const c = m[4 * r]! * p[v]! + m[4 * r + 1]! * p[v + 1]! + m[4 * r + 2]! * p[v + 2]! + m[4 * r + 3]!;
        out[r] = Math.min(out[r]!, c);
        out[r + 3] = Math.max(out[r + 3]!, c);
      }
    }
    return out;
  };
  const box = emptyAabb();
  intersectAabbs(worldBox(a, poseA), worldBox(b, poseB), box);
  return (m: ManifoldModule | null) => overlapVolume(a, poseA, b, poseB, box, { manifold: m, ...(samples ? { samples } : {}), ...(refine !== undefined ? { refine } : {}) });
}

describe('interference volume', () => {
  it('overlapping boxes: exact to 1e-9 relative, centroid of the common box; the estimate within its bound', () => {
    const a = box('a', [0, 0, 0], [10, 8, 6]);
    const b = box('b', [7, 5, 1], [15, 12, 4.5]);
    const run = overlap(a, b);
    const exact = run(manifold);
    const truth = 3 * 3 * 3.5;
    expect(exact.volumeMethod).toBe('exact');
    expect(Math.abs(exact.volume - truth) / truth).toBeLessThan(1e-9);
    expect(exact.centroid![0]).toBeCloseTo(8.5, 9);
    expect(exact.centroid![1]).toBeCloseTo(6.5, 9);
    expect(exact.centroid![2]).toBeCloseTo(2.75, 9);
    const estimate = run(null);
    expect(estimate.volumeMethod).toBe('estimate');
    expect(Math.abs(estimate.volume - truth)).toBeLessThanOrEqual(estimate.volumeError!);
  });

  it('a buried block: the volume is its own', () => {
    const outer = box('outer', [0, 0, 0], [20, 20, 20]);
    const inner = box('inner', [5, 6, 7], [9, 10, 12]);
    expect(overlap(outer, inner)(manifold).volume).toBeCloseTo(4 * 4 * 5, 9);
  });

  it('a press-fit pin under a rotation: the facets give the polygons’ annulus, refined onto the fitted cylinders π(R² − r²)L', () => {
    // Different facet counts, as occt gives a pin and a bore of different sizes: the chord
    // deficits do not cancel, and the thin annulus magnifies them.
    const R = 5, r = 4.9, L = 10, nPin = 48, nHole = 32;
    const hole = tube('hole', 15, r, 0, L, nHole);
    const pin = tube('pin', R, 0, -5, 15, nPin);
    const turn = toRigid(pose([0, 0.6, 0.8], 0.4, [1, 2, 3]));
    const polygon = (n: number, radius: number): number => (n / 2) * Math.sin((2 * Math.PI) / n) * radius * radius;
    const truth = Math.PI * (R * R - r * r) * L;
    const facets = overlap(hole, pin, turn, undefined, 0, turn)(manifold);
    expect(facets.volumeMethod).toBe('exact');
    expect(facets.volume).toBeCloseTo((polygon(nPin, R) - polygon(nHole, r)) * L, 4); // float32 coordinates in manifold-3d
    expect(Math.abs(facets.volume - truth) / truth).toBeGreaterThan(0.05);
    const refined = overlap(hole, pin, turn, undefined, undefined, turn)(manifold);
    expect(Math.abs(refined.volume - truth) / truth).toBeLessThan(0.01);
    expect(refined.centroid![0]).toBeCloseTo(turn[3]! + turn[2]! * 5, 3);
  });

  it('an open mesh is estimated, with its bound; separate parts have volume 0', () => {
    const a = box('a', [0, 0, 0], [10, 10, 10]);
    const open = partWithout(box('open', [5, 5, 5], [15, 15, 15]), 1);
    expect(weldPart(open, identityRigid(), [0, 0, 0]).closed).toBe(false);
    const v = overlap(a, open, identityRigid(), 8000)(manifold);
    expect(v.volumeMethod).toBe('estimate');
    expect(Math.abs(v.volume - 125)).toBeLessThanOrEqual(v.volumeError! + 0.3 * 125);
    const far = box('far', [20, 0, 0], [30, 10, 10]);
    const asm = assemblyOf([a, far].map((p, i) => Object.assign(p, { path: p.name, index: i })));
    expect(pairVolumes(asm, [{ partA: 'a', partB: 'far' }], { manifold }).get('a\u0000far')!.volume).toBe(0);
  });

  it('a mesh manifold-3d rejects falls back to the estimate with a warning, never a crash', () => {
    const broken: ManifoldModule = { Mesh: manifold.Mesh, Manifold: class { constructor() { throw new Error('Not manifold'); } } as unknown as ManifoldModule['Manifold'] };
    const v = overlap(box('a', [0, 0, 0], [2, 2, 2]), box('b', [1, 1, 1], [3, 3, 3]))(broken);
    expect(v.volumeMethod).toBe('estimate');
    expect(v.warning).toMatch(/manifold-3d could not intersect a and b \(Not manifold\)/);
    // through pairVolumes (what --volumes runs): the warning goes to onWarning, the volume is the estimate with its bound
    const parts = [box('a', [0, 0, 0], [2, 2, 2]), box('b', [1, 1, 1], [3, 3, 3])].map((p, i) => Object.assign(p, { path: p.name, index: i }));
    const warnings: string[] = [];
    const got = pairVolumes(assemblyOf(parts), [{ partA: 'a', partB: 'b' }], { manifold: broken, onWarning: (m) => warnings.push(m) }).get('a\u0000b')!;
    expect(warnings).toEqual([expect.stringMatching(/^manifold-3d could not intersect a and b \(Not manifold\); the volume is estimated$/)]);
    expect(got.volumeMethod).toBe('estimate');
    expect(Math.abs(got.volume - 1)).toBeLessThanOrEqual(got.volumeError!);
  });
});

describe('startManifold: the entry rules of occt (a started module, locateWasm, or Node\'s own copy)', () => {
  const wasm = createRequire(import.meta.url).resolve('manifold-3d/manifold.wasm');
  const twoBoxes = (m: ManifoldModule) => overlap(box('a', [0, 0, 0], [2, 2, 2]), box('b', [1, 1, 1], [3, 3, 3]))(m);

  it('a started module is used as it is; locateWasm as a path or file: URL starts one that gives the same volume', async () => {
    expect(await startManifold({ manifold })).toBe(manifold);
    expect(await startManifold({ manifold: Promise.resolve(manifold) })).toBe(manifold);
    for (const locateWasm of [wasm, pathToFileURL(wasm), pathToFileURL(wasm).href]) {
      const started = await startManifold({ locateWasm });
      expect(twoBoxes(started)).toEqual(twoBoxes(manifold));
      expect(twoBoxes(started).volume).toBe(1);
    }
  });

  it('bad options: one line naming the option; a wasm that is not there is VOLUME_FAILED, never a crash', async () => {
    await expect(startManifold({ manifold: {} as ManifoldModule })).rejects.toMatchObject({ code: 'INVALID_OPTION', message: expect.stringMatching(/^startManifold: "manifold" is not a started manifold-3d module/) });
    await expect(startManifold({ locateWasm: 42 as unknown as string })).rejects.toMatchObject({ code: 'INVALID_OPTION', message: 'startManifold: "locateWasm" must be a URL or a path string, got number' });
    const missing = startManifold({ locateWasm: '/nonexistent/manifold.wasm' });
    await expect(missing).rejects.toMatchObject({ code: 'VOLUME_FAILED' });
    await expect(missing).rejects.toThrow(/^manifold-3d \(interference volumes\) could not start from \/nonexistent\/manifold\.wasm: /);
  });
});

/** A part with one surface's triangles left out (an open shell). */
function partWithout(p: Part, surface: number): Part {
  const s = p.surfaces[surface]!;
  const indices = Uint32Array.from([...p.indices.slice(0, 3 * s.firstTriangle), ...p.indices.slice(3 * (s.firstTriangle + s.triangleCount))]);
  return { ...p, indices } as Part;
}

/**
 * A closed tube (outer radius ro, hole radius ri; ri = 0: a solid cylinder) along z as n-gons
 * whose vertices are shared exactly between faces (angle index taken mod n).
 */
function tube(name: string, ro: number, ri: number, z0: number, z1: number, n: number): Part {
  const positions: number[] = [];
  const surfaces: { first: number; last: number }[] = [];
  let count = 0;
  const at = (r: number, k: number, z: number): number[] => [r * Math.cos((2 * Math.PI * (k % n)) / n), r * Math.sin((2 * Math.PI * (k % n)) / n), z];
  const tri = (a: number[], b: number[], c: number[]): void => { positions.push(...a, ...b, ...c); count++; };
  const surface = (add: () => void): void => { const first = count; add(); surfaces.push({ first, last: count - 1 }); };
  surface(() => { for (let k = 0; k < n; k++) { tri(at(ro, k, z0), at(ro, k + 1, z0), at(ro, k + 1, z1)); tri(at(ro, k, z0), at(ro, k + 1, z1), at(ro, k, z1)); } });
  if (ri > 0) {
    surface(() => { for (let k = 0; k < n; k++) { tri(at(ri, k, z0), at(ri, k + 1, z1), at(ri, k + 1, z0)); tri(at(ri, k, z0), at(ri, k, z1), at(ri, k + 1, z1)); } });
    surface(() => { for (let k = 0; k < n; k++) { tri(at(ri, k, z1), at(ro, k, z1), at(ro, k + 1, z1)); tri(at(ri, k, z1), at(ro, k + 1, z1), at(ri, k + 1, z1)); } });
    surface(() => { for (let k = 0; k < n; k++) { tri(at(ri, k, z0), at(ro, k + 1, z0), at(ro, k, z0)); tri(at(ri, k, z0), at(ri, k + 1, z0), at(ro, k + 1, z0)); } });
  } else {
    surface(() => { for (let k = 0; k < n; k++) tri([0, 0, z1], at(ro, k, z1), at(ro, k + 1, z1)); });
    surface(() => { for (let k = 0; k < n; k++) tri([0, 0, z0], at(ro, k + 1, z0), at(ro, k, z0)); });
  }
  return partFromMesh({ name, positions, surfaces });
}
