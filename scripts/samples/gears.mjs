// Gear samples: a spur gear pair on pins of a plate, clocked (the teeth sit in
// the gaps, with backlash, no contact) and unclocked (the second gear turned by 0.3 of a
// tooth pitch, so the teeth interpenetrate slightly, as when a CAD user does not clock them).
// Imported by scripts/generate-samples.mjs.
import * as R from 'replicad';
import { pairKey } from '../lib/mates.mjs';
import { ProfileMates } from './fits.mjs';

class GearMates extends ProfileMates {
  constructor() {
    super();
    this.overlapping = new Set();
  }

  /**
   * A spur gear pair: pitch circles tangent (centre distance = m (zA + zB) / 2), parallel
   * axes. `contact`: the teeth touch (or interpenetrate: then the pair may overlap in volume).
   */
  gear(partA, partB, { axis, centerA, centerB, teethA, teethB, module, contact }, note) {
    const i = this.list.push({
      kind: 'gear',
      partA,
      partB,
      params: { axis, centerA, centerB, teethA, teethB, module, ratio: teethB / teethA, centerDistance: (module * (teethA + teethB)) / 2, contact },
      note,
    }) - 1;
    if (contact) this.overlapping.add(pairKey(partA, partB));
    return i;
  }

  /** Pairs whose volumes may overlap (unclocked gears); the generator's check allows these. */
  mayOverlap(a, b) {
    return this.overlapping.has(pairKey(a, b));
  }

  touchingPairs() {
    const pairs = super.touchingPairs();
    for (const m of this.list) if (m.kind === 'gear' && !m.params.contact) pairs.delete(pairKey(m.partA, m.partB));
    for (const m of this.list) if (m.kind === 'gear' && m.params.contact) pairs.add(pairKey(m.partA, m.partB));
    return pairs;
  }
}

export const GEARS = {
  module: 3,
  a: { teeth: 12, at: [0, 0] },
  b: { teeth: 20 }, // at (m (zA + zB) / 2, 0)
  thickness: 8,
  boreR: 5,
  plate: { x: [-25, 85], y: [-37, 37], z: [0, 5] },
  pinTop: 12, // pins Ø10 from the plate top to z = 12 (below the gear tops at 13)
  unclockedTurn: 0.3, // of a tooth pitch
};

/**
 * A spur gear along +z: `teeth` teeth of module m, tooth 0 centred on angle `phase` (rad).
 * Circular-arc flanks through the root, pitch and tip points (not involutes: the tooth count
 * and the pitch circle are what the recognizer reads); thinner than half a pitch (backlash).
 */
