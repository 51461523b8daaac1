/**
 * The fastener role of one part from its turned-part shape (`fastenerShape.ts`): a head
 * (hex, socket, dome, plain) at one end of a shank, a headless rod, a polygon with a through
 * bore (nut), a thin ring (washer). The name is a hint only: it picks between roles the
 * geometry allows (a plain round head is a bolt, a pin or a rivet) and adds an evidence
 * line; it never makes a part a fastener the geometry does not support.
 */
import { type AxisShape, polygonOutline } from './fastenerShape.js';
import { type FastenerSize, boreAtMinor, diameterTolerance, parseThreadDesignation, tableSizes, threadSize } from './threads.js';

export type FastenerRole = 'bolt' | 'screw' | 'nut' | 'washer' | 'stud' | 'pin' | 'rivet';

/** What the geometry says a part is, before joints refine it. */
export interface ShapeRole {
  role: FastenerRole | null;
  /** `headed` and `rod` parts have a shank; `nut` and `washer` a bore. */
  form: 'headed' | 'rod' | 'nut' | 'washer' | null;
  evidence: string[];
  fastener?: FastenerSize;
  /** Shank radius and axial range (headed, rod); the head is at `head` (−1: low end of the range, +1: high end, 0: none). */
  shank?: { radius: number; range: [number, number]; surfaces: number[]; head: -1 | 0 | 1 };
  /** Thread bore radius (nut). */
  bore?: { radius: number; range: [number, number]; surfaces: number[] };
  /** A lock nut's insert ring: its bore is drawn under the minor diameter, the bolt forms its thread. */
  lockRing?: boolean;
}

