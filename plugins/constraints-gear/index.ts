/**
 * First-party gear rules: `gear` (a spur or helical pair on parallel axes, with tooth counts,
 * ratio, centre distance and the rolling coupling). Registered by default (the first-party list,
 * `entries/firstParty.ts`); imports only the plugin entry, `surfcd/plugin`.
 */
import type { SurfcdPlugin } from '../../src/plugin.js';
import { gear } from './gear.js';

const plugin: SurfcdPlugin = {
  name: 'constraints-gear',
  constraintRules: [gear],
};

export default plugin;
