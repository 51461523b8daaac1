// A contacts run's output, work counters included, depends on the assembly and the options
// only: not on what ran on the same assembly object before (a constraint rule or a verdict
// fitting surface kinds, an earlier query building shells in another order).
import { describe, expect, it } from 'vitest';
import { findContacts, surfaceKindOf } from '../../src/index.js';
import { loadAssembly } from '../../src/spatial/load.js';
import { contactsJson } from '../../src/report/contactsReport.js';
import { sample } from '../helpers/shared.js';

describe('contacts do not depend on history', () => {
  for (const name of ['flange', 'bolt-washer-nut']) {
    it(`${name}: every surface's kind fitted first gives the same bytes as a fresh assembly`, async () => {
      const fresh = await loadAssembly(sample(`${name}.step`), { cache: false });
      const expected = contactsJson(fresh, findContacts(fresh, { tolerance: 0 }), { mode: 'all-surfaces' });
      const fitted = await loadAssembly(sample(`${name}.step`), { cache: false });
      for (const part of fitted.parts) for (const surface of part.surfaces) surfaceKindOf(surface);
      expect(contactsJson(fitted, findContacts(fitted, { tolerance: 0 }), { mode: 'all-surfaces' })).toBe(expected);
    });
  }
});
