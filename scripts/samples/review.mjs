// Samples for interference review: parts that overlap on purpose, one group per class, each
// group far from the others, with a ground-truth file (<name>.truth.json) the tests read.
// Imported by scripts/generate-samples.mjs. Every number comes from REVIEW below; the
// truth (class, depth, common volume) follows from them by construction.
import * as R from 'replicad';
import { Mates, pairKey } from '../lib/mates.mjs';
import { hexPrism, zCylinder } from '../lib/shapes.mjs';

/** Mates plus the part pairs that overlap on purpose, with their truth. */
class OverlapMates extends Mates {
  constructor() {
    super();
    this.overlaps = [];
  }

  /** partA and partB overlap (their pair counts as touching, and the volume check allows it). */
  overlap(a, b, truth) {
    this.overlaps.push({ a, b, ...truth });
  }

  mayOverlap(a, b) {
    return this.overlaps.some((o) => pairKey(o.a, o.b) === pairKey(a, b));
  }

  touchingPairs() {
    const pairs = super.touchingPairs();
    for (const o of this.overlaps) pairs.add(pairKey(o.a, o.b));
    return pairs;
  }
}

export const REVIEW = {
  // a too-long bolt: through a Ø11 clearance hole in a wall, its shank ends inside the wall behind
  clash: { x: 0, wall: { half: 20, z: [0, 10] }, hole: 11, shank: 10, head: { af: 16, h: 7 }, backWall: { half: 20, z: [-30, -10] }, poke: 6 },
  // a dowel pin Ø12.04 pressed into a Ø12 hole: 0.04 mm diametral interference (H7/u6 reaches 0.044 at Ø12)
  pressFit: { x: 100, hub: { half: 15, z: [0, 20] }, hole: 12, pin: 12.04, pinZ: [-5, 25] },
  // an M10 screw drawn at nominal diameter in its Ø8.5 tap-drill hole
  thread: { x: 200, block: { half: 15, z: [0, 20] }, tapDrill: 8.5, nominal: 10, shankZ: [4, 20], head: { af: 16, h: 6.4 } },
  // the same spacer drawn twice at the same place
  duplicate: { x: 300, lo: [-10, -10, 0], hi: [10, 10, 10] },
  // a block buried in a housing, no faces crossing
  buried: { x: 400, housing: { half: 20 }, inner: { lo: [-8, -5, -5], hi: [2, 5, 5] } },
};

const box = ([x0, y0, z0], [x1, y1, z1]) => R.makeBox([x0, y0, z0], [x1, y1, z1]);
const square = (cx, half, [z0, z1]) => box([cx - half, -half, z0], [cx + half, half, z1]);

