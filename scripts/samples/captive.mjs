// captive-nut: the two cases of a nut that a fitter cannot simply run off along its bolt and
// pull out along the axis, side by side on one plate (as on laser-cut plate assemblies):
// - an M6 nut held in a hex pocket cut into the plate's underside: it cannot turn, so its
//   socket head screw is turned out of it from above, and the nut drops out of its pocket
//   once nothing holds it;
// - an M10 nut on a bolt whose axis runs into the base block 1.2 mm below where the nut
//   comes off the bolt's tip: the nut turns off, then leaves sideways.
// Ground truth in captive-nut.truth.json (fastener roles, joints, the fitter's moves).
import * as R from 'replicad';
import { ProfileMates } from './fits.mjs';
import { SIZES, TRUTH_SCHEMA } from './fasteners.mjs';
import { hexPrism, zCylinder } from '../lib/shapes.mjs';

const up = [0, 0, 1];
const down = [0, 0, -1];
const box = (x, y, z) => R.makeBox([x[0], y[0], z[0]], [x[1], y[1], z[1]]);

// ISO 4032 M6 nut: 10 across flats, 5.2 high
const M6_NUT = { af: 10, m: 5.2 };

export const CAPTIVE_NUT = {
  plate: { x: [-40, 40], y: [-25, 25], z: [0, 10] },
  base: { x: [-40, 40], y: [-25, 25], z: [-42, -22] },
  screwAt: [-20, 0],
  screwTip: -2,
  boltAt: [20, 0],
  boltTip: -12,
};

function buildCaptiveNut() {
  const C = CAPTIVE_NUT, P = C.plate, M6 = SIZES.M6, M10 = SIZES.M10;
  const top = P.z[1];
  const plate = box(P.x, P.y, P.z)
    .cut(zCylinder(M6.hole / 2, C.screwAt, P.z[0] - 1, top - P.z[0] + 2))
    .cut(hexPrism(M6_NUT.af, C.screwAt, P.z[0] - 1, M6_NUT.m + 1))
    .cut(zCylinder(M10.hole / 2, C.boltAt, P.z[0] - 1, top - P.z[0] + 2));
  const { dk, k, s, t } = M6.socketHead;
  const screw = zCylinder(dk / 2, C.screwAt, top, k).cut(hexPrism(s, C.screwAt, top + k - t, t + 1)).fuse(zCylinder(M6.d / 2, C.screwAt, C.screwTip, top - C.screwTip));
  const nutM6 = hexPrism(M6_NUT.af, C.screwAt, P.z[0], M6_NUT.m).cut(zCylinder(M6.d / 2, C.screwAt, P.z[0] - 1, M6_NUT.m + 2));
  const bolt = hexPrism(M10.af, C.boltAt, top, M10.k).fuse(zCylinder(M10.d / 2, C.boltAt, C.boltTip, top - C.boltTip));
  const nutM10 = hexPrism(M10.af, C.boltAt, P.z[0] - M10.nutM, M10.nutM).cut(zCylinder(M10.d / 2, C.boltAt, P.z[0] - M10.nutM - 1, M10.nutM + 2));
  const parts = [
    { name: 'base', color: '#707880', shape: box(C.base.x, C.base.y, C.base.z) },
    { name: 'plate', color: '#8c96a0', shape: plate },
    { name: 'screw-m6', color: '#303030', shape: screw },
    { name: 'nut-m6', color: '#b8860b', shape: nutM6 },
    { name: 'bolt-m10', color: '#d4af37', shape: bolt },
    { name: 'nut-m10', color: '#b8860b', shape: nutM10 },
  ];
  const [sx, sy] = C.screwAt, [bx, by] = C.boltAt;
  const m = new ProfileMates();
  m.against('plate', 'screw-m6', up, [sx + (M6.hole / 2 + dk / 2) / 2, sy, top], 'screw head on the plate');
  m.coaxial('plate', 'screw-m6', [sx, sy, P.z[0]], up, M6.hole / 2, M6.d / 2, 'M6 shank in its dia. 6.6 hole');
  m.against('plate', 'nut-m6', down, [sx, sy + (M6.d / 2 + M6_NUT.af / 2) / 2, M6_NUT.m], 'nut against the pocket ceiling');
  const screwJoint = { point: [sx, sy, M6_NUT.m / 2], axis: down, nominal: 6, pitch: M6.pitch, engagement: M6_NUT.m, drawn: 'nominal', bore: 6 };
  m.threaded('nut-m6', 'screw-m6', screwJoint, 'M6 nut in its hex pocket on the screw, bore at nominal');
  m.against('plate', 'bolt-m10', up, [bx + (M10.hole / 2 + M10.af / 2) / 2, by, top], 'bolt head on the plate');
  m.coaxial('plate', 'bolt-m10', [bx, by, P.z[0]], up, M10.hole / 2, M10.d / 2, 'M10 shank in its dia. 11 hole');
  m.against('plate', 'nut-m10', down, [bx + (M10.hole / 2 + M10.af / 2) / 2, by, P.z[0]], 'nut on the plate bottom');
  const boltJoint = { point: [bx, by, P.z[0] - M10.nutM / 2], axis: down, nominal: 10, pitch: M10.pitch, engagement: M10.nutM, drawn: 'nominal', bore: 10 };
  m.threaded('nut-m10', 'bolt-m10', boltJoint, 'M10 nut on the bolt, bore at nominal');
  const truth = {
    schema: TRUTH_SCHEMA,
    units: 'mm',
    sample: 'captive-nut',
    roles: { base: null, plate: null, 'screw-m6': { role: 'screw', designation: 'M6' }, 'nut-m6': { role: 'nut', designation: 'M6' }, 'bolt-m10': { role: 'bolt', designation: 'M10' }, 'nut-m10': { role: 'nut', designation: 'M10' } },
    joints: [
      { fastener: 'screw-m6', mate: 'nut-m6', ...screwJoint },
      { fastener: 'bolt-m10', mate: 'nut-m10', ...boltJoint },
    ],
    overlaps: [],
    moves: [
      { part: 'nut-m6', screw: { axis: { point: [sx, sy, 0], direction: down }, pitch: M6.pitch, turns: 1 }, expect: 'blocked', why: 'its hex pocket stops it turning' },
      { part: 'nut-m6', translate: [0, 0, -10], expect: 'blocked', why: 'held by the M6 thread of screw-m6' },
      { part: 'screw-m6', screw: { axis: { point: [sx, sy, 0], direction: up }, pitch: M6.pitch, turns: 8 }, expect: 'free', why: 'turns out of the captive nut (8 mm > the 7.2 mm from the nut top to the tip)' },
      { part: 'nut-m10', screw: { axis: { point: [bx, by, 0], direction: down }, pitch: M10.pitch, turns: 8.25 }, expect: 'free', why: 'runs off the tip (12.4 mm > 12) and stops 1.2 mm above the base' },
      { part: 'nut-m10', translate: [0, 0, -20], expect: 'blocked', why: 'held by the M10 thread of bolt-m10' },
    ],
  };
  return { parts, mates: m, truth };
}

export const CAPTIVE_SAMPLES = [
  { name: 'captive-nut', build: buildCaptiveNut, description: 'surfcd sample captive-nut: M6 nut in a hex pocket, M10 nut whose bolt axis runs into the base' },
];
