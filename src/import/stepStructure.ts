/**
 * The product structure a STEP file states (products, their definitions, which definition
 * uses which, and how many solids each part's shape holds), read from the text so surfcd can
 * check the tree occt returns against it.
 *
 * occt-import-js names a mesh after the shape label it finds for the solid. A part with two or
 * more bodies (a bearing's rings and balls) has no label per body, so its meshes come back
 * unnamed; a sub-assembly whose label has sub-shapes comes back as one flat list of meshes;
 * two products sharing one shape representation come back both named after the first. The
 * file says what each of those meshes is: see `restoreProductTree`.
 */

/** One product definition: the product's name, its shape, and the definitions it uses, in file order. */
export interface StepDefinition {
  name: string;
  /** The SHAPE_REPRESENTATION entity its shape is defined by (null: none). */
  representation: number | null;
  /** Meshes occt makes of this definition's own shape: its solids, plus shells outside solids. */
  bodies: number;
  /** Definitions it uses (NEXT_ASSEMBLY_USAGE_OCCURRENCE), in entity order. */
  uses: number[];
}

export interface StepStructure {
  definitions: Map<number, StepDefinition>;
  /** Definitions nothing uses: the roots of the product tree. */
  roots: number[];
}

const INTERESTING = /^(PRODUCT_DEFINITION_FORMATION(?:_WITH_SPECIFIED_SOURCE)?|PRODUCT_DEFINITION(?:_WITH_ASSOCIATED_DOCUMENTS)?|PRODUCT_DEFINITION_SHAPE|SHAPE_DEFINITION_REPRESENTATION|NEXT_ASSEMBLY_USAGE_OCCURRENCE|SHAPE_REPRESENTATION_RELATIONSHIP|[A-Z_]*SHAPE_REPRESENTATION|SHELL_BASED_SURFACE_MODEL|MANIFOLD_SOLID_BREP|BREP_WITH_VOIDS|FACETED_BREP)$/;
const SOLIDS = new Set(['MANIFOLD_SOLID_BREP', 'BREP_WITH_VOIDS', 'FACETED_BREP']);

type Param = string | number | Param[] | null;

/**
 * Reads the structure from the file's text (latin1, one char per byte). `productNames` maps a
 * PRODUCT entity to the name surfcd gives it (stepStrings.ts).
 */
export function readStepStructure(text: string, productNames: ReadonlyMap<number, string>): StepStructure {
  const entities = simpleEntities(text);
  const ofType = (type: string): [number, Param[]][] => [...entities].filter(([, e]) => e.type === type).map(([id, e]) => [id, e.params]);
  const ref = (p: Param | undefined): number | null => (typeof p === 'number' ? p : null);

  const formationProduct = new Map<number, number>();
  const definitionFormation = new Map<number, number>();
  const shapeDefinition = new Map<number, number>();
  const definitionRepresentation = new Map<number, number>();
  const related = new Map<number, number[]>();
  for (const [id, e] of entities) {
    if (e.type.startsWith('PRODUCT_DEFINITION_FORMATION')) formationProduct.set(id, ref(e.params[2]) ?? -1);
    else if (e.type.startsWith('PRODUCT_DEFINITION') && e.type !== 'PRODUCT_DEFINITION_SHAPE') definitionFormation.set(id, ref(e.params[2]) ?? -1);
    else if (e.type === 'PRODUCT_DEFINITION_SHAPE') shapeDefinition.set(id, ref(e.params[2]) ?? -1);
    else if (e.type === 'SHAPE_REPRESENTATION_RELATIONSHIP') {
      const a = ref(e.params[2]), b = ref(e.params[3]);
      if (a !== null && b !== null) {
        related.set(a, [...(related.get(a) ?? []), b]);
        related.set(b, [...(related.get(b) ?? []), a]);
      }
    }
  }
  for (const [, params] of ofType('SHAPE_DEFINITION_REPRESENTATION')) {
    const definition = shapeDefinition.get(ref(params[0]) ?? -1);
    const rep = ref(params[1]);
    if (definition !== undefined && rep !== null && !definitionRepresentation.has(definition)) definitionRepresentation.set(definition, rep);
  }
  const bodiesOf = (rep: number): number => {
    // The representation and those related to it without a placement (a part's brep representation).
    let n = 0;
    for (const r of new Set([rep, ...(related.get(rep) ?? [])])) {
      const items = entities.get(r)?.params[1];
      if (!Array.isArray(items)) continue;
      for (const item of items) {
        const e = typeof item === 'number' ? entities.get(item) : undefined;
        if (!e) continue;
        if (SOLIDS.has(e.type)) n++;
        else if (e.type === 'SHELL_BASED_SURFACE_MODEL' && Array.isArray(e.params[1])) n += e.params[1].length;
      }
    }
    return n;
  };

  const definitions = new Map<number, StepDefinition>();
  for (const [id, formation] of definitionFormation) {
    const product = formationProduct.get(formation);
    if (product === undefined) continue;
    const representation = definitionRepresentation.get(id) ?? null;
    definitions.set(id, { name: productNames.get(product) ?? '', representation, bodies: representation === null ? 0 : bodiesOf(representation), uses: [] });
  }
  const used = new Set<number>();
  for (const [, params] of ofType('NEXT_ASSEMBLY_USAGE_OCCURRENCE')) {
    const parent = definitions.get(ref(params[3]) ?? -1);
    const child = ref(params[4]);
    if (parent && child !== null && definitions.has(child)) {
      parent.uses.push(child);
      used.add(child);
    }
  }
  return { definitions, roots: [...definitions.keys()].filter((d) => !used.has(d)) };
}

