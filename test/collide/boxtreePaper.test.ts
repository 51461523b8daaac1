import { beforeAll, describe, expect, it } from 'vitest';
import { boxtreeNodeBytes } from '../../plugins/narrow-boxtree/index.js';
import { LEAF } from '../../plugins/narrow-boxtree/build.js';
import { ABOVE, buildPaperBoxtree, paperChildBox, type PaperBoxtree } from '../../plugins/narrow-boxtree/paperBuild.js';
import { bruteForceCollide, collide, loadAssembly, type Assembly, type Part } from '../../src/index.js';
import { describeShared, sample, sharedStep } from '../helpers/shared.js';
import { mulberry32, randomPose, randomSoup, sortedPairs, sortedTrianglePairs } from '../helpers/soup.js';

const PAPER_METHODS = ['boxtree-paper', 'boxtree-paper-lite', 'boxtree-paper-sat'] as const;
const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Walks the tree from the root, deriving every box as the traversal does; checks the paper's invariants. */
function checkTree(part: Part, tree: PaperBoxtree): { leaves: number; depth: number } {
  const boxes = new Float64Array(6 * tree.nodeCount);
  boxes.set(tree.root);
  const seen = new Set<number>();
  let depth = 0;
  const stack: [number, number][] = [[0, 0]];
  while (stack.length) {
    const [node, level] = stack.pop()!;
    depth = Math.max(depth, level);
    const link = tree.link[node]!;
    if (link & LEAF) {
      const t = (link & ~LEAF) >>> 0;
      seen.add(t);
      // The leaf's derived box holds its triangle.
      for (const corner of [0, 1, 2]) {
        const v = part.indices[3 * t + corner]!;
        for (let k = 0; k < 3; k++) {
          const x = part.positions[3 * v + k]!;
          expect(x).toBeGreaterThanOrEqual(boxes[6 * node + k]!);
          expect(x).toBeLessThanOrEqual(boxes[6 * node + 3 + k]!);
        }
      }
      continue;
    }
    for (const c of [link, link + 1]) {
      paperChildBox(boxes, 6 * node, tree.flags[c]!, tree.cut[c]!, boxes, 6 * c);
      // Exactly one side of the parent moved, inwards; both children's planes on one axis.
      let moved = 0;
      for (let i = 0; i < 6; i++) if (boxes[6 * c + i] !== boxes[6 * node + i]) moved++;
      expect(moved).toBeLessThanOrEqual(1);
      expect(tree.cut[c]!).toBeGreaterThanOrEqual(0);
      stack.push([c, level + 1]);
    }
    expect(tree.flags[link]! & 3).toBe(tree.flags[link + 1]! & 3);
  }
  expect(seen.size).toBe(part.indices.length / 3);
  return { leaves: seen.size, depth };
}

function expectOracle(a: Part, pa: unknown, b: Part, pb: unknown, tolerance: number): void {
  const oracle = bruteForceCollide(a, pa as number[], b, pb as number[], { mode: 'all-triangles', tolerance });
  const triangles = sortedTrianglePairs(oracle.trianglePairs);
  for (const method of PAPER_METHODS) {
    const all = collide(a, pa as number[], b, pb as number[], { method, mode: 'all-triangles', tolerance });
    expect(sortedTrianglePairs(all.trianglePairs), method).toEqual(triangles);
    const first = collide(a, pa as number[], b, pb as number[], { method, mode: 'first-surface', tolerance });
    expect(first.intersecting, method).toBe(oracle.intersecting);
    if (first.intersecting) expect(sortedPairs(oracle.surfacePairs)).toContain(sortedPairs(first.surfacePairs)[0]);
  }
}

describe('restricted boxtree as the paper builds it', () => {
  it('stores 9 bytes per node (float cut, axis/side byte, one link), 2n − 1 nodes', () => {
    const part = randomSoup('a', 5, { triangles: 200, surfaces: 4, grid: 0, size: 4, degenerate: 0.1 });
    const tree = buildPaperBoxtree(part);
    expect(tree.nodeCount).toBe(399);
    expect(boxtreeNodeBytes(tree) / tree.nodeCount).toBe(9);
    const { depth } = checkTree(part, tree);
    // The least-volume splits stay far from a list (depth 199) on a random soup.
    expect(depth).toBeLessThan(40);
  });

  it('every box holds its triangles, one side moved per child, on random soups, grids and degenerate triangles', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const part = randomSoup('s', seed, { triangles: 1 + seed * 17, surfaces: 3, grid: seed % 3 === 0 ? 0.5 : 0, size: seed % 2 ? 1e-3 : 1e4, degenerate: 0.2 });
      checkTree(part, buildPaperBoxtree(part));
    }
  });

  it('a part of identical triangles still builds (halving when no split separates)', () => {
    const p = new Float64Array(9 * 20);
    for (let t = 0; t < 20; t++) p.set([0, 0, 0, 1, 0, 0, 0, 1, 0], 9 * t);
    const part = randomSoup('x', 1, { triangles: 20, surfaces: 1, grid: 0, size: 1, degenerate: 0 });
    part.positions.set(p);
    const tree = buildPaperBoxtree(part);
    expect(checkTree(part, tree).depth).toBeLessThanOrEqual(5);
    expect(tree.flags.every((f) => (f & ~(3 | ABOVE)) === 0)).toBe(true);
  });

  it('each box test equals the oracle on random soups under random poses, at tolerance 0 and 0.05', () => {
    const rnd = mulberry32(7);
    for (let seed = 0; seed < 16; seed++) {
      const a = randomSoup('a', 100 + seed, { triangles: 60, surfaces: 4, grid: seed % 4 === 0 ? 0.25 : 0, size: 4, degenerate: 0.1 });
      const b = randomSoup('b', 200 + seed, { triangles: 60, surfaces: 4, grid: seed % 4 === 0 ? 0.25 : 0, size: 4, degenerate: 0.1 });
      expectOracle(a, I, b, randomPose(rnd, 3), seed % 2 ? 0.05 : 0);
    }
  });
});

describe('restricted boxtree (paper) on real parts', () => {
  let rig: Assembly;
  beforeAll(async () => {
    rig = await loadAssembly(sample('rig.step'));
  });
  it('equals the oracle on the mated pairs of the rig, at rest and under random poses', () => {
    const rnd = mulberry32(11);
    const part = (p: string): Part => rig.parts.find((q) => q.path === p)!;
    for (const [a, b] of [['bolt', 'nut'], ['bolt', 'plate'], ['pin', 'plate'], ['shaft', 'bearing']] as const) {
      expectOracle(part(a), I, part(b), I, 0);
      expectOracle(part(a), randomPose(rnd, 2), part(b), randomPose(rnd, 2), 0.01);
    }
  });
});

describeShared('restricted boxtree (paper) on as1', () => {
  it('equals the oracle on bolt, nut, bracket and plate pairs under random poses', async () => {
    const as1 = await loadAssembly(sharedStep('as1-oc-214.stp'));
    const byPath = (p: string): Part => as1.parts.find((q) => q.path === p)!;
    const parts = ['as1/plate', 'as1/l-bracket-assembly#1/l-bracket', 'as1/l-bracket-assembly#1/bolt#1', 'as1/l-bracket-assembly#1/nut#1'].map(byPath);
    const rnd = mulberry32(3);
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        expectOracle(parts[i]!, I, parts[j]!, I, 0);
        expectOracle(parts[i]!, I, parts[j]!, randomPose(rnd, 20), 0);
      }
    }
  });
});
