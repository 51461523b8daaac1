// Samples: standard clearance holes, prismatic bores, a filleted lid.
// Imported by scripts/generate-samples.mjs (SAMPLES); each build() returns { parts, mates }
// from one table of numbers, like the samples there.
import * as R from 'replicad';
import { Mates } from '../lib/mates.mjs';
import { hexPrism, zCylinder } from '../lib/shapes.mjs';


/** Mates with the kinds of this module: coaxial with a prismatic `profile`, and `gear`. */
export class ProfileMates extends Mates {
  /** A coaxial mate whose bore locks rotation: radii are the inscribed radii (flats) or the round radii (double-D). */
  profiled(partA, partB, point, axis, radiusA, radiusB, profile, note) {
    const i = this.coaxial(partA, partB, point, axis, radiusA, radiusB, note);
    this.list[i].params.profile = profile;
    return i;
  }
}

// ---------------------------------------------------------------------------
// clearance-holes: nine bolts in ISO 273 holes, M3 to M24, each series three times

export const CLEARANCE_HOLES = {
  plate: { x: [-10, 250], y: [-30, 30], z: [0, 12] },
  // size, nominal d, series, hole diameter (ISO 273), head across flats, x position
  bolts: [
    ['M3', 3, 'fine', 3.2, 5.5, 0],
    ['M4', 4, 'medium', 4.5, 7, 14],
    ['M6', 6, 'coarse', 7, 10, 30],
    ['M8', 8, 'fine', 8.4, 13, 50],
    ['M10', 10, 'medium', 11, 16, 74],
    ['M12', 12, 'coarse', 14.5, 18, 100],
    ['M16', 16, 'fine', 17, 24, 132],
    ['M20', 20, 'medium', 22, 30, 172],
    ['M24', 24, 'coarse', 28, 36, 220],
  ],
  head: 0.6, // head height = 0.6 d
  below: 3, // the shank ends this far below the plate
};

function buildClearanceHoles() {
  const { plate: P, bolts, head, below } = CLEARANCE_HOLES;
  let plate = R.makeBox([P.x[0], P.y[0], P.z[0]], [P.x[1], P.y[1], P.z[1]]);
  const parts = [];
  const m = new ProfileMates();
  const up = [0, 0, 1];
  const top = P.z[1];
  for (const [size, d, series, hole, af, x] of bolts) {
    plate = plate.cut(zCylinder(hole / 2, [x, 0], P.z[0] - 1, P.z[1] - P.z[0] + 2));
    const name = `bolt-${size.toLowerCase()}-${series}`;
    const bolt = hexPrism(af, [x, 0], top, head * d).fuse(zCylinder(d / 2, [x, 0], P.z[0] - below, top - P.z[0] + below + 1));
    parts.push({ name, color: '#d4af37', shape: bolt });
    // the contact annulus between the hole and the flats, on +x
    const a = m.against('plate', name, up, [x + (hole / 2 + af / 2) / 2, 0, top], `${size} head on the plate top`);
    const c = m.coaxial('plate', name, [x, 0, P.z[0]], up, hole / 2, d / 2, `${size} shank in its ISO 273 ${series} hole (dia. ${hole})`);
    m.list[c].params.standard = `${size} ${series}`;
    m.insert(c, a, `${size} bolt inserted, head seated`);
  }
  parts.unshift({ name: 'plate', color: '#8c96a0', shape: plate });
  return { parts, mates: m };
}

// ---------------------------------------------------------------------------
// prismatic-bores: a hex shaft in a hex bore (0.05 clearance), a square shaft in a square
// bore (exact), a double-D shaft in a double-D bore (exact), an 8-key spline shaft in its hub
// (exact); the four pairs far apart