function buildReviewClasses() {
  const { clash: C, pressFit: P, thread: T, duplicate: D, buried: B } = REVIEW;
  const m = new OverlapMates();
  const up = [0, 0, 1];
  const parts = [];

  // clash
  const wall = square(C.x, C.wall.half, C.wall.z).cut(zCylinder(C.hole / 2, [C.x, 0], C.wall.z[0] - 1, C.wall.z[1] - C.wall.z[0] + 2));
  const backWall = square(C.x, C.backWall.half, C.backWall.z);
  const tip = C.backWall.z[1] - C.poke;
  const bolt = hexPrism(C.head.af, [C.x, 0], C.wall.z[1], C.head.h).fuse(zCylinder(C.shank / 2, [C.x, 0], tip, C.wall.z[1] - tip + 1));
  parts.push({ name: 'wall', color: '#8c96a0', shape: wall }, { name: 'back-wall', color: '#6c7680', shape: backWall }, { name: 'long-bolt', color: '#d4af37', shape: bolt });
  m.against('wall', 'long-bolt', up, [C.x + (C.hole / 2 + C.head.af / 2) / 2, 0, C.wall.z[1]], 'bolt head on the wall');
  m.overlap('back-wall', 'long-bolt', { class: 'clash', expected: false, depth: C.poke, volume: Math.PI * (C.shank / 2) ** 2 * C.poke, note: `the shank ends ${C.poke} mm inside the back wall` });

  // press fit
  const hub = square(P.x, P.hub.half, P.hub.z).cut(zCylinder(P.hole / 2, [P.x, 0], P.hub.z[0] - 1, P.hub.z[1] - P.hub.z[0] + 2));
  const pin = zCylinder(P.pin / 2, [P.x, 0], P.pinZ[0], P.pinZ[1] - P.pinZ[0]);
  parts.push({ name: 'hub', color: '#8c96a0', shape: hub }, { name: 'dowel', color: '#c0c0c0', shape: pin });
  const radial = (P.pin - P.hole) / 2;
  const ring = Math.PI * ((P.pin / 2) ** 2 - (P.hole / 2) ** 2) * (P.hub.z[1] - P.hub.z[0]);
  m.overlap('dowel', 'hub', { class: 'press-fit', expected: true, depth: radial, volume: ring, note: `Ø${P.pin} pin in a Ø${P.hole} hole: ${(P.pin - P.hole).toFixed(3)} mm diametral interference` });

  // thread at nominal diameter
  const block = square(T.x, T.block.half, T.block.z).cut(zCylinder(T.tapDrill / 2, [T.x, 0], T.block.z[0] - 1, T.block.z[1] - T.block.z[0] + 2));
  const screw = hexPrism(T.head.af, [T.x, 0], T.block.z[1], T.head.h).fuse(zCylinder(T.nominal / 2, [T.x, 0], T.shankZ[0], T.shankZ[1] - T.shankZ[0] + 1));
  parts.push({ name: 'tapped-block', color: '#8c96a0', shape: block }, { name: 'screw-m10', color: '#d4af37', shape: screw });
  const engaged = T.block.z[1] - T.shankZ[0];
  m.overlap('screw-m10', 'tapped-block', {
    class: 'thread', expected: true, depth: (T.nominal - T.tapDrill) / 2,
    volume: Math.PI * ((T.nominal / 2) ** 2 - (T.tapDrill / 2) ** 2) * engaged, note: `M${T.nominal} drawn at nominal diameter in its Ø${T.tapDrill} tap-drill hole, ${engaged} mm engaged`,
  });

  // duplicate
  const at = (v) => [v[0] + D.x, v[1], v[2]];
  parts.push({ name: 'spacer', color: '#556b2f', shape: box(at(D.lo), at(D.hi)) }, { name: 'spacer copy', color: '#556b2f', shape: box(at(D.lo), at(D.hi)) });
  const thinnest = Math.min(...D.hi.map((h, k) => h - D.lo[k]));
  m.overlap('spacer', 'spacer copy', { class: 'duplicate', expected: false, depth: thinnest, volume: D.hi.reduce((v, h, k) => v * (h - D.lo[k]), 1), note: 'the same spacer drawn twice at the same place' });

  // buried
  const h = B.housing.half;
  const inner = box([B.x + B.inner.lo[0], B.inner.lo[1], B.inner.lo[2]], [B.x + B.inner.hi[0], B.inner.hi[1], B.inner.hi[2]]);
  parts.push({ name: 'housing', color: '#708090', shape: box([B.x - h, -h, -h], [B.x + h, h, h]) }, { name: 'buried-block', color: '#b22222', shape: inner });
  // the block holds the housing's centre, h below every face: its deepest point; its vertices are at least 15 deep
  const vertexDepth = Math.min(...[0, 1, 2].map((k) => h - Math.max(Math.abs(B.inner.lo[k]), Math.abs(B.inner.hi[k]))));
  m.overlap('buried-block', 'housing', { class: 'contained', expected: false, depth: h, depthMin: vertexDepth, volume: B.inner.hi.reduce((v, hi, k) => v * (hi - B.inner.lo[k]), 1), note: 'a block buried in the housing, no faces crossing' });

  return { parts, mates: m, truth: { schema: 'surfcd/overlap-truth@1', units: 'mm', sample: 'review-classes', overlaps: m.overlaps } };
}

export const REVIEW_SAMPLES = [
  { name: 'review-classes', build: buildReviewClasses, description: 'surfcd sample review-classes: a too-long bolt, a press-fit dowel, a screw at nominal diameter, a duplicated spacer, a buried block' },
];
