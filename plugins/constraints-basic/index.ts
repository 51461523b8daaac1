/**
 * First-party constraint rules: against, coaxial, tangent, spherical, conical and the
 * derived insert. Loaded by default through the plugin registry
 * (`src/constraints/plugins.ts`); the core never imports this module.
 */
import type { SurfcdPlugin } from '../../src/constraints/types.js';
import { against } from './against.js';
import { coaxial } from './coaxial.js';
import { conical } from './conical.js';
import { insert } from './insert.js';
import { prismatic } from './prismatic.js';
import { spherical } from './spherical.js';
import { spline } from './spline.js';
import { tangent } from './tangent.js';

const plugin: SurfcdPlugin = {
  name: 'constraints-basic',
  constraintRules: [prismatic, spline, against, coaxial, tangent, spherical, conical, insert],
};

export default plugin;
