// Writes small, hand-built STEP (AP214) files of axis-aligned boxes, entity by entity, so
// bad-input fixtures can break exactly one thing (a name's bytes, a unit, a reference, a
// coordinate) in an otherwise valid file. No OpenCascade needed; output is deterministic.
//
// A "latin1 string" below is a JS string whose char codes are bytes (0–255): names may
// carry raw 8-bit bytes, as real CAD exports do.

/** Vertex i of a box has x from bit 0, y from bit 1, z from bit 2. */
const FACES = [
  { normal: [0, 0, -1], loop: [0, 2, 3, 1] },
  { normal: [0, 0, 1], loop: [4, 5, 7, 6] },
  { normal: [0, -1, 0], loop: [0, 1, 5, 4] },
  { normal: [0, 1, 0], loop: [2, 6, 7, 3] },
  { normal: [-1, 0, 0], loop: [0, 4, 6, 2] },
  { normal: [1, 0, 0], loop: [1, 3, 7, 5] },
];

/** STEP REAL: always with a decimal point (1. / 2.5 / 1.E-07); `raw` strings pass through. */
const real = (x) => {
  if (typeof x === 'string') return x;
  const [mantissa, exponent] = String(x).toUpperCase().split('E');
  return `${mantissa}${mantissa.includes('.') ? '' : '.'}${exponent ? `E${exponent.replace('+', '')}` : ''}`;
};
/** A length as written: a raw string coordinate (e.g. '1.E999') stays exactly as given. */
const length = (value, raw) => (Number.isFinite(value) ? real(value) : raw);

/**
 * @param {object} spec
 * @param {{id?: string, name: string, min: (number|string)[], max: (number|string)[], solidRef?: string, solidName?: string, more?: {min: number[], max: number[]}[]}[]} spec.products
 *   (`more`: further unnamed solids of the same product)
 * @param {string} [spec.unit] the SI_UNIT of length, e.g. "(.MILLI.,.METRE.)"
 * @param {[number, number][]} [spec.uses] NEXT_ASSEMBLY_USAGE_OCCURRENCE (parent, child) product index pairs
 * @returns {string} latin1 string of the whole file
 */
export function boxesStep({ products, unit = '(.MILLI.,.METRE.)', uses = [], description = 'surfcd bad-input fixture' }) {
  const { lines, add } = entityWriter();
  const { productContext, definitionContext, context, worldAxis } = contexts(add, unit);

  const definitions = [];
  for (const p of products) {
    const { definition, shape } = productDefinition(add, p, productContext, definitionContext);
    definitions.push(definition);
    const solids = [p.solidRef ?? box(add, p.min, p.max, p.solidName ?? ''), ...(p.more ?? []).map((m) => box(add, m.min, m.max, ''))];
    const rep = add(`ADVANCED_BREP_SHAPE_REPRESENTATION('',(${solids.join(',')},${worldAxis}),${context})`);
    add(`SHAPE_DEFINITION_REPRESENTATION(${shape},${rep})`);
  }
  uses.forEach(([parent, child], k) => {
    add(`NEXT_ASSEMBLY_USAGE_OCCURRENCE('use${k}','use${k}','',${definitions[parent]},${definitions[child]},$)`);
  });
  return physicalFile(lines, description);
}

/** A PRODUCT with its formation, definition and definition shape. */
function productDefinition(add, p, productContext, definitionContext) {
  const product = add(`PRODUCT('${p.id ?? p.name}','${p.name}','',(${productContext}))`);
  const formation = add(`PRODUCT_DEFINITION_FORMATION('','',${product})`);
  const definition = add(`PRODUCT_DEFINITION('design','',${formation},${definitionContext})`);
  return { definition, shape: add(`PRODUCT_DEFINITION_SHAPE('','',${definition})`) };
}

/** Entities numbered #1, #2, … in the order they are added. */
function entityWriter() {
  const lines = [];
  let next = 1;
  const add = (text) => {
    const id = next++;
    lines.push(`#${id} = ${text};`);
    return `#${id}`;
  };
  return { lines, add };
}

