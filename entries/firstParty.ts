/**
 * The first-party plugins, as objects, in registration order (before any `usePlugin`
 * plugin). They stay plugins: they use only the public plugin contract (`surfcd/plugin`) and
 * can be removed with `removePlugin(name)`. The package entries hand this list to the one
 * registry (`installFirstParty.ts`), so the core under src/ never imports a plugin. Add a
 * first-party plugin by adding a line.
 */
import constraintsBasic from '../plugins/constraints-basic/index.js';
import constraintsGear from '../plugins/constraints-gear/index.js';
import constraintsThread from '../plugins/constraints-thread/index.js';
import narrowBoxtree from '../plugins/narrow-boxtree/index.js';
import narrowObbtree from '../plugins/narrow-obbtree/index.js';
import type { FirstPartyPlugin } from '../src/constraints/plugins.js';

export type { FirstPartyPlugin } from '../src/constraints/plugins.js';

export const FIRST_PARTY_PLUGINS: readonly FirstPartyPlugin[] = [
  { source: 'plugins/constraints-basic', plugin: constraintsBasic },
  { source: 'plugins/constraints-gear', plugin: constraintsGear },
  { source: 'plugins/constraints-thread', plugin: constraintsThread },
  { source: 'plugins/narrow-obbtree', plugin: narrowObbtree },
  { source: 'plugins/narrow-boxtree', plugin: narrowBoxtree },
];

/** Names of the first-party plugins' folders, relative to the package root, in registration order. */
export const DEFAULT_PLUGINS: readonly string[] = FIRST_PARTY_PLUGINS.map((p) => p.source);
