/**
 * First-party gear rules: `gear` (a spur or helical pair on parallel axes, with tooth counts,
 * ratio, centre distance and the rolling coupling). Loaded by default through the plugin
 * registry (`src/constraints/plugins.ts`); the core never imports this module.
 */
import type { SurfcdPlugin } from '../../src/constraints/types.js';
import { gear } from './gear.js';

const plugin: SurfcdPlugin = {
  name: 'constraints-gear',
  constraintRules: [gear],
};

export default plugin;
