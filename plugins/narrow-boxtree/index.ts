/**
 * The restricted boxtree (Zachmann, VRST 2002) as a surfcd narrow phase:
 * `collide(a, poseA, b, poseB, { method: 'boxtree' })`. Loaded by default through the
 * plugin registry; the core never imports this module.
 */
import type { NarrowPhase, SurfcdPlugin } from '../../src/plugin.js';
import { buildBoxtree, type Boxtree } from './build.js';
import { collideBoxtrees } from './query.js';

/** Bytes of the per-node arrays (the root box, 48 bytes per part, aside). */
export function boxtreeNodeBytes(tree: Boxtree): number {
  return tree.link.byteLength + tree.cut.byteLength + tree.flags.byteLength;
}

export const boxtree: NarrowPhase<Boxtree> = {
  name: 'boxtree',
  description: 'restricted boxtree (Zachmann 2002): one moved side per node, 16-bit cuts, axis-alignment box test',
  build: buildBoxtree,
  collide: collideBoxtrees,
  indexBytes: (tree) => boxtreeNodeBytes(tree) + tree.root.byteLength,
};

const plugin: SurfcdPlugin = { name: 'narrow-boxtree', narrowPhases: [boxtree] };

export default plugin;
