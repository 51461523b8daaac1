// The first samples: rig, shaft-bearings, ball-joint, cone-seat and rotated-rig. Each build()
// returns { parts, mates } from one table of numbers, so solids and mates cannot drift apart.
import * as R from 'replicad';
import { Mates } from '../lib/mates.mjs';
import { rigid, translation, toColumnMajor, normalize } from '../lib/vec3.mjs';
import { hexPrism, zCylinder, revolveZ, revolveZHalves, place } from '../lib/shapes.mjs';

// ---------------------------------------------------------------------------
// rig: plate + bolt/nut, flanged bearing ring + shouldered shaft, pin in a slot

const RIG = {
  plate: { x: [-60, 60], y: [-40, 40], z: [0, 10] }, // 120 x 80 x 10
  bolt: {
    at: [-38, 0],
    holeR: 5.25, // Ø10.5 clearance hole
    shankR: 5, // Ø10 shank
    shankZ: [-12, 10], // 4 mm protrude below the nut
    headAF: 16, // hex across flats
    headZ: [10, 17], // seated on the plate top
  },
  nut: { af: 16, z: [-8, 0], boreR: 5 }, // flat against the plate bottom, bore = shank
  bearing: {
    at: [0, 0],
    boreR: 15, // Ø30 bore in the plate = ring outer Ø
    innerR: 10, // Ø20 = shaft Ø
    bodyZ: [0, 10], // flush with the plate bottom
    flangeR: 20, // Ø40 flange seated on the plate top
    flangeZ: [10, 13],
  },
  shaft: { r: 10, z: [-15, 13], shoulderR: 13, shoulderZ: [13, 30] }, // shoulder on the flange
  slot: { at: [38, 0], width: 8, length: 24 }, // stadium along y, through the plate
  pin: { r: 4, z: [-5, 10], headR: 7, headZ: [10, 13] }, // Ø8 = slot width, head on the plate top
};

