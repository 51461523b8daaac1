// Disassembly fixtures: small assemblies whose removal order is known by construction.
// Each builder returns { parts, mates, removal }: `removal` is the ground truth the
// removal/disassembly tests check (surfcd/removal-truth@1, written into <name>.mates.json).
import { Mates } from '../lib/mates.mjs';
import { hexPrism, zCylinder } from '../lib/shapes.mjs';

const SQRT1_2 = Math.SQRT1_2;

/**
 * @param {() => any} getR replicad, once the worker has initialised it
 */
export function disassemblySamples(getR) {
  const box = (min, max) => getR().makeBox(min, max);

  // -------------------------------------------------------------------------
  // stack: a lid plugged into an open box, the box seated in a pocket of the base.
  // Only the lid can move (up); then the box (up); the base stays.
  const STACK = { base: [60, 20], pocket: [40, 10], box: { outer: 40, inner: 30, top: 60, floor: 20 }, lid: { t: 5, plug: 10 } };
  function buildStack() {
    const { base: B, pocket: P, box: X, lid: L } = STACK;
    const base = box([-B[0], -B[0], 0], [B[0], B[0], B[1]]).cut(box([-P[0], -P[0], P[1]], [P[0], P[0], B[1] + 1]));
    const shell = box([-X.outer, -X.outer, P[1]], [X.outer, X.outer, X.top]).cut(box([-X.inner, -X.inner, X.floor], [X.inner, X.inner, X.top + 1]));
    const lid = box([-X.outer, -X.outer, X.top], [X.outer, X.outer, X.top + L.t]).fuse(box([-X.inner, -X.inner, X.top - L.plug], [X.inner, X.inner, X.top]));
    const parts = [
      { name: 'base', color: '#708090', shape: base },
      { name: 'box', color: '#4682b4', shape: shell },
      { name: 'lid', color: '#daa520', shape: lid },
    ];
    const m = new Mates();
    m.against('base', 'box', [0, 0, 1], [0, 0, P[1]], 'box bottom on the pocket floor');
    const zw = (P[1] + B[1]) / 2;
    for (const [n, p] of [[[-1, 0, 0], [P[0], 0, zw]], [[1, 0, 0], [-P[0], 0, zw]], [[0, -1, 0], [0, P[0], zw]], [[0, 1, 0], [0, -P[0], zw]]]) {
      m.against('base', 'box', n, p, 'box side against a pocket wall');
    }
    const rim = (X.outer + X.inner) / 2;
    m.against('box', 'lid', [0, 0, 1], [rim, 0, X.top], 'lid on the box rim');
    const zp = X.top - L.plug / 2;
    for (const [n, p] of [[[-1, 0, 0], [X.inner, 0, zp]], [[1, 0, 0], [-X.inner, 0, zp]], [[0, -1, 0], [0, X.inner, zp]], [[0, 1, 0], [0, -X.inner, zp]]]) {
      m.against('box', 'lid', n, p, 'lid plug against a box wall');
    }
    const removal = { base: 'base', before: [['lid', 'box']], freeDirections: { lid: [[0, 0, 1]] }, blockedDirections: { box: [[0, 0, 1]] } };
    return { parts, mates: m, removal };
  }

  // -------------------------------------------------------------------------
  // flange: a round flange bolted to a plate with four bolts (Ø10 in Ø11 holes) and nuts.
  // Nuts come off first (down), then the bolts (up), then the flange (up).
  const FLANGE = { plate: [50, 10], flange: { r: 45, z: [10, 20] }, holeR: 5.5, bolt: { r: 5, z: [-12, 20], headAF: 16, headH: 7 }, nut: { af: 16, z: [-8, 0] }, at: [[30, 0], [0, 30], [-30, 0], [0, -30]] };
  function buildFlange() {
    const { plate: P, flange: F, holeR, bolt: B, nut: N, at } = FLANGE;
    let plate = box([-P[0], -P[0], 0], [P[0], P[0], P[1]]);
    let flange = zCylinder(F.r, [0, 0], F.z[0], F.z[1] - F.z[0]);
    for (const c of at) {
      plate = plate.cut(zCylinder(holeR, c, -1, P[1] + 2));
      flange = flange.cut(zCylinder(holeR, c, F.z[0] - 1, F.z[1] - F.z[0] + 2));
    }
    const parts = [
      { name: 'plate', color: '#708090', shape: plate },
      { name: 'flange', color: '#4682b4', shape: flange },
    ];
    const m = new Mates();
    m.against('plate', 'flange', [0, 0, 1], [0, 0, P[1]], 'flange on the plate');
    const before = [];
    at.forEach((c, i) => {
      const k = i + 1;
      const bolt = hexPrism(B.headAF, c, B.z[1], B.headH).fuse(zCylinder(B.r, c, B.z[0], B.z[1] - B.z[0] + 1));
      const nut = hexPrism(N.af, c, N.z[0], N.z[1] - N.z[0]).cut(zCylinder(B.r, c, N.z[0] - 1, N.z[1] - N.z[0] + 2));
      parts.push({ name: `bolt-${k}`, color: '#d4af37', shape: bolt }, { name: `nut-${k}`, color: '#b8860b', shape: nut });
      const rHead = (holeR + B.headAF / 2) / 2;
      m.against('flange', `bolt-${k}`, [0, 0, 1], [c[0] + rHead, c[1], F.z[1]], `bolt-${k} head on the flange`);
      m.coaxial('flange', `bolt-${k}`, [c[0], c[1], F.z[0]], [0, 0, 1], holeR, B.r, `bolt-${k} in its flange hole (0.5 radial gap)`);
      m.coaxial('plate', `bolt-${k}`, [c[0], c[1], 0], [0, 0, 1], holeR, B.r, `bolt-${k} in its plate hole (0.5 radial gap)`);
      m.against('plate', `nut-${k}`, [0, 0, -1], [c[0] + rHead, c[1], 0], `nut-${k} on the plate bottom`);
      m.threaded(`nut-${k}`, `bolt-${k}`, { point: [c[0], c[1], (N.z[0] + N.z[1]) / 2], axis: [0, 0, -1], nominal: 2 * B.r, pitch: 1.5, engagement: N.z[1] - N.z[0], drawn: 'nominal', bore: 2 * B.r }, `nut-${k} on the M10 thread of bolt-${k} (bore drawn at nominal)`);
      before.push([`nut-${k}`, `bolt-${k}`], [`bolt-${k}`, 'flange']);
    });
    const removal = { base: 'plate', before, freeDirections: { 'nut-1': [[0, 0, -1]] }, blockedDirections: { flange: [[0, 0, 1]] } };
    return { parts, mates: m, removal };
  }

  // -------------------------------------------------------------------------
  // peg-stack: three rings stacked on a peg; they come off top first.
  const PEG = { base: [30, 10], pegR: 6, pegTop: 50, ringR: 15, ringH: 10 };
  function buildPegStack() {
    const { base: B, pegR, pegTop, ringR, ringH } = PEG;
    const base = box([-B[0], -B[0], 0], [B[0], B[0], B[1]]).fuse(zCylinder(pegR, [0, 0], B[1] - 1, pegTop - B[1] + 1));
    const parts = [{ name: 'base', color: '#708090', shape: base }];
    const m = new Mates();
    const before = [];
    for (let k = 1; k <= 3; k++) {
      const z0 = B[1] + (k - 1) * ringH;
      const ring = zCylinder(ringR, [0, 0], z0, ringH).cut(zCylinder(pegR, [0, 0], z0 - 1, ringH + 2));
      parts.push({ name: `ring-${k}`, color: ['#b22222', '#228b22', '#1e90ff'][k - 1], shape: ring });
      const below = k === 1 ? 'base' : `ring-${k - 1}`;
      m.against(below, `ring-${k}`, [0, 0, 1], [(pegR + ringR) / 2, 0, z0], `ring-${k} on ${below}`);
      m.coaxial('base', `ring-${k}`, [0, 0, B[1]], [0, 0, 1], pegR, pegR, `ring-${k} on the peg`);
      if (k > 1) before.push([`ring-${k}`, `ring-${k - 1}`]);
    }
    const removal = { base: 'base', before, freeDirections: { 'ring-3': [[0, 0, 1]] }, blockedDirections: { 'ring-1': [[0, 0, 1]] } };
    return { parts, mates: m, removal };
  }

  // -------------------------------------------------------------------------
  // interlock: a chain of three square links (a–b and b–c pass through each other's
  // holes, 2 mm apart, never touching). No part, and no pair, can leave by a translation.
  function buildInterlock() {
    const frameXY = (x0, x1, y0, y1, w) => box([x0, y0, -5], [x1, y1, 5]).cut(box([x0 + w, y0 + w, -6], [x1 - w, y1 - w, 6]));
    const a = frameXY(-30, 30, -20, 20, 10);
    const b = box([8, -5, -20], [68, 5, 20]).cut(box([18, -6, -10], [58, 6, 10]));
    const c = frameXY(46, 106, -20, 20, 10);
    const parts = [
      { name: 'link-a', color: '#b22222', shape: a },
      { name: 'link-b', color: '#228b22', shape: b },
      { name: 'link-c', color: '#1e90ff', shape: c },
    ];
    const removal = { base: null, interlocked: ['link-a', 'link-b', 'link-c'] };
    return { parts, mates: new Mates(), removal };
  }

  // -------------------------------------------------------------------------
  // diagonal: a square key in a through tunnel along (1, 0, 1)/√2 in a block. No axis
  // direction and no contact normal frees it; only the tunnel direction (a 26-direction
  // lattice direction) does.
  const DIAGONAL = { block: { x: [-40, 40], y: [-20, 20], z: [0, 60] }, half: 10, keyLength: 30, centre: [0, 0, 30] };
  function buildDiagonal() {
    const { block: K, half, keyLength, centre } = DIAGONAL;
    const R = getR();
    const along = (u0, u1, h) => box([u0, -h, -h], [u1, h, h]).rotate(-45, [0, 0, 0], [0, 1, 0]).translate(centre);
    const block = box([K.x[0], K.y[0], K.z[0]], [K.x[1], K.y[1], K.z[1]]).cut(along(-200, 200, half));
    const key = along(-keyLength / 2, keyLength / 2, half);
    void R;
    const parts = [
      { name: 'block', color: '#708090', shape: block },
      { name: 'key', color: '#daa520', shape: key },
    ];
    const d = [SQRT1_2, 0, SQRT1_2];
    const w = [-SQRT1_2, 0, SQRT1_2]; // the tunnel's local z after the rotation
    const m = new Mates();
    m.against('block', 'key', [0, -1, 0], [centre[0], half, centre[2]], 'key against the +y tunnel wall');
    m.against('block', 'key', [0, 1, 0], [centre[0], -half, centre[2]], 'key against the -y tunnel wall');
    m.against('block', 'key', w.map((x) => -x), centre.map((x, i) => x + half * w[i]), 'key against the upper tunnel wall');
    m.against('block', 'key', w, centre.map((x, i) => x - half * w[i]), 'key against the lower tunnel wall');
    const removal = { base: 'block', freeDirections: { key: [d, d.map((x) => -x)] }, blockedDirections: { key: [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] } };
    return { parts, mates: m, removal };
  }

  return [
    { name: 'stack', build: buildStack, description: 'surfcd sample stack: lid plugged into a box seated in a base pocket' },
    { name: 'flange', build: buildFlange, description: 'surfcd sample flange: flange bolted to a plate with four bolts and nuts' },
    { name: 'peg-stack', build: buildPegStack, description: 'surfcd sample peg-stack: three rings stacked on a peg' },
    { name: 'interlock', build: buildInterlock, description: 'surfcd sample interlock: a chain of three square links' },
    { name: 'diagonal', build: buildDiagonal, description: 'surfcd sample diagonal: a key in a tunnel along (1,0,1)' },
  ];
}