/** The application, product and geometric contexts every file needs (mm unless `unit` says otherwise). */
function contexts(add, unit) {
  const appContext = add("APPLICATION_CONTEXT('core data for automotive mechanical design processes')");
  add(`APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,${appContext})`);
  const productContext = add(`PRODUCT_CONTEXT('',${appContext},'mechanical')`);
  const definitionContext = add(`PRODUCT_DEFINITION_CONTEXT('part definition',${appContext},'design')`);
  const length = add(`( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT${unit} )`);
  const angle = add('( NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.) )');
  const solidAngle = add('( NAMED_UNIT(*) SI_UNIT($,.STERADIAN.) SOLID_ANGLE_UNIT() )');
  const uncertainty = add(`UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),${length},'distance_accuracy_value','confusion accuracy')`);
  const context = add(
    `( GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((${uncertainty})) GLOBAL_UNIT_ASSIGNED_CONTEXT((${length},${angle},${solidAngle})) REPRESENTATION_CONTEXT('Context #1','3D Context with UNIT and UNCERTAINTY') )`,
  );
  const worldAxis = placement(add, [0, 0, 0]);
  return { productContext, definitionContext, context, worldAxis };
}

/** An AXIS2_PLACEMENT_3D at `origin`, axes along the world's. */
function placement(add, origin) {
  const point = add(`CARTESIAN_POINT('',(${origin.map(real).join(',')}))`);
  const dirZ = add("DIRECTION('',(0.,0.,1.))");
  const dirX = add("DIRECTION('',(1.,0.,0.))");
  return add(`AXIS2_PLACEMENT_3D('',${point},${dirZ},${dirX})`);
}

/**
 * A real AP214 assembly, as CAD systems write one: every product has a SHAPE_REPRESENTATION;
 * a part's holds its boxes (MANIFOLD_SOLID_BREPs, in an ADVANCED_BREP_SHAPE_REPRESENTATION
 * related to it, unless `sharesShapeOf` names an earlier part whose representation it reuses);
 * an assembly places each child with a NEXT_ASSEMBLY_USAGE_OCCURRENCE and a
 * CONTEXT_DEPENDENT_SHAPE_REPRESENTATION (a translation). Names are written as given (latin1
 * strings: escapes, quotes as '' and line breaks included); product 0 is the root.
 * @param {{products: ({name: string, id?: string, solids: {min: number[], max: number[], name?: string}[], sharesShapeOf?: number} | {name: string, id?: string, children: {product: number, at: number[], name?: string}[]})[]}} spec
 * @returns {string} latin1 string of the whole file
 */
export function assemblyStep({ products, description = 'surfcd assembly fixture' }) {
  const { lines, add } = entityWriter();
  const { productContext, definitionContext, context, worldAxis } = contexts(add, '(.MILLI.,.METRE.)');
  const definitions = [], representations = [];
  for (const p of products) {
    const { definition, shape } = productDefinition(add, p, productContext, definitionContext);
    definitions.push(definition);
    let rep;
    if (p.sharesShapeOf !== undefined) rep = representations[p.sharesShapeOf];
    else {
      const childAxes = (p.children ?? []).map((c) => placement(add, c.at));
      rep = add(`SHAPE_REPRESENTATION('${p.children ? 'assembly' : 'part'}',(${[worldAxis, ...childAxes].join(',')}),${context})`);
      if (p.solids) {
        const solids = p.solids.map((b) => box(add, b.min, b.max, b.name ?? ''));
        const brep = add(`ADVANCED_BREP_SHAPE_REPRESENTATION('',(${[...solids, worldAxis].join(',')}),${context})`);
        add(`SHAPE_REPRESENTATION_RELATIONSHIP('','',${rep},${brep})`);
      }
      p.childAxes = childAxes;
    }
    representations.push(rep);
    add(`SHAPE_DEFINITION_REPRESENTATION(${shape},${rep})`);
  }
  products.forEach((p, pi) => {
    (p.children ?? []).forEach((c, k) => {
      const use = add(`NEXT_ASSEMBLY_USAGE_OCCURRENCE('${c.name ?? `use${pi}.${k}`}','${c.name ?? ''}','',${definitions[pi]},${definitions[c.product]},$)`);
      const useShape = add(`PRODUCT_DEFINITION_SHAPE('','',${use})`);
      const transform = add(`ITEM_DEFINED_TRANSFORMATION('','',${worldAxis},${p.childAxes[k]})`);
      const relation = add(`( REPRESENTATION_RELATIONSHIP('','',${representations[c.product]},${representations[pi]}) REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION(${transform}) SHAPE_REPRESENTATION_RELATIONSHIP() )`);
      add(`CONTEXT_DEPENDENT_SHAPE_REPRESENTATION(${relation},${useShape})`);
    });
  });
  return physicalFile(lines, description);
}