export function buildRig() {
  const { plate: P, bolt: B, nut: N, bearing: G, shaft: S, slot: L, pin: Q } = RIG;
  const [bx, by] = B.at;
  const [gx, gy] = G.at;
  const [sx, sy] = L.at;
  const zTop = P.z[1];
  const zBot = P.z[0];
  const half = L.width / 2;
  const straight = L.length / 2 - half; // half length of the straight flanks

  // plate
  const slotTool = R.draw([sx - half, sy - straight])
    .lineTo([sx - half, sy + straight])
    .threePointsArcTo([sx + half, sy + straight], [sx, sy + straight + half])
    .lineTo([sx + half, sy - straight])
    .threePointsArcTo([sx - half, sy - straight], [sx, sy - straight - half])
    .close()
    .sketchOnPlane('XY', zBot - 1)
    .extrude(P.z[1] - P.z[0] + 2);
  const plate = R.makeBox([P.x[0], P.y[0], P.z[0]], [P.x[1], P.y[1], P.z[1]])
    .cut(zCylinder(B.holeR, B.at, zBot - 1, zTop - zBot + 2))
    .cut(zCylinder(G.boreR, G.at, zBot - 1, zTop - zBot + 2))
    .cut(slotTool);

  // bolt: hex head + shank (the shank runs into the head so the fuse has no coplanar faces)
  const bolt = hexPrism(B.headAF, B.at, B.headZ[0], B.headZ[1] - B.headZ[0]).fuse(
    zCylinder(B.shankR, B.at, B.shankZ[0], B.shankZ[1] - B.shankZ[0] + 2),
  );
  const nut = hexPrism(N.af, B.at, N.z[0], N.z[1] - N.z[0]).cut(zCylinder(N.boreR, B.at, N.z[0] - 1, N.z[1] - N.z[0] + 2));

  const bearing = revolveZ(
    [
      [G.innerR, G.bodyZ[0]],
      [G.boreR, G.bodyZ[0]],
      [G.boreR, G.bodyZ[1]],
      [G.flangeR, G.flangeZ[0]],
      [G.flangeR, G.flangeZ[1]],
      [G.innerR, G.flangeZ[1]],
    ],
    G.at,
  );
  const shaft = revolveZ(
    [
      [0, S.z[0]],
      [S.r, S.z[0]],
      [S.r, S.z[1]],
      [S.shoulderR, S.shoulderZ[0]],
      [S.shoulderR, S.shoulderZ[1]],
      [0, S.shoulderZ[1]],
    ],
    G.at,
  );
  const pin = revolveZHalves(
    [
      [0, Q.z[0]],
      [Q.r, Q.z[0]],
      [Q.r, Q.z[1]],
      [Q.headR, Q.headZ[0]],
      [Q.headR, Q.headZ[1]],
      [0, Q.headZ[1]],
    ],
    L.at,
  );

  const parts = [
    { name: 'plate', color: '#8c96a0', shape: plate },
    { name: 'bolt', color: '#d4af37', shape: bolt },
    { name: 'nut', color: '#b8860b', shape: nut },
    { name: 'bearing', color: '#4682b4', shape: bearing },
    { name: 'shaft', color: '#c0c0c0', shape: shaft },
    { name: 'pin', color: '#b22222', shape: pin },
  ];

  const up = [0, 0, 1];
  const m = new Mates();
  // a point in the annulus where the hex faces meet the plate (between hole and flats)
  const rHex = (B.holeR + B.headAF / 2) / 2;
  const a1 = m.against('plate', 'bolt', up, [bx + rHex, by, zTop], 'bolt head underside on plate top');
  const c1 = m.coaxial('plate', 'bolt', [bx, by, zBot], up, B.holeR, B.shankR, 'bolt shank in the dia. 10.5 clearance hole (0.25 radial gap, no contact)');
  m.insert(c1, a1, 'bolt inserted in the plate hole, head seated');
  m.against('plate', 'nut', [0, 0, -1], [bx + rHex, by, zBot], 'nut face on plate bottom');
  m.threaded('nut', 'bolt', { point: [bx, by, (N.z[0] + N.z[1]) / 2], axis: [0, 0, -1], nominal: 2 * N.boreR, pitch: 1.5, engagement: N.z[1] - N.z[0], drawn: 'nominal', bore: 2 * N.boreR }, 'M10 nut on the bolt, its bore drawn at the nominal diameter (= shank): a thread, the nut unscrews');
  const c2 = m.coaxial('plate', 'bearing', [gx, gy, zBot], up, G.boreR, G.boreR, 'bearing ring pressed in the plate bore');
  const a2 = m.against('plate', 'bearing', up, [gx + (G.boreR + G.flangeR) / 2, gy, zTop], 'bearing flange underside on plate top');
  m.insert(c2, a2, 'bearing ring inserted in the plate bore, flange seated');
  const c3 = m.coaxial('bearing', 'shaft', [gx, gy, zBot], up, G.innerR, S.r, 'shaft in the bearing ring (shaft dia. = ring inner dia.)');
  const a3 = m.against('bearing', 'shaft', up, [gx + (S.r + S.shoulderR) / 2, gy, G.flangeZ[1]], 'shaft shoulder on bearing flange top');
  m.insert(c3, a3, 'shaft inserted in the bearing, shoulder seated');
  m.against('plate', 'pin', up, [sx + (Q.r + Q.headR) / 2, sy, zTop], 'pin head underside on plate top');
  const zMid = (zBot + zTop) / 2;
  m.tangent('plate', 'pin', [1, 0, 0], [sx - half, sy, zMid], [sx, sy, zBot], up, Q.r, 'pin touches the -x slot flank');
  m.tangent('plate', 'pin', [-1, 0, 0], [sx + half, sy, zMid], [sx, sy, zBot], up, Q.r, 'pin touches the +x slot flank');
  return { parts, mates: m };
}

// ---------------------------------------------------------------------------
// shaft-bearings: housing with two bores, two flanged rings, shaft, keyed hub

const SHAFT_BEARINGS = {
  housing: {
    base: { x: [-50, 50], y: [-30, 30], z: [-40, -30] },
    walls: [[-50, -38], [38, 50]], // x ranges; y [-30, 30], z [-30, 30]
    wallYZ: { y: [-30, 30], z: [-30, 30] },
    boreR: 16, // Ø32 along x through both walls (axis y = z = 0)
  },
  bearing: { outerR: 16, innerR: 10, width: 12, flangeR: 21, flangeT: 3 }, // flange outside the wall
  shaft: { r: 10, x: [-70, 70], keyway: { x: [-8, 8], y: [-3, 3], floorZ: 6.5 } },
  hub: { r: 25, boreR: 10, x: [-10, 10], keyway: { y: [-3, 3], roofZ: 12.5 } },
  key: { x: [-8, 8], y: [-3, 3], z: [6.5, 12.5] }, // 16 x 6 x 6, fills the shaft keyway
};