function spurGear(teeth, m, [cx, cy], phase, z0, thickness, boreR) {
  const r = (m * teeth) / 2, ra = r + m, rf = r - 1.25 * m;
  const half = Math.PI / (2 * teeth); // half a tooth pitch, as an angle
  const at = (radius, angle) => [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
  const [root, pitch, tip] = [1.1 * half, 0.8 * half, 0.45 * half];
  // one closed outline: per tooth, flank up, tip land, flank down, then the root land to the next tooth
  let pen = R.draw(at(rf, phase - root));
  for (let k = 0; k < teeth; k++) {
    const c = phase + (2 * Math.PI * k) / teeth;
    pen = pen
      .threePointsArcTo(at(ra, c - tip), at(r, c - pitch))
      .threePointsArcTo(at(ra, c + tip), at(ra, c))
      .threePointsArcTo(at(rf, c + root), at(r, c + pitch));
    const next = c + (2 * Math.PI) / teeth;
    if (k + 1 < teeth) pen = pen.threePointsArcTo(at(rf, next - root), at(rf, c + Math.PI / teeth));
  }
  const profile = pen.threePointsArcTo(at(rf, phase - root), at(rf, phase - Math.PI / teeth)).close();
  return profile.sketchOnPlane('XY', z0).extrude(thickness).cut(R.makeCylinder(boreR, thickness + 2, [cx, cy, z0 - 1], [0, 0, 1]));
}

function buildGears(clocked) {
  const G = GEARS;
  const m = G.module;
  const distance = (m * (G.a.teeth + G.b.teeth)) / 2;
  const [ax, ay] = G.a.at;
  const b = [ax + distance, ay];
  const top = G.plate.z[1];
  const pitchB = (2 * Math.PI) / G.b.teeth;
  // gear a has a tooth on +x (towards b); gear b a gap on -x (clocked), or turned on from there
  const phaseB = Math.PI + pitchB / 2 + (clocked ? 0 : G.unclockedTurn * pitchB);
  const gearA = spurGear(G.a.teeth, m, G.a.at, 0, top, G.thickness, G.boreR);
  const gearB = spurGear(G.b.teeth, m, b, phaseB, top, G.thickness, G.boreR);
  const P = G.plate;
  const plate = R.makeBox([P.x[0], P.y[0], P.z[0]], [P.x[1], P.y[1], P.z[1]])
    .fuse(R.makeCylinder(G.boreR, G.pinTop - top + 1, [ax, ay, top - 1], [0, 0, 1]))
    .fuse(R.makeCylinder(G.boreR, G.pinTop - top + 1, [b[0], b[1], top - 1], [0, 0, 1]));
  const parts = [
    { name: 'plate', color: '#708090', shape: plate },
    { name: 'gear-a', color: '#b8860b', shape: gearA },
    { name: 'gear-b', color: '#4682b4', shape: gearB },
  ];
  const mates = new GearMates();
  const up = [0, 0, 1];
  for (const [name, [x, y], teeth] of [['gear-a', G.a.at, G.a.teeth], ['gear-b', b, G.b.teeth]]) {
    const rf = (m * teeth) / 2 - 1.25 * m;
    // the gear holds the hole: it is partA of all three (the against normal points out of the gear)
    const a = mates.against(name, 'plate', [0, 0, -1], [x, y + (G.boreR + rf) / 2, top], `${name} face on the plate`);
    const c = mates.coaxial(name, 'plate', [x, y, top], up, G.boreR, G.boreR, `${name} on its pin`);
    mates.insert(c, a, `${name} on its pin, seated on the plate`);
  }
  const mid = top + G.thickness / 2;
  mates.gear(
    'gear-a',
    'gear-b',
    { axis: up, centerA: [ax, ay, mid], centerB: [b[0], b[1], mid], teethA: G.a.teeth, teethB: G.b.teeth, module: m, contact: !clocked },
    clocked ? `${G.a.teeth}:${G.b.teeth} spur pair, clocked (teeth in the gaps, backlash)` : `${G.a.teeth}:${G.b.teeth} spur pair, not clocked (gear-b turned ${G.unclockedTurn} pitch: teeth interpenetrate)`,
  );
  // the unclocked pair's ground truth beyond mates (scripts/samples/fasteners.mjs): an overlap by construction, not a clash
  const truth = clocked ? undefined : {
    schema: 'surfcd/fastener-truth@1', units: 'mm', sample: 'gear-pair-unclocked',
    roles: { plate: null, 'gear-a': null, 'gear-b': null },
    joints: [],
    overlaps: [{ a: 'gear-a', b: 'gear-b', class: 'gear-mesh', depth: null, note: `gear-b turned ${G.unclockedTurn} of a tooth pitch from clocked: the teeth interpenetrate` }],
    moves: [
      { part: 'gear-a', translate: [0, 0, 20], expect: 'free', why: 'lifts off its pin along the teeth (the mesh overlap does not deepen)' },
      { part: 'gear-b', translate: [0, 0, 20], expect: 'free', why: 'lifts off its pin along the teeth' },
      { part: 'gear-a', translate: [10, 0, 0], expect: 'blocked', why: 'on its pin' },
    ],
  };
  return { parts, mates, truth };
}

export const GEAR_SAMPLES = [
  { name: 'gear-pair', build: () => buildGears(true), description: 'surfcd sample gear-pair: 12:20 spur gears on pins, clocked' },
  { name: 'gear-pair-unclocked', build: () => buildGears(false), description: 'surfcd sample gear-pair-unclocked: 12:20 spur gears on pins, teeth interpenetrating' },
];
