// Fastener samples: threads drawn the way CAD users draw them (at nominal diameter in a nut of
// the same bore, or at nominal in a hole at minor diameter / tap drill), washers, a clamped
// stack, press-fit pins and a spring drawn compressed. Parts that overlap on purpose are
// declared (mates.allowOverlap / threaded 'minor'); each sample also has a ground truth
// <name>.truth.json: fastener roles, threaded joints, the overlaps by construction and the
// moves a fitter would call free or blocked. Imported by scripts/generate-samples.mjs.
import * as R from 'replicad';
import { ProfileMates } from './fits.mjs';
import { hexPrism, zCylinder } from '../lib/shapes.mjs';

export const TRUTH_SCHEMA = 'surfcd/fastener-truth@1';

// ISO 4017 hex bolts / ISO 4032 nuts / ISO 4762 socket head cap screws / ISO 7089 washers / ISO 273 holes (mm)
export const SIZES = {
  M6: { d: 6, pitch: 1, tapDrill: 5, socketHead: { dk: 10, k: 6, s: 5, t: 3 }, hole: 6.6 },
  M8: { d: 8, pitch: 1.25, af: 13, k: 5.3, nutM: 6.8, hole: 9, washer: { id: 8.4, od: 16, h: 1.6 } },
  M10: { d: 10, pitch: 1.5, af: 16, k: 6.4, nutM: 8.4, hole: 11, minor: 10 - 1.082532 * 1.5, washer: { id: 10.5, od: 20, h: 2 } },
};

const up = [0, 0, 1];
const down = [0, 0, -1];

const box = (x, y, z) => R.makeBox([x[0], y[0], z[0]], [x[1], y[1], z[1]]);
/** Hex bolt: head [zHead, zHead + k] on top, shank of diameter d from zTip up to zHead. */
const hexBolt = ({ d, af, k }, at, zHead, zTip) => hexPrism(af, at, zHead, k).fuse(zCylinder(d / 2, at, zTip, zHead - zTip));
const nutShape = ({ af, nutM }, bore, at, z0) => hexPrism(af, at, z0, nutM).cut(zCylinder(bore / 2, at, z0 - 1, nutM + 2));
const washerShape = ({ id, od, h }, at, z0) => zCylinder(od / 2, at, z0, h).cut(zCylinder(id / 2, at, z0 - 1, h + 2));

/** `fastener`'s head seated on `plate` at z = top, its shank in the plate's ISO 273 hole: against + coaxial + insert. */
function seated(m, plate, fastener, S, { top, holeZ, head }) {
  const a = m.against(plate, fastener, up, [(S.hole / 2 + head / 2) / 2, 0, top], `${fastener} head on the ${plate}`);
  const c = m.coaxial(plate, fastener, [0, 0, holeZ], up, S.hole / 2, S.d / 2, `M${S.d} shank in its ISO 273 medium hole (dia. ${S.hole})`);
  m.list[c].params.standard = `M${S.d} medium`;
  m.insert(c, a, `${fastener} inserted, head seated`);
}

/**
 * A washer under `plate` (bottom at z = bottom) and a nut under the washer, threaded on `bolt`;
 * the nut's bore drawn at `bore`. Returns the joint's params.
 */
function washerAndNut(m, plate, S, bottom, bore) {
  const W = S.washer;
  m.against(plate, 'washer', down, [(S.hole / 2 + W.od / 2) / 2, 0, bottom], `washer on the ${plate}`);
  const w = m.coaxial('washer', 'bolt', [0, 0, bottom - W.h], up, W.id / 2, S.d / 2, `washer (dia. ${W.id}) on the shank`);
  m.list[w].params.standard = `M${S.d} fine`;
  m.against('washer', 'nut', down, [(W.id / 2 + S.af / 2) / 2, 0, bottom - W.h], 'nut on the washer');
  const drawn = bore === S.d ? 'nominal' : 'minor';
  const joint = { point: [0, 0, bottom - W.h - S.nutM / 2], axis: down, nominal: S.d, pitch: S.pitch, engagement: S.nutM, drawn, bore };
  m.threaded('nut', 'bolt', joint, `M${S.d} nut on the bolt, bore drawn at ${drawn === 'nominal' ? 'nominal' : `the minor diameter ${bore.toFixed(3)}: the shank overlaps it`}`);
  return joint;
}