export function buildShaftBearings() {
  const { housing: H, bearing: G, shaft: S, hub: U, key: K } = SHAFT_BEARINGS;
  const X = [1, 0, 0];
  let housing = R.makeBox([H.base.x[0], H.base.y[0], H.base.z[0]], [H.base.x[1], H.base.y[1], H.base.z[1]]);
  for (const [x0, x1] of H.walls) {
    // walls reach 1 mm into the base: the fuse sees a volume overlap, not just a shared face
    housing = housing.fuse(R.makeBox([x0, H.wallYZ.y[0], H.base.z[1] - 1], [x1, H.wallYZ.y[1], H.wallYZ.z[1]]));
  }
  housing = housing.cut(R.makeCylinder(H.boreR, 140, [-70, 0, 0], X));

  // a ring along local +z: flange in z [-flangeT, 0], body in z [0, width]
  const ring = () =>
    revolveZ([
      [G.innerR, -G.flangeT],
      [G.flangeR, -G.flangeT],
      [G.flangeR, 0],
      [G.outerR, 0],
      [G.outerR, G.width],
      [G.innerR, G.width],
    ]);
  const [left, right] = H.walls;
  const bearing1 = place(ring(), { axis: [0, 1, 0], deg: 90, t: [left[0], 0, 0] }); // local z -> +x
  const bearing2 = place(ring(), { axis: [0, 1, 0], deg: -90, t: [right[1], 0, 0] }); // local z -> -x

  const kw = S.keyway;
  const shaft = R.makeCylinder(S.r, S.x[1] - S.x[0], [S.x[0], 0, 0], X).cut(
    R.makeBox([kw.x[0], kw.y[0], kw.floorZ], [kw.x[1], kw.y[1], S.r + 1]),
  );
  const hub = R.makeCylinder(U.r, U.x[1] - U.x[0], [U.x[0], 0, 0], X)
    .cut(R.makeCylinder(U.boreR, U.x[1] - U.x[0] + 2, [U.x[0] - 1, 0, 0], X))
    .cut(R.makeBox([U.x[0] - 1, U.keyway.y[0], 0], [U.x[1] + 1, U.keyway.y[1], U.keyway.roofZ]));
  const key = R.makeBox([K.x[0], K.y[0], K.z[0]], [K.x[1], K.y[1], K.z[1]]);

  const parts = [
    { name: 'housing', color: '#708090', shape: housing },
    { name: 'bearing-1', color: '#4682b4', shape: bearing1 },
    { name: 'bearing-2', color: '#5f9ea0', shape: bearing2 },
    { name: 'shaft', color: '#c0c0c0', shape: shaft },
    { name: 'hub', color: '#cd853f', shape: hub },
    { name: 'key', color: '#2f4f4f', shape: key },
  ];

  const m = new Mates();
  const o = [0, 0, 0];
  const midFlange = (G.outerR + G.flangeR) / 2;
  const c1 = m.coaxial('housing', 'bearing-1', o, X, H.boreR, G.outerR, 'bearing-1 pressed in the left bore');
  const a1 = m.against('housing', 'bearing-1', [-1, 0, 0], [left[0], 0, midFlange], 'bearing-1 flange on the left wall outer face');
  m.insert(c1, a1, 'bearing-1 inserted, flange seated');
  const c2 = m.coaxial('housing', 'bearing-2', o, X, H.boreR, G.outerR, 'bearing-2 pressed in the right bore');
  const a2 = m.against('housing', 'bearing-2', [1, 0, 0], [right[1], 0, midFlange], 'bearing-2 flange on the right wall outer face');
  m.insert(c2, a2, 'bearing-2 inserted, flange seated');
  m.coaxial('bearing-1', 'shaft', o, X, G.innerR, S.r, 'shaft in bearing-1');
  m.coaxial('bearing-2', 'shaft', o, X, G.innerR, S.r, 'shaft in bearing-2');
  m.coaxial('hub', 'shaft', o, X, U.boreR, S.r, 'hub on the shaft (hub bore = shaft dia.)');
  // key in the shaft keyway: floor, both flanks, both ends
  const zLow = (K.z[0] + Math.sqrt(S.r ** 2 - K.y[1] ** 2)) / 2; // inside the shaft flank
  const zHigh = (K.z[1] + Math.sqrt(U.boreR ** 2 - K.y[1] ** 2)) / 2; // inside the hub flank
  m.against('shaft', 'key', [0, 0, 1], [0, 0, kw.floorZ], 'key on the shaft keyway floor');
  m.against('shaft', 'key', [0, -1, 0], [0, kw.y[1], zLow], 'key against the shaft keyway +y flank');
  m.against('shaft', 'key', [0, 1, 0], [0, kw.y[0], zLow], 'key against the shaft keyway -y flank');
  m.against('shaft', 'key', [-1, 0, 0], [kw.x[1], 0, zLow], 'key end against the shaft keyway +x end');
  m.against('shaft', 'key', [1, 0, 0], [kw.x[0], 0, zLow], 'key end against the shaft keyway -x end');
  // key in the hub keyway: roof and both flanks
  m.against('hub', 'key', [0, 0, -1], [0, 0, U.keyway.roofZ], 'key top against the hub keyway roof');
  m.against('hub', 'key', [0, -1, 0], [0, U.keyway.y[1], zHigh], 'key against the hub keyway +y flank');
  m.against('hub', 'key', [0, 1, 0], [0, U.keyway.y[0], zHigh], 'key against the hub keyway -y flank');
  return { parts, mates: m };
}

