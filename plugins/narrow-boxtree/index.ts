/**
 * The restricted boxtree (Zachmann, VRST 2002) as surfcd narrow phases:
 * `collide(a, poseA, b, poseB, { method: 'boxtree' })` (16-bit cuts, centroid split) and the
 * paper's own construction and layout with each of its box tests: `boxtree-paper` (axis
 * alignment, §3.2.1), `boxtree-paper-lite` (SAT lite, §3.2.4), `boxtree-paper-sat` (15-axis
 * SAT, §3.2.3). Loaded by default through the plugin registry; the core never imports this module.
 */
import type { NarrowPhase, SurfcdPlugin } from '../../src/plugin.js';
import { buildBoxtree, type Boxtree } from './build.js';
import { buildPaperBoxtree, type PaperBoxtree } from './paperBuild.js';
import { boxtreeCollider, type BoxTest } from './descent.js';

/** Bytes of the per-node arrays (the root box, 48 bytes per part, aside). */
export function boxtreeNodeBytes(tree: Boxtree | PaperBoxtree): number {
  return tree.link.byteLength + tree.cut.byteLength + tree.flags.byteLength;
}

export const boxtree: NarrowPhase<Boxtree> = {
  name: 'boxtree',
  description: 'restricted boxtree (Zachmann 2002): one moved side per node, 16-bit cuts, axis-alignment box test',
  build: buildBoxtree,
  collide: boxtreeCollider('quantized', 'axis'),
  indexBytes: (tree) => boxtreeNodeBytes(tree) + tree.root.byteLength,
};

function paperPhase(name: string, test: BoxTest, what: string): NarrowPhase<PaperBoxtree> {
  return {
    name,
    description: `restricted boxtree as the paper builds it (seeds and least volume increase, 9 bytes per node), ${what}`,
    build: buildPaperBoxtree,
    collide: boxtreeCollider('paper', test),
    indexBytes: (tree) => boxtreeNodeBytes(tree) + tree.root.byteLength,
  };
}

export const boxtreePaper = paperPhase('boxtree-paper', 'axis', 'axis-alignment box test (§3.2.1)');
export const boxtreePaperLite = paperPhase('boxtree-paper-lite', 'lite', 'SAT-lite box test (§3.2.4)');
export const boxtreePaperSat = paperPhase('boxtree-paper-sat', 'sat', '15-axis SAT box test (§3.2.3)');

const plugin: SurfcdPlugin = { name: 'narrow-boxtree', narrowPhases: [boxtree, boxtreePaper, boxtreePaperLite, boxtreePaperSat] };

export default plugin;
