import { describe, expect, it } from 'vitest';
import { detectFormat, externalReferences } from '../../src/import/sniff.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('format detection', () => {
  it('recognises STEP, BREP and IGES by content, whatever the extension', () => {
    expect(detectFormat(bytes('ISO-10303-21;\nHEADER;'), 'part.dat')).toBe('step');
    expect(detectFormat(bytes('\uFEFF  ISO-10303-21;'), undefined)).toBe('step');
    expect(detectFormat(bytes('DBRep_DrawableShape\n\nCASCADE Topology V1'), 'x.bin')).toBe('brep');
    const igesLine = 'IGES file written by a CAD system'.padEnd(72, ' ') + 'S      1\n';
    expect(detectFormat(bytes(igesLine), 'part.txt')).toBe('iges');
  });
  it('names the extension when the content does not match it', () => {
    expect(() => detectFormat(bytes('hello'), 'a.igs')).toThrowError(/a\.igs: extension says IGES but the content does not start like one/);
    expect(() => detectFormat(bytes('hello'), 'a.brep')).toThrowError(/extension says BREP/);
  });
  it('external references come from the DATA section only, not the header FILE_NAME', () => {
    const text = "ISO-10303-21;\nHEADER;\nFILE_NAME('self.stp','',(''),(''),'','','');\nENDSEC;\nDATA;\n#1=DOCUMENT_FILE('sub/left.stp','','',#2,'',$);\nENDSEC;\nEND-ISO-10303-21;\n";
    expect(externalReferences(bytes(text))).toEqual(['left.stp']);
  });
});
