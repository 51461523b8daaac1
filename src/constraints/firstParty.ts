/**
 * The first-party plugins, as objects: registered explicitly (no file-system lookup, no
 * top-level await), so the browser-safe core recognizes constraints out of the box and a
 * bundler sees the whole graph. They stay plugins: they use only the public plugin contract
 * and can be removed with `removePlugin(name)`. Add a first-party plugin by adding a line.
 */
import constraintsBasic from '../../plugins/constraints-basic/index.js';
import constraintsGear from '../../plugins/constraints-gear/index.js';
import constraintsThread from '../../plugins/constraints-thread/index.js';
import narrowBoxtree from '../../plugins/narrow-boxtree/index.js';
import narrowObbtree from '../../plugins/narrow-obbtree/index.js';
import type { SurfcdPlugin } from './types.js';

export interface FirstPartyPlugin {
  /** Where it lives, relative to the package root (reported as the plugin's source). */
  readonly source: string;
  readonly plugin: SurfcdPlugin;
}

/** Registered in this order before any `usePlugin` plugin. */
export const FIRST_PARTY_PLUGINS: readonly FirstPartyPlugin[] = [
  { source: 'plugins/constraints-basic', plugin: constraintsBasic },
  { source: 'plugins/constraints-gear', plugin: constraintsGear },
  { source: 'plugins/constraints-thread', plugin: constraintsThread },
  { source: 'plugins/narrow-obbtree', plugin: narrowObbtree },
  { source: 'plugins/narrow-boxtree', plugin: narrowBoxtree },
];
