import { SurfcdError } from '../errors.js';

export type CadFormat = 'step' | 'iges' | 'brep';

const EXTENSIONS: Record<string, CadFormat> = {
  step: 'step', stp: 'step', p21: 'step',
  iges: 'iges', igs: 'iges',
  brep: 'brep', brp: 'brep',
};

/** Decides the format from the content first (extensions lie), then from the extension. */
export function detectFormat(bytes: Uint8Array, fileName: string | undefined): CadFormat {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  // A UTF-8 byte-order mark reads as "ï»¿" in latin1.
  const trimmed = head.replace(/^(\u00EF\u00BB\u00BF|\uFEFF)/, '').trimStart();
  if (trimmed.startsWith('ISO-10303-21')) return 'step';
  if (/^(DBRep_DrawableShape|CASCADE Topology V)/.test(trimmed)) return 'brep';
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.length >= 73 && firstLine[72] === 'S') return 'iges';
  const ext = fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext && EXTENSIONS[ext]) {
    // A known extension whose content does not look like that format at all.
    throw new SurfcdError(
      'PARSE_FAILED',
      `${fileName}: extension says ${EXTENSIONS[ext]!.toUpperCase()} but the content does not start like one (first bytes: ${JSON.stringify(trimmed.slice(0, 40))})`,
    );
  }
  throw new SurfcdError(
    'UNKNOWN_FORMAT',
    `${fileName ?? 'input'}: not a STEP, IGES or BREP file (first bytes: ${JSON.stringify(trimmed.slice(0, 40))})`,
  );
}

/** A STEP exchange file must end with END-ISO-10303-21; — a missing trailer means truncation. */
export function checkStepComplete(bytes: Uint8Array, label: string): void {
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 4096)));
  if (!/END-ISO-10303-21\s*;/.test(tail)) {
    throw new SurfcdError('PARSE_FAILED', `${label}: STEP file is truncated (no END-ISO-10303-21; at the end; ${bytes.length} bytes read)`);
  }
  const text = new TextDecoder('latin1').decode(bytes);
  if (!/\bDATA\s*;/.test(text)) {
    throw new SurfcdError('PARSE_FAILED', `${label}: STEP file has no DATA section`);
  }
}

/**
 * Files an assembly refers to but does not contain (parts stored in other STEP files),
 * found from the quoted file names in DOCUMENT_FILE / external-reference entities.
 */
export function externalReferences(bytes: Uint8Array): string[] {
  const text = new TextDecoder('latin1').decode(bytes);
  // The HEADER's FILE_NAME names the file itself: only the DATA section counts.
  const data = text.slice(Math.max(0, text.search(/\bDATA\s*;/)));
  const found = new Set<string>();
  const pattern = /'([^'\\/]*[\\/])*([^'\\/]+\.(?:stp|step|p21|igs|iges|sldprt|prt|catpart|x_t|ipt))'/gi;
  for (const m of data.matchAll(pattern)) found.add(m[2]!);
  return [...found].sort();
}

/** Does the STEP text hold any shape representation occt could tessellate? */
export function stepHasGeometry(bytes: Uint8Array): boolean {
  const text = new TextDecoder('latin1').decode(bytes);
  return /\b(MANIFOLD_SOLID_BREP|BREP_WITH_VOIDS|FACETED_BREP|SHELL_BASED_SURFACE_MODEL|ADVANCED_FACE|FACE_SURFACE|TRIANGULATED_FACE|TESSELLATED_SHELL)\b/.test(text);
}