export const PRISMATIC = {
  hex: { at: [0, 0], af: 12.7, clearance: 0.05, shaftZ: [-20, 40], hubR: 20, hubZ: [0, 16] }, // 1/2" hex
  square: { at: [60, 0], side: 10, shaftZ: [-20, 40], hubR: 16, hubZ: [0, 14] },
  doubleD: { at: [120, 0], r: 6, flat: 4.5, shaftZ: [-20, 40], hubR: 15, hubZ: [0, 12] }, // flats at y = ±4.5
  spline: { at: [190, 0], teeth: 8, minorR: 16, majorR: 18, width: 6, shaftZ: [-20, 40], hubR: 28, hubZ: [0, 20] }, // ISO 14 8 x 32 x 36
};

/** Straight-sided spline outline along +z: `teeth` keys of `width` from the minor to the major circle. */
function splinePrism({ teeth, minorR, majorR, width }, [cx, cy], z0, h) {
  const at = (r, a) => [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  const aRoot = Math.asin(width / 2 / minorR), aTip = Math.asin(width / 2 / majorR);
  const step = (2 * Math.PI) / teeth;
  let pen = R.draw(at(minorR, -aRoot));
  for (let k = 0; k < teeth; k++) {
    const c = k * step;
    pen = pen.lineTo(at(majorR, c - aTip)).threePointsArcTo(at(majorR, c + aTip), at(majorR, c)).lineTo(at(minorR, c + aRoot));
    if (k + 1 < teeth) pen = pen.threePointsArcTo(at(minorR, c + step - aRoot), at(minorR, c + step / 2));
  }
  return pen.threePointsArcTo(at(minorR, -aRoot), at(minorR, -step / 2)).close().sketchOnPlane('XY', z0).extrude(h);
}

function doubleDPrism(r, flat, [cx, cy], z0, h) {
  const x = Math.sqrt(r * r - flat * flat);
  return R.draw([cx - x, cy - flat])
    .lineTo([cx + x, cy - flat])
    .threePointsArcTo([cx + x, cy + flat], [cx + r, cy])
    .lineTo([cx - x, cy + flat])
    .threePointsArcTo([cx - x, cy - flat], [cx - r, cy])
    .close()
    .sketchOnPlane('XY', z0)
    .extrude(h);
}

function buildPrismaticBores() {
  const { hex: H, square: S, doubleD: D, spline: P } = PRISMATIC;
  const up = [0, 0, 1];
  const span = (z) => [z[0], z[1] - z[0]];
  const hub = (r, at, z) => zCylinder(r, at, ...span(z));
  const hexShaft = hexPrism(H.af - 2 * H.clearance, H.at, ...span(H.shaftZ));
  const hexHub = hub(H.hubR, H.at, H.hubZ).cut(hexPrism(H.af, H.at, H.hubZ[0] - 1, H.hubZ[1] - H.hubZ[0] + 2));
  const square = (side, z0, h) => R.makeBox([S.at[0] - side / 2, S.at[1] - side / 2, z0], [S.at[0] + side / 2, S.at[1] + side / 2, z0 + h]);
  const squareShaft = square(S.side, ...span(S.shaftZ));
  const squareHub = hub(S.hubR, S.at, S.hubZ).cut(square(S.side, S.hubZ[0] - 1, S.hubZ[1] - S.hubZ[0] + 2));
  const ddShaft = doubleDPrism(D.r, D.flat, D.at, ...span(D.shaftZ));
  const ddHub = hub(D.hubR, D.at, D.hubZ).cut(doubleDPrism(D.r, D.flat, D.at, D.hubZ[0] - 1, D.hubZ[1] - D.hubZ[0] + 2));
  const splineShaft = splinePrism(P, P.at, ...span(P.shaftZ));
  const splineHub = hub(P.hubR, P.at, P.hubZ).cut(splinePrism(P, P.at, P.hubZ[0] - 1, P.hubZ[1] - P.hubZ[0] + 2));
  const parts = [
    { name: 'hex-shaft', color: '#c0c0c0', shape: hexShaft },
    { name: 'hex-hub', color: '#cd853f', shape: hexHub },
    { name: 'square-shaft', color: '#a9a9a9', shape: squareShaft },
    { name: 'square-hub', color: '#deb887', shape: squareHub },
    { name: 'dd-shaft', color: '#b0c4de', shape: ddShaft },
    { name: 'dd-hub', color: '#bc8f8f', shape: ddHub },
    { name: 'spline-shaft', color: '#778899', shape: splineShaft },
    { name: 'spline-hub', color: '#daa520', shape: splineHub },
  ];
  const m = new ProfileMates();
  m.profiled('hex-hub', 'hex-shaft', [...H.at, 0], up, H.af / 2, H.af / 2 - H.clearance, 'hex', '1/2" hex shaft in a hex bore, 0.05 clearance on the flats');
  m.profiled('square-hub', 'square-shaft', [...S.at, 0], up, S.side / 2, S.side / 2, 'square', 'square shaft in a square bore, exact');
  m.profiled('dd-hub', 'dd-shaft', [...D.at, 0], up, D.r, D.r, 'double-d', 'double-D shaft in a double-D bore, exact');
  const spline = m.profiled('spline-hub', 'spline-shaft', [...P.at, 0], up, P.majorR, P.majorR, 'spline', '8-key straight spline shaft in its hub (ISO 14 8 x 32 x 36), exact');
  m.list[spline].params.teeth = P.teeth;
  return { parts, mates: m };
}

// ---------------------------------------------------------------------------
// filleted-lid: an open box whose rim edges are rounded, and a lid with rounded bottom
// edges resting on the rim: one `against`, whatever the fillets touch

export const FILLETED_LID = {
  box: { x: [-40, 40], y: [-30, 30], z: [0, 30], wall: 3, outerFillet: 1, innerFillet: 0.5 },
  lid: { z: [30, 34], fillet: 1 },
};

function buildFilletedLid() {
  const { box: B, lid: L } = FILLETED_LID;
  const top = B.z[1];
  const w = B.wall;
  const box = R.makeBox([B.x[0], B.y[0], B.z[0]], [B.x[1], B.y[1], B.z[1]])
    .cut(R.makeBox([B.x[0] + w, B.y[0] + w, B.z[0] + w], [B.x[1] - w, B.y[1] - w, B.z[1] + 1]))
    .fillet((e) => {
      // the rim's edges: outer ones on the box sides, inner ones on the cavity walls
      const [p, q] = [e.startPoint, e.endPoint];
      if (Math.abs(p.z - top) > 1e-6 || Math.abs(q.z - top) > 1e-6) return null;
      const on = (k, v) => Math.abs(p[k] - v) < 1e-6 && Math.abs(q[k] - v) < 1e-6;
      if (on('x', B.x[0]) || on('x', B.x[1]) || on('y', B.y[0]) || on('y', B.y[1])) return B.outerFillet;
      return B.innerFillet;
    });
  const lid = R.makeBox([B.x[0], B.y[0], L.z[0]], [B.x[1], B.y[1], L.z[1]]).fillet(L.fillet, (e) => e.inPlane('XY', L.z[0]));
  const parts = [
    { name: 'box', color: '#2f4f4f', shape: box },
    { name: 'lid', color: '#87ceeb', shape: lid },
  ];
  const m = new ProfileMates();
  // a point on the rim, between the inner and outer fillets
  m.against('box', 'lid', [0, 0, 1], [B.x[1] - w / 2, 0, top], 'lid on the rim (the fillets of both only add line contacts on the same plane)');
  return { parts, mates: m };
}

export const FIT_SAMPLES = [
  { name: 'clearance-holes', build: buildClearanceHoles, description: 'surfcd sample clearance-holes: M3-M24 bolts in ISO 273 fine/medium/coarse holes' },
  { name: 'prismatic-bores', build: buildPrismaticBores, description: 'surfcd sample prismatic-bores: hex, square, double-D and spline shafts in matching bores' },
  { name: 'filleted-lid', build: buildFilletedLid, description: 'surfcd sample filleted-lid: a lid with rounded edges on a box with a rounded rim' },
];