/** The truth document: roles by part name, joints, overlaps by construction, moves with the fitter's verdict. */
function truthDocument(sample, { roles, joints = [], overlaps = [], moves = [] }) {
  return { schema: TRUTH_SCHEMA, units: 'mm', sample, roles, joints, overlaps, moves };
}

// ---------------------------------------------------------------------------
// bolt-nut: an M10 hex bolt through an ISO 273 medium hole (Ø11) of a 10 mm plate, its nut
// below the plate; the nut's bore drawn at the nominal Ø10 (line on line with the shank)

export const BOLT_NUT = { plate: { x: [-30, 30], y: [-20, 20], z: [0, 10] }, tip: -15 };

function buildBoltNut() {
  const S = SIZES.M10, P = BOLT_NUT.plate, at = [0, 0];
  const top = P.z[1], nutZ = P.z[0] - S.nutM;
  const plate = box(P.x, P.y, P.z).cut(zCylinder(S.hole / 2, at, P.z[0] - 1, top - P.z[0] + 2));
  const parts = [
    { name: 'plate', color: '#8c96a0', shape: plate },
    { name: 'bolt', color: '#d4af37', shape: hexBolt(S, at, top, BOLT_NUT.tip) },
    { name: 'nut', color: '#b8860b', shape: nutShape(S, S.d, at, nutZ) },
  ];
  const m = new ProfileMates();
  seated(m, 'plate', 'bolt', S, { top, holeZ: 0, head: S.af });
  m.against('plate', 'nut', down, [(S.hole / 2 + S.af / 2) / 2, 0, P.z[0]], 'nut on the plate bottom');
  const joint = { point: [0, 0, P.z[0] - S.nutM / 2], axis: down, nominal: S.d, pitch: S.pitch, engagement: S.nutM, drawn: 'nominal', bore: S.d };
  m.threaded('nut', 'bolt', joint, 'M10 nut on the bolt, bore drawn at nominal (= shank)');
  const truth = truthDocument('bolt-nut', {
    roles: { plate: null, bolt: { role: 'bolt', designation: 'M10' }, nut: { role: 'nut', designation: 'M10' } },
    joints: [{ fastener: 'bolt', mate: 'nut', ...joint }],
    overlaps: [{ a: 'bolt', b: 'nut', class: 'thread', depth: 0, note: 'coincident cylinders: the thread is cosmetic' }],
    moves: [
      { part: 'nut', translate: [0, 0, -20], expect: 'blocked', why: 'held by the M10 thread of bolt' },
      { part: 'nut', screw: { axis: { point: [0, 0, 0], direction: down }, pitch: S.pitch, turns: 10 }, expect: 'free', why: 'unscrews off the tip (10 turns = 15 mm > the 8.4 mm engaged)' },
      { part: 'bolt', translate: [0, 0, 30], expect: 'blocked', why: 'the nut is on it (thread)' },
      { part: 'bolt', translate: [0, 0, -5], expect: 'blocked', why: 'head on the plate' },
      { part: 'plate', translate: [0, 0, 5], expect: 'blocked', why: 'clamped between the bolt head and the nut' },
    ],
  });
  return { parts, mates: m, truth };
}

// ---------------------------------------------------------------------------
// screw-tapped: an M6 socket head cap screw through a clamped plate (Ø6.6 hole) into a
// block whose blind hole is drawn at the Ø5 tap drill; the screw is drawn at nominal Ø6, so
// its shank overlaps the block by 0.5 mm radially over the 10 mm it is engaged

export const SCREW_TAPPED = { block: { x: [-20, 20], y: [-15, 15], z: [-20, 0] }, plate: { z: [0, 6] }, holeDepth: 14, tip: -10 };

