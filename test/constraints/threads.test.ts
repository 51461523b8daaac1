/**
 * Thread tables (ISO 261/262, ASME B1.1) and designations read from names: values from the
 * standards, a table miss as a stated fallback, and the minor-diameter band of each size.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { externalMinor, internalMinor, parseThreadDesignation, tableSizes, tapDrill, threadSize } from '../../src/index.js';
import { boreAtMinor } from '../../src/constraints/threads.js';
import { roleFromName } from '../../src/constraints/fastenerRoles.js';

describe('thread tables', () => {
  it('gives the coarse pitch of an ISO size and the UNC pitch of an inch size from the diameter', () => {
    expect(threadSize(10)).toEqual({ nominal: 10, pitch: 1.5, standard: 'ISO 262', designation: 'M10' });
    expect(threadSize(3)).toEqual({ nominal: 3, pitch: 0.5, standard: 'ISO 262', designation: 'M3' });
    expect(threadSize(64)).toEqual({ nominal: 64, pitch: 6, standard: 'ISO 262', designation: 'M64' });
    // M7 and M1.1 are ISO 261 sizes that ISO 262 does not select for bolts and nuts
    expect(threadSize(7)).toEqual({ nominal: 7, pitch: 1, standard: 'ISO 261', designation: 'M7' });
    expect(threadSize(1.1).standard).toBe('ISO 261');
    expect(threadSize(6.35)).toEqual({ nominal: 6.35, pitch: 1.27, standard: 'ASME B1.1', designation: '1/4-20 UNC' });
    expect(threadSize(4.826)).toEqual({ nominal: 4.826, pitch: 1.058, standard: 'ASME B1.1', designation: '#10-24 UNC' });
    // #0 has only a fine series
    expect(threadSize(1.524).designation).toBe('#0-80 UNF');
  });

  it('reads fine pitches and inch threads from designations; a length is not a pitch', () => {
    expect(parseThreadDesignation('M10x1.25')).toEqual({ nominal: 10, pitch: 1.25, standard: 'ISO 262', designation: 'M10x1.25' });
    expect(parseThreadDesignation('M10x0.75')).toEqual({ nominal: 10, pitch: 0.75, standard: 'ISO 261', designation: 'M10x0.75' });
    expect(parseThreadDesignation('M8x25')).toEqual({ nominal: 8, pitch: 1.25, standard: 'ISO 262', designation: 'M8' });
    expect(parseThreadDesignation('BS EN ISO 7045 - M2 x 4 - Z - 4S')?.designation).toBe('M2');
    expect(parseThreadDesignation('#10-32 SHCS')).toEqual({ nominal: 4.826, pitch: 0.794, standard: 'ASME B1.1', designation: '#10-32 UNF' });
    expect(parseThreadDesignation('1/4-20 hex bolt')?.pitch).toBe(1.27);
    expect(parseThreadDesignation('1-1/2-6 UNC')?.designation).toBe('1-1/2-6 UNC');
    // a pitch the size does not have, a size no table has, no designation at all
    expect(parseThreadDesignation('#10-30')).toBeNull();
    expect(parseThreadDesignation('M13')).toBeNull();
    expect(parseThreadDesignation('bracket')).toBeNull();
  });

  it('states a table miss instead of borrowing a neighbour pitch', () => {
    expect(threadSize(7.3)).toEqual({ nominal: 7.3, pitch: null, standard: null, designation: null });
    expect(threadSize(10.1)).toEqual({ nominal: 10.1, pitch: null, standard: null, designation: null });
    expect(threadSize(100).standard).toBeNull();
  });

  it('basic profile diameters (ISO 68-1): M10 D1 8.376, d3 8.160, tap drill 8.5', () => {
    const m10 = { nominal: 10, pitch: 1.5 };
    expect(internalMinor(m10)).toBeCloseTo(8.376, 3);
    expect(externalMinor(m10)).toBeCloseTo(8.160, 3);
    expect(tapDrill(m10)).toBe(8.5);
  });

  it('every size of the tables is found again from its own diameter and designation', () => {
    const sizes = tableSizes();
    expect(sizes.length).toBeGreaterThan(120);
    for (const s of sizes) {
      expect(threadSize(s.nominal, { system: s.standard === 'ASME B1.1' ? 'inch' : 'metric', pitch: s.pitch! }), s.designation!).toEqual(s);
      expect(parseThreadDesignation(s.designation!), s.designation!).toEqual(s);
    }
  });

  it('a bore between the external minor diameter and the tap drill is the thread drawn at minor; nominal and clearance bores are not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...tableSizes()), fc.double({ min: 0, max: 1, noNaN: true }), (size, f) => {
        const s = { nominal: size.nominal, pitch: size.pitch! };
        const lo = externalMinor(s), hi = Math.max(tapDrill(s), internalMinor(s));
        expect(boreAtMinor(size, lo + f * (hi - lo), 0.001)).toBe(true);
        expect(boreAtMinor(size, size.nominal, 0.001)).toBe(false);
        expect(boreAtMinor(size, size.nominal * 1.05, 0.001)).toBe(false);
      }),
    );
  });

  it('names hint at roles in English and German', () => {
    expect(roleFromName('as1/l-bracket-assembly#1/nut#3')).toBe('nut');
    expect(roleFromName('Gripper/M3 Washer#12')).toBe('washer');
    expect(roleFromName('x/Sechskantmutter M8')).toBe('nut');
    expect(roleFromName('x/Stiftschraube M10')).toBe('stud');
    expect(roleFromName('x/BHCS #10-32')).toBe('screw');
    expect(roleFromName('x/Zylinderschraube ISO 4762')).toBe('screw');
    expect(roleFromName('x/bolt-m8-fine')).toBe('bolt');
    expect(roleFromName('x/dowel pin 6x20')).toBe('pin');
    expect(roleFromName('x/spindle')).toBeNull();
    expect(roleFromName('x/input')).toBeNull();
  });
});