// ---------------------------------------------------------------------------
// ball-joint: ball on a tilted stem in a spherical socket

const BALL_JOINT = {
  offset: [20, 10, 5], // the whole sample is translated by this (centre not at the origin)
  ballR: 10,
  socket: { r: 18, z: [-18, 6] }, // cylinder with a spherical cavity; opening Ø16 at the top
  stem: { r: 4, length: 45, tiltDeg: 15 }, // stem tilted 15° about x, away from +z
};

export function buildBallJoint() {
  const { offset, ballR, socket: K, stem: T } = BALL_JOINT;
  const tilt = (T.tiltDeg * Math.PI) / 180;
  const stemDir = [0, -Math.sin(tilt), Math.cos(tilt)]; // +z rotated by tiltDeg about +x
  const socket = R.makeCylinder(K.r, K.z[1] - K.z[0], [0, 0, K.z[0]], [0, 0, 1]).cut(R.makeSphere(ballR));
  const ball = R.makeSphere(ballR).fuse(R.makeCylinder(T.r, T.length, [0, 0, 0], stemDir));
  const where = { t: offset };
  const parts = [
    { name: 'socket', color: '#696969', shape: place(socket, where) },
    { name: 'ball', color: '#daa520', shape: place(ball, where) },
  ];
  const m = new Mates();
  m.spherical('socket', 'ball', [0, 0, 0], ballR, 'ball in the spherical socket');
  return { parts, mates: m.transformed(translation(offset)) };
}

// ---------------------------------------------------------------------------
// cone-seat: poppet valve with a 30° (half-angle) cone in a matching seat

const CONE_SEAT = {
  offset: [-7, 12, 3], // apex of both cones before the offset: the origin; axis +z
  halfAngleDeg: 30, // r = z * tan(30°)
  valve: { stemR: 4, stemZ0: -30, coneR: [6, 14], headT: 3 },
  seat: { r: 25, z0: -10, portR: 9, coneR: [9, 13] }, // contact band r 9..13
};

export function buildConeSeat() {
  const { offset, halfAngleDeg, valve: V, seat: S } = CONE_SEAT;
  const zAt = (r) => r / Math.tan((halfAngleDeg * Math.PI) / 180);
  const valve = revolveZ([
    [0, V.stemZ0],
    [V.stemR, V.stemZ0],
    [V.stemR, zAt(V.coneR[0])],
    [V.coneR[0], zAt(V.coneR[0])],
    [V.coneR[1], zAt(V.coneR[1])],
    [V.coneR[1], zAt(V.coneR[1]) + V.headT],
    [0, zAt(V.coneR[1]) + V.headT],
  ]);
  const seat = revolveZ([
    [S.portR, S.z0],
    [S.r, S.z0],
    [S.r, zAt(S.coneR[1])],
    [S.coneR[1], zAt(S.coneR[1])],
    [S.coneR[0], zAt(S.coneR[0])],
  ]);
  const where = { t: offset };
  const parts = [
    { name: 'seat', color: '#556b2f', shape: place(seat, where) },
    { name: 'valve', color: '#b0c4de', shape: place(valve, where) },
  ];
  const m = new Mates();
  m.conical('seat', 'valve', [0, 0, 0], [0, 0, 1], halfAngleDeg, S.coneR[0], S.coneR[1], 'valve cone in the seat cone');
  return { parts, mates: m.transformed(translation(offset)) };
}

// ---------------------------------------------------------------------------
// rotated-rig: the rig under a rotation that aligns nothing with an axis

const ROTATED_RIG = { axis: [1, 2, 3], deg: 23, t: [15, -25, 40] };

export function buildRotatedRig() {
  const { parts, mates } = buildRig();
  const T = rigid(ROTATED_RIG.axis, ROTATED_RIG.deg, ROTATED_RIG.t);
  return {
    parts: parts.map((p) => ({ ...p, shape: place(p.shape, ROTATED_RIG) })),
    mates: mates.transformed(T),
    transform: {
      description: 'rig.step moved by: rotate angleDeg about axis (through the origin), then translate',
      axis: normalize(ROTATED_RIG.axis),
      angleDeg: ROTATED_RIG.deg,
      translation: ROTATED_RIG.t,
      matrix: toColumnMajor(T),
    },
  };
}
