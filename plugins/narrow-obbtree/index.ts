/**
 * OBBTree (Gottschalk, Lin & Manocha, SIGGRAPH 1996) as a surfcd narrow phase:
 * `collide(a, poseA, b, poseB, { method: 'obbtree', obbTest })`. Registered by default (the first-party list,
 * `entries/firstParty.ts`); imports only the plugin entry, `surfcd/plugin`.
 */
import type { NarrowPhase, SurfcdPlugin } from '../../src/plugin.js';
import { buildObbTree, type ObbTree } from './build.js';
import { obbTreeCollider } from './query.js';

export const obbtree: NarrowPhase<ObbTree> = {
  name: 'obbtree',
  description: 'OBBTree (Gottschalk 1996): hull-covariance OBBs, one triangle per leaf, OBB test per node pair',
  build: buildObbTree,
  collide: obbTreeCollider(),
  indexBytes: (tree) => tree.boxes.byteLength + tree.child.byteLength,
};

const plugin: SurfcdPlugin = { name: 'narrow-obbtree', narrowPhases: [obbtree] };

export default plugin;
