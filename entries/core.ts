/** The `surfcd/core` entry: the browser-safe core (src/core.ts) with the first-party plugins registered. */
import './installFirstParty.js';

export * from '../src/core.js';
export { FIRST_PARTY_PLUGINS, DEFAULT_PLUGINS, type FirstPartyPlugin } from './firstParty.js';
