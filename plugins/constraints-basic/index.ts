/**
 * First-party constraint rules: against, coaxial, tangent, spherical, conical and the
 * derived insert. Registered by default (the first-party list,
 * `entries/firstParty.ts`); imports only the plugin entry, `surfcd/plugin`.
 */
import type { SurfcdPlugin } from '../../src/plugin.js';
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