function buildScrewTapped() {
  const S = SIZES.M6, B = SCREW_TAPPED.block, at = [0, 0];
  const [pz0, pz1] = SCREW_TAPPED.plate.z;
  const block = box(B.x, B.y, B.z).cut(zCylinder(S.tapDrill / 2, at, -SCREW_TAPPED.holeDepth, SCREW_TAPPED.holeDepth + 1));
  const plate = box(B.x, B.y, [pz0, pz1]).cut(zCylinder(S.hole / 2, at, pz0 - 1, pz1 - pz0 + 2));
  const { dk, k, s, t } = S.socketHead;
  const screw = zCylinder(dk / 2, at, pz1, k).cut(hexPrism(s, at, pz1 + k - t, t + 1)).fuse(zCylinder(S.d / 2, at, SCREW_TAPPED.tip, pz1 - SCREW_TAPPED.tip));
  const parts = [
    { name: 'block', color: '#8c96a0', shape: block },
    { name: 'plate', color: '#a0a8b0', shape: plate },
    { name: 'screw', color: '#303030', shape: screw },
  ];
  const m = new ProfileMates();
  m.against('block', 'plate', up, [B.x[1] - 2, 0, 0], 'plate on the block');
  seated(m, 'plate', 'screw', S, { top: pz1, holeZ: pz0, head: dk });
  const engagement = -SCREW_TAPPED.tip;
  const joint = { point: [0, 0, -engagement / 2], axis: down, nominal: S.d, pitch: S.pitch, engagement, drawn: 'minor', bore: S.tapDrill };
  m.threaded('block', 'screw', joint, 'M6 screw drawn at nominal in the dia. 5 tap-drill hole');
  const truth = truthDocument('screw-tapped', {
    roles: { block: null, plate: null, screw: { role: 'screw', designation: 'M6' } },
    joints: [{ fastener: 'screw', mate: 'block', ...joint }],
    overlaps: [{ a: 'block', b: 'screw', class: 'thread', depth: (S.d - S.tapDrill) / 2, note: 'thread at nominal in the tap-drill hole' }],
    moves: [
      { part: 'screw', translate: [0, 0, 20], expect: 'blocked', why: 'held by the M6 thread of block' },
      { part: 'screw', screw: { axis: { point: [0, 0, 0], direction: up }, pitch: S.pitch, turns: 11 }, expect: 'free', why: 'unscrews out of the block (11 turns = 11 mm > 10 engaged)' },
      { part: 'plate', translate: [0, 0, 20], expect: 'blocked', why: 'clamped under the screw head until the screw is out' },
    ],
  });
  return { parts, mates: m, truth };
}

// ---------------------------------------------------------------------------
// bolt-washer-nut: an M8 bolt through an 8 mm plate (Ø9 hole), an ISO 7089 washer and a nut
// drawn at nominal under it

export const BOLT_WASHER_NUT = { plate: { x: [-20, 20], y: [-20, 20], z: [0, 8] }, tip: -12 };

function buildBoltWasherNut() {
  const S = SIZES.M8, P = BOLT_WASHER_NUT.plate, W = S.washer, at = [0, 0];
  const top = P.z[1];
  const nutZ = P.z[0] - W.h - S.nutM;
  const parts = [
    { name: 'plate', color: '#8c96a0', shape: box(P.x, P.y, P.z).cut(zCylinder(S.hole / 2, at, P.z[0] - 1, top - P.z[0] + 2)) },
    { name: 'bolt', color: '#d4af37', shape: hexBolt(S, at, top, BOLT_WASHER_NUT.tip) },
    { name: 'washer', color: '#c0c0c0', shape: washerShape(W, at, P.z[0] - W.h) },
    { name: 'nut', color: '#b8860b', shape: nutShape(S, S.d, at, nutZ) },
  ];
  const m = new ProfileMates();
  seated(m, 'plate', 'bolt', S, { top, holeZ: 0, head: S.af });
  const joint = washerAndNut(m, 'plate', S, P.z[0], S.d);
  const truth = truthDocument('bolt-washer-nut', {
    roles: { plate: null, bolt: { role: 'bolt', designation: 'M8' }, washer: { role: 'washer' }, nut: { role: 'nut', designation: 'M8' } },
    joints: [{ fastener: 'bolt', mate: 'nut', ...joint }],
    overlaps: [{ a: 'bolt', b: 'nut', class: 'thread', depth: 0, note: 'coincident cylinders' }],
    moves: [
      { part: 'washer', translate: [0, 0, -20], expect: 'blocked', why: 'the nut is under it' },
      { part: 'nut', screw: { axis: { point: [0, 0, 0], direction: down }, pitch: S.pitch, turns: 8 }, expect: 'free', why: 'unscrews off the tip (10 mm > 6.8 engaged)' },
      { part: 'nut', translate: [0, 0, -20], expect: 'blocked', why: 'held by the M8 thread of bolt' },
    ],
  });
  return { parts, mates: m, truth };
}

// ---------------------------------------------------------------------------
// clamped-stack: two plates clamped by an M10 bolt, washer and nut; the nut's bore is drawn
// at the M10 internal minor diameter (8.376), so bolt and nut overlap by 0.812 mm radially

