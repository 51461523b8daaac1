/**
 * The first-party narrow phases (OBBTree, restricted boxtree), registered the first time a
 * method is looked up, so `collide(..., { method: 'obbtree' })` works without touching the
 * plugin registry first. They stay plugins (plugins/narrow-*): the same objects are what
 * `registeredPlugins()` lists, and registering an object twice is a no-op.
 */
import narrowBoxtree from '../../plugins/narrow-boxtree/index.js';
import narrowObbtree from '../../plugins/narrow-obbtree/index.js';
import type { NarrowPhase } from './narrowPhases.js';

export const FIRST_PARTY_NARROW_PHASES: readonly { source: string; phases: readonly NarrowPhase[] }[] = [
  { source: 'plugins/narrow-obbtree', phases: (narrowObbtree.narrowPhases ?? []) as NarrowPhase[] },
  { source: 'plugins/narrow-boxtree', phases: (narrowBoxtree.narrowPhases ?? []) as NarrowPhase[] },
];
