// touchingTriangles (a report's contact regions) must name exactly the triangles collide's
// all-triangles query pairs across one surface pair: at rest and moved into each other, at
// tolerance 0 and above, and the lowest `cap` of them when capped.
import { describe, expect, it } from 'vitest';
import { collide, loadAssembly, type Assembly, type Part } from '../../src/index.js';
import { touchingTriangles } from '../../src/verdict/touchingTriangles.js';
import { SurfcdError } from '../../src/errors.js';
import { sample } from '../helpers/shared.js';

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const moved = (dx: number, dy: number, dz: number): number[] => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, dx, dy, dz, 1];

/** Per surface pair: the sorted A and B triangles of collide's all-triangles pairs. */
function fromAllTriangles(a: Part, poseA: number[], b: Part, poseB: number[], tolerance: number): Map<string, { a: number[]; b: number[] }> {
  const flat = collide(a, poseA, b, poseB, { mode: 'all-triangles', tolerance }).trianglePairs!;
  const sets = new Map<string, { a: Set<number>; b: Set<number> }>();
  for (let k = 0; k < flat.length; k += 2) {
    const key = `${a.triangleSurface[flat[k]!]} ${b.triangleSurface[flat[k + 1]!]}`;
    const s = sets.get(key) ?? { a: new Set(), b: new Set() };
    s.a.add(flat[k]!);
    s.b.add(flat[k + 1]!);
    sets.set(key, s);
  }
  return new Map([...sets].map(([k, s]) => [k, { a: [...s.a].sort((x, y) => x - y), b: [...s.b].sort((x, y) => x - y) }]));
}

function expectSameRegions(assembly: Assembly, poseB: number[], tolerance: number): number {
  let pairs = 0;
  const parts = assembly.parts;
  for (let i = 0; i < parts.length; i++) {
    for (let j = 0; j < parts.length; j++) {
      if (i === j) continue;
      const expected = fromAllTriangles(parts[i]!, IDENTITY, parts[j]!, poseB, tolerance);
      for (const [key, want] of expected) {
        const [sa, sb] = key.split(' ').map(Number) as [number, number];
        expect(touchingTriangles(parts[i]!, IDENTITY, sa, parts[j]!, poseB, sb, tolerance), `${parts[i]!.path} ${parts[j]!.path} ${key} tol ${tolerance}`).toEqual(want);
        const capped = touchingTriangles(parts[i]!, IDENTITY, sa, parts[j]!, poseB, sb, tolerance, 3);
        expect(capped).toEqual({ a: want.a.slice(0, 3), b: want.b.slice(0, 3) });
        pairs++;
      }
    }
  }
  return pairs;
}

describe('touchingTriangles (contact regions)', () => {
  it('equals the all-triangles pairs of every surface pair: rig at rest and moved 0.3 mm into itself, tolerance 0 and 0.05', async () => {
    const rig = await loadAssembly(sample('rig.step'));
    let pairs = 0;
    for (const tolerance of [0, 0.05]) {
      pairs += expectSameRegions(rig, IDENTITY, tolerance);
      pairs += expectSameRegions(rig, moved(0.1, -0.2, 0.3), tolerance);
    }
    expect(pairs, 'surface pairs compared').toBeGreaterThan(50);
  });

  it('names the part and surface it cannot find, and refuses a bad tolerance', async () => {
    const rig = await loadAssembly(sample('rig.step'));
    const [a, b] = rig.parts as [Part, Part];
    expect(() => touchingTriangles(a, IDENTITY, 999, b, IDENTITY, 0, 0)).toThrow(SurfcdError);
    expect(() => touchingTriangles(a, IDENTITY, 999, b, IDENTITY, 0, 0)).toThrow(/surface 999 in part/);
    expect(() => touchingTriangles(a, IDENTITY, 0, b, IDENTITY, 0, -1)).toThrow(/tolerance/);
  });
});