export const CLAMPED_STACK = { lower: { z: [0, 10] }, upper: { z: [10, 18] }, xy: [[-25, 25], [-20, 20]], tip: -15 };

function buildClampedStack() {
  const S = SIZES.M10, W = S.washer, at = [0, 0];
  const { lower: L, upper: U, xy } = CLAMPED_STACK;
  const plate = (z) => box(xy[0], xy[1], z).cut(zCylinder(S.hole / 2, at, z[0] - 1, z[1] - z[0] + 2));
  const nutZ = L.z[0] - W.h - S.nutM;
  const parts = [
    { name: 'lower-plate', color: '#8c96a0', shape: plate(L.z) },
    { name: 'upper-plate', color: '#a0a8b0', shape: plate(U.z) },
    { name: 'bolt', color: '#d4af37', shape: hexBolt(S, at, U.z[1], CLAMPED_STACK.tip) },
    { name: 'washer', color: '#c0c0c0', shape: washerShape(W, at, L.z[0] - W.h) },
    { name: 'nut', color: '#b8860b', shape: nutShape(S, S.minor, at, nutZ) },
  ];
  const m = new ProfileMates();
  m.against('lower-plate', 'upper-plate', up, [xy[0][1] - 2, 0, L.z[1]], 'upper plate on the lower plate');
  seated(m, 'upper-plate', 'bolt', S, { top: U.z[1], holeZ: U.z[0], head: S.af });
  const c2 = m.coaxial('lower-plate', 'bolt', [0, 0, L.z[0]], up, S.hole / 2, S.d / 2, 'M10 shank in the lower plate hole (dia. 11)');
  m.list[c2].params.standard = 'M10 medium';
  const joint = washerAndNut(m, 'lower-plate', S, L.z[0], S.minor);
  const truth = truthDocument('clamped-stack', {
    roles: { 'lower-plate': null, 'upper-plate': null, bolt: { role: 'bolt', designation: 'M10' }, washer: { role: 'washer' }, nut: { role: 'nut', designation: 'M10' } },
    joints: [{ fastener: 'bolt', mate: 'nut', ...joint }],
    overlaps: [{ a: 'bolt', b: 'nut', class: 'thread', depth: (S.d - S.minor) / 2, note: 'thread at nominal in a bore at minor diameter' }],
    moves: [
      { part: 'upper-plate', translate: [0, 0, 30], expect: 'blocked', why: 'under the bolt head until the bolt is out' },
      { part: 'lower-plate', translate: [0, 0, -30], expect: 'blocked', why: 'on the washer and nut' },
      { part: 'nut', translate: [0, 0, -30], expect: 'blocked', why: 'held by the M10 thread of bolt' },
      { part: 'nut', screw: { axis: { point: [0, 0, 0], direction: down }, pitch: S.pitch, turns: 8 }, expect: 'free', why: 'unscrews off the tip (12 mm > 8.4 engaged)' },
    ],
  });
  return { parts, mates: m, truth };
}

// ---------------------------------------------------------------------------
// press-fit-pins: two Ø10 dowel pins pressed into Ø10 H7 holes of a block (drawn at 10.000):
// one at p6 (Ø10.02: 0.01 mm radial interference), one with a visible 0.05 mm (Ø10.10)

export const PRESS_FIT = { block: { x: [-30, 30], y: [-15, 15], z: [-20, 0] }, hole: 10, depth: 15, pins: [['pin-p6', -15, 10.02], ['pin-visible', 15, 10.1]], length: 20, inserted: 12 };

function buildPressFitPins() {
  const B = PRESS_FIT.block;
  let block = box(B.x, B.y, B.z);
  const parts = [];
  const m = new FastenerMates();
  const overlaps = [], moves = [], roles = { block: null };
  for (const [name, x, d] of PRESS_FIT.pins) {
    block = block.cut(zCylinder(PRESS_FIT.hole / 2, [x, 0], -PRESS_FIT.depth, PRESS_FIT.depth + 1));
    parts.push({ name, color: '#c0c0c0', shape: zCylinder(d / 2, [x, 0], -PRESS_FIT.inserted, PRESS_FIT.length) });
    m.pressFit('block', name, { point: [x, 0, -PRESS_FIT.inserted / 2], axis: up, radiusA: PRESS_FIT.hole / 2, radiusB: d / 2, length: PRESS_FIT.inserted }, `dia. ${d} pin pressed into the dia. 10 hole`);
    roles[name] = { role: 'pin' };
    overlaps.push({ a: 'block', b: name, class: 'press-fit', depth: Math.round(((d - PRESS_FIT.hole) / 2) * 1e6) / 1e6 });
    moves.push({ part: name, translate: [0, 0, 30], expect: 'free', why: 'press fit: the interference drawn at the start does not deepen as the pin slides out (a fitter drives it out with a press); the step names it as its starting overlap' });
  }
  parts.unshift({ name: 'block', color: '#8c96a0', shape: block });
  return { parts, mates: m, truth: truthDocument('press-fit-pins', { roles, joints: [], overlaps, moves }) };
}