interface SimpleEntity {
  type: string;
  params: Param[];
}

/** The DATA section's simple entities of the types read here, parsed; everything else skipped unparsed. */
function simpleEntities(text: string): Map<number, SimpleEntity> {
  const out = new Map<number, SimpleEntity>();
  const data = text.search(/\bDATA\s*;/);
  if (data < 0) return out;
  const head = /#(\d+)\s*=\s*([A-Z_][A-Z_0-9]*)\s*\(/y;
  let i = data;
  while (i < text.length) {
    const at = text.indexOf('#', i);
    if (at < 0) break;
    head.lastIndex = at;
    const m = head.exec(text);
    const end = statementEnd(text, at);
    if (m && INTERESTING.test(m[2]!)) {
      const params = parseParams(text, head.lastIndex - 1, end);
      if (params) out.set(Number(m[1]), { type: m[2]!, params });
    }
    i = end + 1;
  }
  return out;
}

/** Index of the `;` ending the statement that starts at `from` (quotes respected). */
function statementEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x27) {
      i++;
      while (i < text.length && !(text.charCodeAt(i) === 0x27 && text.charCodeAt(i + 1) !== 0x27)) i += text.charCodeAt(i) === 0x27 ? 2 : 1;
    } else if (c === 0x3b) return i;
  }
  return text.length;
}

/** The parameter list opening at `open` (a '('): strings (raw), references (numbers), lists; anything else null. */
function parseParams(text: string, open: number, end: number): Param[] | null {
  let i = open;
  const list = (): Param[] => {
    const items: Param[] = [];
    i++; // past '('
    for (;;) {
      while (i < end && /\s/.test(text[i]!)) i++;
      if (i >= end) return items;
      const c = text[i]!;
      if (c === ')') {
        i++;
        return items;
      }
      if (c === ',') {
        i++;
        continue;
      }
      if (c === '(') items.push(list());
      else if (c === "'") {
        let j = i + 1;
        while (j < end && !(text[j] === "'" && text[j + 1] !== "'")) j += text[j] === "'" ? 2 : 1;
        items.push(text.slice(i + 1, j));
        i = j + 1;
      } else if (c === '#') {
        const m = /^#(\d+)/.exec(text.slice(i, i + 24));
        items.push(m ? Number(m[1]) : null);
        i += m ? m[0].length : 1;
      } else {
        // Enumerations, numbers, $, *, typed values: skip to the next separator at this level.
        let depth = 0;
        while (i < end && (depth > 0 || (text[i] !== ',' && text[i] !== ')'))) {
          if (text[i] === '(') depth++;
          else if (text[i] === ')') depth--;
          i++;
        }
        items.push(null);
      }
    }
  };
  return text[open] === '(' ? list() : null;
}
