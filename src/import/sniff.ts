import { SurfcdError } from '../errors.js';

export type CadFormat = 'step' | 'iges' | 'brep';

const EXTENSIONS: Record<string, CadFormat> = {
  step: 'step', stp: 'step', p21: 'step',
  iges: 'iges', igs: 'iges',
  brep: 'brep', brp: 'brep',
};

/** Drops a UTF-8 byte-order mark: editors add it, and OpenCascade's STEP parser rejects it. */
export function stripBom(bytes: Uint8Array): Uint8Array {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

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

/**
 * Checks OpenCascade cannot survive, done on the text before it sees the file: a real that
 * overflows a double (`1.E999` overflows occt's parser stack) and a product structure that
 * contains itself (occt gives up without saying why).
 */
export function checkStepStructure(text: string, label: string): void {
  for (const m of text.matchAll(/[0-9.]E\+?0*(\d{3,})/gi)) {
    if (Number(m[1]) > 308) {
      const line = lineOf(text, m.index!);
      const token = /[-+0-9.E]+$/i.exec(text.slice(Math.max(0, m.index! - 30), m.index! + m[0].length))?.[0] ?? m[0];
      throw new SurfcdError('PARSE_FAILED', `${label}: line ${line}: number ${token} is out of range (larger than 1.8E308)`);
    }
  }
  const cycle = productCycle(text);
  if (cycle) throw new SurfcdError('PARSE_FAILED', `${label}: the product structure is cyclic: ${cycle.join(' contains ')} (NEXT_ASSEMBLY_USAGE_OCCURRENCE)`);
}

const lineOf = (text: string, offset: number): number => {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
};

/** A cycle in the assembly graph (product definitions linked by NEXT_ASSEMBLY_USAGE_OCCURRENCE), named by product. */
function productCycle(text: string): string[] | null {
  const children = new Map<string, string[]>();
  for (const m of text.matchAll(/NEXT_ASSEMBLY_USAGE_OCCURRENCE\s*\((?:\s*(?:'(?:[^']|'')*'|\$)\s*,){3}\s*(#\d+)\s*,\s*(#\d+)/g)) {
    children.set(m[1]!, [...(children.get(m[1]!) ?? []), m[2]!]);
  }
  if (children.size === 0) return null;
  const state = new Map<string, 1 | 2>(); // 1 on the current path, 2 done
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 1);
    path.push(node);
    for (const child of children.get(node) ?? []) {
      if (state.get(child) === 1) return [...path.slice(path.indexOf(child)), child];
      if (!state.has(child)) {
        const found = visit(child);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 2);
    return null;
  };
  for (const node of children.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found.map((pd) => productNameOf(text, pd));
  }
  return null;
}

/** "name (#pd)" for a PRODUCT_DEFINITION, via its formation and product. */
function productNameOf(text: string, definition: string): string {
  const ref = (entity: string, type: string): RegExpExecArray | null => new RegExp(`${entity}\\s*=\\s*${type}\\s*\\(([^;]*)\\)\\s*;`).exec(text);
  const pd = ref(definition, 'PRODUCT_DEFINITION');
  const formation = pd?.[1]!.match(/#\d+/)?.[0];
  const pdf = formation ? ref(formation, 'PRODUCT_DEFINITION_FORMATION(?:_WITH_SPECIFIED_SOURCE)?') : null;
  const product = pdf?.[1]!.match(/#\d+/)?.[0];
  const name = product ? ref(product, 'PRODUCT')?.[1]!.match(/^\s*'(?:[^']|'')*'\s*,\s*'((?:[^']|'')*)'/)?.[1] : undefined;
  return name ? `"${name}" (${definition})` : definition;
}

/**
 * The first malformed statement of the DATA section ("line 7: …"), for when occt fails and
 * only says "Incorrect Syntax". Checks what every exchange-file statement has: `#id =`,
 * balanced parentheses outside strings, a closing `;`.
 */
export function firstStepSyntaxError(text: string): string | null {
  const data = text.search(/\bDATA\s*;/);
  if (data < 0) return null;
  let i = text.indexOf(';', data) + 1;
  let start = i, depth = 0;
  const problem = (why: string): string => {
    const at = start + (/^\s*/.exec(text.slice(start, start + 200))?.[0].length ?? 0);
    const statement = text.slice(at, at + 60).split('\n')[0]!.trim();
    return `line ${lineOf(text, at)}: ${why} in ${JSON.stringify(statement)}`;
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return problem('unterminated string');
      i = end; // a doubled '' simply reopens on the next pass
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '(') depth++;
    else if (c === ')') {
      if (--depth < 0) return problem('a ")" without "("');
    } else if (c === ';') {
      const statement = text.slice(start, i).trim();
      if (/^ENDSEC$/.test(statement)) return null;
      if (depth !== 0) return problem('unbalanced parentheses');
      if (!/^#\d+\s*=\s*(\(|[A-Za-z_][A-Za-z0-9_]*\s*\()/.test(statement.replace(/\/\*[\s\S]*?\*\//g, '').trim())) return problem('expected "#id = ENTITY(…)"');
      start = i + 1;
    }
  }
  return null;
}

/**
 * Entity numbers of the PRODUCTs that should come back with geometry: they have a shape
 * (PRODUCT ← formation ← definition ← PRODUCT_DEFINITION_SHAPE ← SHAPE_DEFINITION_REPRESENTATION)
 * and are not assemblies (never the parent of a NEXT_ASSEMBLY_USAGE_OCCURRENCE). Products
 * that only name a material or a sub-assembly level occt flattens are left out.
 */
export function stepShapeProducts(text: string): Set<number> {
  const formationProduct = new Map<string, string>();
  for (const m of text.matchAll(/(#\d+)\s*=\s*PRODUCT_DEFINITION_FORMATION(?:_WITH_SPECIFIED_SOURCE)?\s*\(\s*(?:'(?:[^']|'')*'|\$)\s*,\s*(?:'(?:[^']|'')*'|\$)\s*,\s*(#\d+)/g)) formationProduct.set(m[1]!, m[2]!);
  const definitionFormation = new Map<string, string>();
  for (const m of text.matchAll(/(#\d+)\s*=\s*PRODUCT_DEFINITION(?:_WITH_ASSOCIATED_DOCUMENTS)?\s*\(\s*(?:'(?:[^']|'')*'|\$)\s*,\s*(?:'(?:[^']|'')*'|\$)\s*,\s*(#\d+)/g)) definitionFormation.set(m[1]!, m[2]!);
  const shapeDefinition = new Map<string, string>();
  for (const m of text.matchAll(/(#\d+)\s*=\s*PRODUCT_DEFINITION_SHAPE\s*\(\s*(?:'(?:[^']|'')*'|\$)\s*,\s*(?:'(?:[^']|'')*'|\$)\s*,\s*(#\d+)\s*\)/g)) shapeDefinition.set(m[1]!, m[2]!);
  const assemblies = new Set<string>();
  for (const m of text.matchAll(/NEXT_ASSEMBLY_USAGE_OCCURRENCE\s*\((?:\s*(?:'(?:[^']|'')*'|\$)\s*,){3}\s*(#\d+)/g)) assemblies.add(m[1]!);
  const out = new Set<number>();
  for (const m of text.matchAll(/SHAPE_DEFINITION_REPRESENTATION\s*\(\s*(#\d+)/g)) {
    const definition = shapeDefinition.get(m[1]!);
    if (!definition || assemblies.has(definition)) continue;
    const product = formationProduct.get(definitionFormation.get(definition) ?? '');
    if (product) out.add(Number(product.slice(1)));
  }
  return out;
}

/** Entity ids defined more than once (`#12 = …` twice): occt keeps one and reports the rest as unresolved references. */
export function duplicateEntities(text: string): { id: string; count: number }[] {
  const data = text.search(/\bDATA\s*;/);
  if (data < 0) return [];
  const seen = new Map<string, number>();
  for (const m of text.slice(data).matchAll(/(?:^|;)\s*(#\d+)\s*=/g)) seen.set(m[1]!, (seen.get(m[1]!) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id, count]) => ({ id, count }));
}