const NAME_HINTS: [RegExp, FastenerRole][] = [
  [/stud|stiftschraube|gewindestange|threaded[ _-]?rod|gewindestift/i, 'stud'],
  [/washer|scheibe|rondelle|\bwsh\b/i, 'washer'],
  [/\bnut\b|nut[\s#_\-.\d]|mutter|écrou|ecrou|^nut|lock[ _-]?nut|nyloc/i, 'nut'],
  [/rivet|niet/i, 'rivet'],
  [/bolt|sechskantschraube|\bhhcs\b|hex[ _-]?head/i, 'bolt'],
  [/screw|schraube|\b[sbf]hcs\b|\bshcs\b|cap[ _-]?screw|iso[ _-]?(4762|7045|7380|10642|1207|7046)|din[ _-]?(912|7985|965)/i, 'screw'],
  [/\bpin\b|pin[\s#_\-.\d]|dowel|stift|^pin/i, 'pin'],
];

/** The role a part's name suggests, from its last path segment. */
export function roleFromName(path: string): FastenerRole | null {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/#\d+$/, '');
  for (const [re, role] of NAME_HINTS) if (re.test(name)) return role;
  return null;
}

const mm = (x: number): string => (Math.round(x * 100) / 100).toString();

/** The thread a diameter and a name give: the name's designation when it fits the diameter. */
export function sizeOf(diameter: number, name: string, tolerance: number): FastenerSize {
  const named = parseThreadDesignation(name.slice(name.lastIndexOf('/') + 1));
  if (named && Math.abs(named.nominal - diameter) <= diameterTolerance(diameter, tolerance)) return named;
  return threadSize(diameter, {}, tolerance);
}

function sizeEvidence(size: FastenerSize): string {
  if (size.standard) return `${size.designation} (${size.standard}, pitch ${size.pitch})`;
  return `Ø${mm(size.nominal)} is in no thread table (ISO 261, ASME B1.1): pitch unknown`;
}

/**
 * The role the shape allows, the name picking among the allowed ones. `tolerance` is the
 * fit tolerance (mm), `path` the part's path (its last segment is the name).
 */
export function shapeRole(shape: AxisShape | null, path: string, tolerance: number): ShapeRole {
  const hint = roleFromName(path);
  const nameLine = hint ? [`name "${path.slice(path.lastIndexOf('/') + 1)}" suggests ${hint}`] : [];
  const none = (why: string): ShapeRole => ({ role: null, form: null, evidence: hint ? [...nameLine, `but ${why}`] : [] });
  if (!shape) return none('it has no cylindrical faces');
  if (shape.offAxisArea > 0.1) return none(`${Math.round(shape.offAxisArea * 100)} % of its area is not turned about one axis`);
  if (shape.offAxisCylinders > 0) return none(`it has ${shape.offAxisCylinders} cylindrical face(s) off its main axis`);
  const length = shape.span[1] - shape.span[0];
  const tol = (r: number): number => tolerance + 0.002 * r;

  // a bore through the part: a nut or a washer
  const through = shape.bores.filter((b) => b.range[1] - b.range[0] >= 0.5 * length);
  if (through.length > 0 && shape.shafts.every((s) => s.radius > Math.max(...through.map((b) => b.radius)))) {
    const bore = through.reduce((a, b) => (b.radius < a.radius ? b : a));
    const surfaces = shape.bores.filter((b) => Math.abs(b.radius - bore.radius) <= tol(b.radius)).map((b) => b.surface);
    const d = 2 * bore.radius;
    const outline = polygonOutline(shape.outerFlats, shape.axis, Math.PI / 90, tolerance);
    const borePart = { radius: bore.radius, range: bore.range, surfaces };
    if (outline) {
      const across = outline.across[outline.across.length - 1]!;
      if (outline.across[0]! < 1.2 * d || across > 2.8 * d || length > 1.5 * d) return none(`its ${outline.name} outline (${outline.across.map(mm).join(' × ')}) and Ø${mm(d)} bore are not a nut's proportions`);
      const size = nutSize(d, path, tolerance);
      const outer = outline.name === 'hex' ? `hex outer ${mm(across)} AF` : `${outline.name} outer ${outline.across.map(mm).join(' × ')}`;
      return {
        role: 'nut', form: 'nut', fastener: size.size, bore: borePart,
        evidence: [`${outer} with Ø${mm(d)} through bore, ${mm(length)} thick`, size.line, ...nameLine],
      };
    }
    const outer = shape.shafts.filter((s) => Math.abs(s.radius - shape.maxRadius) <= tol(s.radius));
    // round outside: a cylinder at the largest radius, or only faces of revolution about the
    // axis (a nylon lock ring's rounded rim is a torus)
    const round = outer.length > 0 || (shape.domes.length > 0 && shape.shafts.length === 0 && shape.offAxisArea === 0);
    if (round && shape.outerFlats.length === 0) {
      const od = 2 * shape.maxRadius;
      const rim = outer.length > 0 ? '' : ', rounded rim';
      // a ring the name calls a nut (a lock nut's insert, a round nut): its bore is a thread
      if (hint === 'nut' && od >= 1.25 * d && od <= 4.5 * d) {
        const ring = lockRingSize(d, path, tolerance);
        const size = ring ?? nutSize(d, path, tolerance);
        return { role: 'nut', form: 'nut', fastener: size.size, bore: borePart, ...(ring ? { lockRing: true } : {}), evidence: [`round ring Ø${mm(d)}/Ø${mm(od)} × ${mm(length)}${rim} with a through bore`, size.line, ...nameLine] };
      }
      if (length <= 0.25 * od && od >= 1.25 * d && od <= 4.5 * d) {
        return { role: 'washer', form: 'washer', bore: borePart, evidence: [`flat ring Ø${mm(d)}/Ø${mm(od)} × ${mm(length)}${rim}`, ...nameLine] };
      }
      return none(`a ring Ø${mm(d)}/Ø${mm(od)} × ${mm(length)} is too thick for a washer`);
    }
    return none(`its Ø${mm(d)} bore has neither a polygon nor a round outline`);
  }

  // a shank: the radius whose shafts reach farthest along the axis (a thread drawn as rings of cylinders and cones is one shank)
  if (shape.shafts.length === 0) return none('it has no shank on its axis');
  const byRadius = shape.shafts.map((s) => {
    const same = shape.shafts.filter((t) => Math.abs(t.radius - s.radius) <= tol(s.radius));
    return { radius: s.radius, range: [Math.min(...same.map((t) => t.range[0])), Math.max(...same.map((t) => t.range[1]))] as [number, number], surfaces: same.map((t) => t.surface) };
  });
  const shank = byRadius.reduce((a, b) => (b.range[1] - b.range[0] > a.range[1] - a.range[0] + tolerance ? b : a));
  const r = shank.radius, d = 2 * r;
  const shankLength = shank.range[1] - shank.range[0];
  const surfaces = shank.surfaces;
  if (shape.bores.some((b) => b.range[1] - b.range[0] > 0.5 * length)) return none('it is hollow');
  const wide = shape.rangeBeyond(r + tol(r));
  // flats along the shank (not in a head): a spline, a key seat, a D flat; no thread
  const alongShank = shape.outerFlats.filter((f) => f.range[1] > shank.range[0] + tol(r) && f.range[0] < shank.range[1] - tol(r) && !(wide && f.range[0] >= wide[0] - tol(r) && f.range[1] <= wide[1] + tol(r)));
  if (alongShank.length > 0) return none(`it has ${alongShank.length} flat(s) along its Ø${mm(d)} shank (a spline or a key seat)`);
  const size = sizeOf(d, path, tolerance);
  if (!wide) {
    // a headless rod (chamfers and domes stay within the shank)
    if (length < d) return none(`it is a disc Ø${mm(d)} × ${mm(length)}`);
    const recess = shape.innerFlats.length > 0 || shape.freeform.length > 0;
    const rod = { radius: r, range: shank.range, surfaces, head: 0 as const };
    const role: FastenerRole | null = recess ? 'screw' : hint === 'stud' || hint === 'pin' || hint === 'bolt' || hint === 'screw' ? (hint === 'bolt' ? 'stud' : hint) : length <= 12 * d ? 'pin' : null;
    // the thread size only matters for what may be threaded (a pin's diameter is not a thread)
    const lines = [`headless rod Ø${mm(d)} × ${mm(length)}`, ...(recess ? ['drive recess in an end'] : []), ...(role === 'pin' ? [] : [sizeEvidence(size)]), ...nameLine];
    return { role, form: 'rod', fastener: size, shank: rod, evidence: lines };
  }
  // the wide part must be at one end, beyond the shank: a head
  const atHigh = wide[0] >= shank.range[1] - tol(r), atLow = wide[1] <= shank.range[0] + tol(r);
  if (!atHigh && !atLow) return none(`it is wider than its Ø${mm(d)} shank away from its ends (a stepped shaft)`);
  const headLength = wide[1] - wide[0];
  const headR = shape.maxRadius;
  if (2 * headR < 1.45 * d || 2 * headR > 3.2 * d || headLength < 0.15 * d || headLength > 1.5 * d || shankLength < 0.5 * d) {
    return none(`its Ø${mm(2 * headR)} × ${mm(headLength)} collar on a Ø${mm(d)} × ${mm(shankLength)} shank is not a head`);
  }
  const inHead = (range: [number, number]): boolean => range[0] >= wide[0] - tol(r) && range[1] <= wide[1] + tol(r);
  const headFlats = shape.outerFlats.filter((f) => inHead(f.range));
  const outline = polygonOutline(headFlats, shape.axis, Math.PI / 90, tolerance);
  const socket = shape.innerFlats.filter((f) => inHead(f.range) || f.range[0] >= wide[0] - tol(r));
  const recess = socket.length > 0 || shape.bores.some((b) => inHead(b.range)) || shape.freeform.length > 0 || shape.recessCylinders > 0;
  const domed = shape.domes.length > 0 && !outline;
  let head: string;
  if (outline?.name === 'hex') head = `hex head ${mm(outline.across[0]!)} AF`;
  else if (outline) head = `${outline.name} head ${outline.across.map(mm).join(' × ')}`;
  else if (socket.length > 0) head = `socket head Ø${mm(2 * headR)}`;
  else if (domed) head = `domed head Ø${mm(2 * headR)}`;
  else head = `round head Ø${mm(2 * headR)}`;
  const drive = socket.length >= 6 ? `hex socket ${mm(2 * Math.min(...socket.map((f) => f.apothem)))}` : recess ? 'drive recess' : null;
  const lines = [`${head} × ${mm(headLength)}`, ...(drive ? [drive] : []), `shank Ø${mm(d)} × ${mm(shankLength)}`];
  let role: FastenerRole;
  if (hint === 'bolt' || hint === 'screw' || hint === 'pin' || hint === 'rivet') role = hint;
  else if (outline) role = 'bolt';
  else if (recess) role = 'screw';
  else if (domed) role = 'rivet';
  else role = 'bolt';
  if (role !== 'pin' && role !== 'rivet') lines.push(sizeEvidence(size));
  lines.push(...nameLine);
  return { role, form: 'headed', fastener: role === 'pin' || role === 'rivet' ? undefined : size, shank: { radius: r, range: shank.range, surfaces, head: atHigh ? 1 : -1 }, evidence: lines };
}

/** A nut's thread from its bore: drawn at the nominal diameter, else at the minor diameter or tap drill of a table size. */
function nutSize(bore: number, path: string, tolerance: number): { size: FastenerSize; line: string } {
  const named = parseThreadDesignation(path.slice(path.lastIndexOf('/') + 1));
  const atNominal = sizeOf(bore, path, tolerance);
  if (atNominal.standard) return { size: atNominal, line: `bore at nominal: ${sizeEvidence(atNominal)}` };
  if (named && named.standard && boreAtMinor(named, bore, diameterTolerance(bore, tolerance))) return { size: named, line: `bore at the minor diameter of ${sizeEvidence(named)}` };
  // the sizes whose minor-diameter band holds the bore: metric coarse first, then UNC, metric fine, UNF; then the smallest
  const series = (s: FastenerSize): number => (s.standard === 'ASME B1.1' ? (s.designation!.endsWith('UNC') ? 1 : 3) : s.designation!.includes('x') ? 2 : 0);
  const fits = tableSizes().filter((s) => s.nominal > bore && boreAtMinor(s, bore, diameterTolerance(bore, tolerance)));
  const size = fits.sort((a, b) => series(a) - series(b) || a.nominal - b.nominal)[0];
  if (size) return { size, line: `bore at the minor diameter of ${sizeEvidence(size)}` };
  return { size: atNominal, line: sizeEvidence(atNominal) };
}

/**
 * A lock nut's insert ring is drawn with its bore under the thread's minor diameter (the
 * bolt forms the thread in the nylon): the size the name gives, when the bore lies between
 * 0.7 of its nominal diameter and its minor-diameter band.
 */
function lockRingSize(bore: number, path: string, tolerance: number): { size: FastenerSize; line: string } | null {
  const named = parseThreadDesignation(path.slice(path.lastIndexOf('/') + 1));
  if (!named?.standard || !/lock[ _-]?nut|nyloc/i.test(path.slice(path.lastIndexOf('/') + 1))) return null;
  if (bore < 0.7 * named.nominal || bore >= named.nominal || boreAtMinor(named, bore, diameterTolerance(bore, tolerance))) return null;
  return { size: named, line: `bore Ø${mm(bore)} under the minor diameter of ${sizeEvidence(named)}: a lock ring whose thread the bolt forms` };
}
