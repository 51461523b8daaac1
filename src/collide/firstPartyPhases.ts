/**
 * The first-party narrow phases (OBBTree, restricted boxtree), registered the first time a
 * method is looked up, so `collide(..., { method: 'obbtree' })` works without touching the
 * plugin registry first. They stay plugins (plugins/narrow-*): the same objects are what
 * `registeredPlugins()` lists, and registering an object twice is a no-op.
 */
import narrowBoxtree from '../../plugins/narrow-boxtree/index.js';
import narrowObbtree from '../../plugins/narrow-obbtree/index.js';
import type { NarrowPhase } from './narrowPhases.js';

/** Read when first asked, not at module evaluation: the plugins import the core back through surfcd/plugin, so their default exports may not exist yet while this module is first evaluated. */
export function firstPartyNarrowPhases(): readonly { source: string; phases: readonly NarrowPhase[] }[] {
  return [
    { source: 'plugins/narrow-obbtree', phases: (narrowObbtree.narrowPhases ?? []) as NarrowPhase[] },
    { source: 'plugins/narrow-boxtree', phases: (narrowBoxtree.narrowPhases ?? []) as NarrowPhase[] },
  ];
}