function physicalFile(lines, description) {
  return [
    'ISO-10303-21;',
    'HEADER;',
    `FILE_DESCRIPTION(('${description}'),'2;1');`,
    "FILE_NAME('fixture.step','2000-01-01T00:00:00',('surfcd'),('surfcd'),'surfcd','scripts/generate-bad-inputs.mjs','');",
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    ...lines,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

/** One MANIFOLD_SOLID_BREP box: 8 vertices, 12 edges, 6 planar faces with outward normals. */
export function box(add, min, max, solidName) {
  const corner = (i) => [i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]];
  const num = (v) => (typeof v === 'string' ? Number(v) : v);
  const points = [], vertices = [];
  for (let i = 0; i < 8; i++) {
    points.push(add(`CARTESIAN_POINT('',(${corner(i).map(real).join(',')}))`));
    vertices.push(add(`VERTEX_POINT('',${points[i]})`));
  }
  const edges = new Map();
  const edge = (a, b) => {
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const key = `${lo}-${hi}`;
    if (!edges.has(key)) {
      const p = corner(lo).map(num), q = corner(hi).map(num);
      const d = q.map((v, k) => v - p[k]);
      const len = Math.hypot(...d) || 1;
      const dir = add(`DIRECTION('',(${d.map((v) => real(Number.isFinite(len) ? v / len : Math.sign(v))).join(',')}))`);
      const vector = add(`VECTOR('',${dir},${length(len, [...corner(hi)].find((v) => typeof v === 'string') ?? '1.')})`);
      const line = add(`LINE('',${points[lo]},${vector})`);
      edges.set(key, add(`EDGE_CURVE('',${vertices[lo]},${vertices[hi]},${line},.T.)`));
    }
    return { ref: edges.get(key), forward: a < b };
  };
  const faces = FACES.map(({ normal, loop }) => {
    const oriented = loop.map((v, k) => {
      const e = edge(v, loop[(k + 1) % 4]);
      return add(`ORIENTED_EDGE('',*,*,${e.ref},${e.forward ? '.T.' : '.F.'})`);
    });
    const edgeLoop = add(`EDGE_LOOP('',(${oriented.join(',')}))`);
    const bound = add(`FACE_OUTER_BOUND('',${edgeLoop},.T.)`);
    const p0 = corner(loop[0]).map(num), p1 = corner(loop[1]).map(num);
    const ref = p1.map((v, k) => v - p0[k]);
    const refLen = Math.hypot(...ref) || 1;
    const axisDir = add(`DIRECTION('',(${normal.map(real).join(',')}))`);
    const refDir = add(`DIRECTION('',(${ref.map((v) => real(Number.isFinite(refLen) ? v / refLen : Math.sign(v))).join(',')}))`);
    const placement = add(`AXIS2_PLACEMENT_3D('',${points[loop[0]]},${axisDir},${refDir})`);
    const plane = add(`PLANE('',${placement})`);
    return add(`ADVANCED_FACE('',(${bound}),${plane},.T.)`);
  });
  const shell = add(`CLOSED_SHELL('',(${faces.join(',')}))`);
  return add(`MANIFOLD_SOLID_BREP('${solidName}',${shell})`);
}
