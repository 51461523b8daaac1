/**
 * Hands the first-party plugins to the plugin registry: the one statement every package
 * entry runs when imported (each entry imports this module first, so the list is there
 * before any of the entry's own modules run). It only stores the list: the registry
 * validates and registers it the first time it is read. A worker thread the core starts
 * imports this module again (its URL is given with the list), since a thread shares no
 * module state.
 */
import { provideFirstPartyPlugins } from '../src/constraints/plugins.js';
import { FIRST_PARTY_PLUGINS } from './firstParty.js';

provideFirstPartyPlugins(FIRST_PARTY_PLUGINS, import.meta.url);
