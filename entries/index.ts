/** The `surfcd` entry (Node): src/index.ts with the first-party plugins registered. */
import './installFirstParty.js';

export * from '../src/index.js';
export { FIRST_PARTY_PLUGINS, DEFAULT_PLUGINS, type FirstPartyPlugin } from './firstParty.js';
