// spring: a helical compression spring (a circle swept along a helix, as CAD systems draw
// one) on a guide rod between two discs. It is the import-timing sample: the spring's swept
// B-spline face is most of the triangles and most of occt's meshing time. The spring is drawn
// free (clearances to the rod and both discs), so the only contacts are the rod's end faces.
import * as R from 'replicad';
import { Mates } from '../lib/mates.mjs';
import { zCylinder } from '../lib/shapes.mjs';

export const SPRING = {
  disc: { r: 20, t: 5 },
  rod: { r: 4, length: 55 },
  coil: { meanR: 8, wireR: 1, pitch: 5, turns: 10, gap: 0.5 },
};

function buildSpring() {
  const { disc, rod, coil } = SPRING;
  const rodTop = disc.t + rod.length;
  const z0 = disc.t + coil.gap + coil.wireR; // centre line of the wire at the start
  const helix = R.makeHelix(coil.pitch, coil.pitch * coil.turns, coil.meanR, [0, 0, z0], [0, 0, 1]);
  // The wire's circle sits at the helix start, in the plane normal to the helix there.
  const lead = Math.atan2(coil.pitch, 2 * Math.PI * coil.meanR);
  const profile = R.assembleWire([R.makeCircle(coil.wireR, [coil.meanR, 0, z0], [0, Math.cos(lead), Math.sin(lead)])]);
  const spring = R.genericSweep(profile, helix, { frenet: true });
  const parts = [
    { name: 'base', color: '#708090', shape: zCylinder(disc.r, [0, 0], 0, disc.t) },
    { name: 'rod', color: '#c0c0c0', shape: zCylinder(rod.r, [0, 0], disc.t, rod.length) },
    { name: 'spring', color: '#cd853f', shape: spring },
    { name: 'cap', color: '#708090', shape: zCylinder(disc.r, [0, 0], rodTop, disc.t) },
  ];
  const m = new Mates();
  m.against('base', 'rod', [0, 0, 1], [rod.r / 2, 0, disc.t], 'rod standing on the base');
  m.against('rod', 'cap', [0, 0, 1], [rod.r / 2, 0, rodTop], 'cap resting on the rod end');
  return { parts, mates: m };
}

export const SPRING_SAMPLES = [
  { name: 'spring', build: buildSpring, description: 'surfcd sample spring: helical compression spring on a guide rod between two discs' },
];