// ---------------------------------------------------------------------------
// compressed-spring: a helical compression spring (wire Ø2, mean Ø16, pitch 6) drawn between
// two plates 0.2 mm closer than its free ends: it overlaps each plate by 0.2 mm

export const SPRING = { meanR: 8, wireR: 1, pitch: 6, height: 12, overlap: 0.2, plate: { x: [-15, 15], y: [-15, 15], t: 5 } };

function buildCompressedSpring() {
  const { meanR, wireR, pitch, height, overlap, plate: P } = SPRING;
  const helix = R.makeHelix(pitch, height, meanR);
  const tangent = [0, 2 * Math.PI * meanR, pitch];
  const section = R.assembleWire([R.makeCircle(wireR, [meanR, 0, 0], tangent)]);
  const spring = R.genericSweep(section, helix, { frenet: true });
  const bottomTop = -wireR + overlap, topBottom = height + wireR - overlap;
  const parts = [
    { name: 'base', color: '#8c96a0', shape: box(P.x, P.y, [bottomTop - P.t, bottomTop]) },
    { name: 'spring', color: '#708090', shape: spring },
    { name: 'cover', color: '#a0a8b0', shape: box(P.x, P.y, [topBottom, topBottom + P.t]) },
  ];
  const m = new FastenerMates();
  m.allowOverlap('base', 'spring');
  m.allowOverlap('spring', 'cover');
  m.compressed('base', 'spring', 'spring end drawn 0.2 mm into the base');
  m.compressed('cover', 'spring', 'spring end drawn 0.2 mm into the cover');
  const truth = truthDocument('compressed-spring', {
    roles: { base: null, spring: null, cover: null },
    overlaps: [
      { a: 'base', b: 'spring', class: 'spring-preload', depth: overlap },
      { a: 'cover', b: 'spring', class: 'spring-preload', depth: overlap },
    ],
    moves: [
      { part: 'cover', translate: [0, 0, 20], expect: 'free', why: 'lifting the cover only relieves the spring (the overlap does not deepen)' },
      { part: 'spring', translate: [0, 0, 5], expect: 'blocked', why: 'the cover is on it' },
    ],
  });
  return { parts, mates: m, truth };
}

/** Mates for the fastener samples: press fits and compressed springs are contacts that overlap by construction. */
class FastenerMates extends ProfileMates {
  pressFit(partA, partB, params, note) {
    this.allowOverlap(partA, partB);
    this.list.push({ kind: 'press-fit', partA, partB, params: { ...params, interference: params.radiusB - params.radiusA }, note });
  }

  compressed(partA, partB, note) {
    this.list.push({ kind: 'preload', partA, partB, params: {}, note });
  }
}

export const FASTENER_SAMPLES = [
  { name: 'bolt-nut', build: buildBoltNut, description: 'surfcd sample bolt-nut: M10 bolt and nut drawn at nominal through a clearance hole' },
  { name: 'screw-tapped', build: buildScrewTapped, description: 'surfcd sample screw-tapped: M6 socket head screw drawn at nominal in a 5 mm tap-drill hole' },
  { name: 'bolt-washer-nut', build: buildBoltWasherNut, description: 'surfcd sample bolt-washer-nut: M8 bolt, ISO 7089 washer, nut' },
  { name: 'clamped-stack', build: buildClampedStack, description: 'surfcd sample clamped-stack: two plates, M10 bolt, washer, nut drawn at minor diameter' },
  { name: 'press-fit-pins', build: buildPressFitPins, description: 'surfcd sample press-fit-pins: dia. 10 pins pressed 0.01 and 0.05 mm into H7 holes' },
  { name: 'compressed-spring', build: buildCompressedSpring, description: 'surfcd sample compressed-spring: helical spring drawn compressed between two plates' },
];
