// Samples for clearance verification and interference volume, each with a
// ground-truth file <name>.truth.json. Imported by scripts/generate-samples.mjs; each build()
// returns { parts, mates, truth } from one table of numbers.
//
//   clearance-gaps        parts apart by known gaps: two blocks 1.5 mm apart, a shaft in a
//                         hole with 0.2 mm radial gap, a ball 2.5 mm over a plate
//   interference-volumes  parts overlapping by known volumes (as CAD models often do on
//                         purpose): two boxes, a press-fit pin, a block buried in another
import * as R from 'replicad';
import { Mates, pairKey } from '../lib/mates.mjs';
import { zCylinder } from '../lib/shapes.mjs';

/** Mates for samples whose parts overlap on purpose: the listed pairs may share volume and touch. */
class OverlapMates extends Mates {
  constructor(overlapping) {
    super();
    this.overlapping = new Set(overlapping.map(([a, b]) => pairKey(a, b)));
  }
  mayOverlap(a, b) {
    return this.overlapping.has(pairKey(a, b));
  }
  touchingPairs() {
    const pairs = super.touchingPairs();
    for (const key of this.overlapping) pairs.add(key);
    return pairs;
  }
}

export const CLEARANCE_GAPS = {
  blocks: { a: [[0, 0, 0], [20, 20, 10]], gap: 1.5 },
  fit: { block: [[60, 0, 0], [90, 30, 20]], axis: [75, 15], hole: 10.4, shaft: 10, shaftZ: [-10, 30] },
  ball: { plate: [[100, 0, 0], [140, 40, 5]], radius: 6, over: 2.5, at: [120, 20] },
};

function buildClearanceGaps() {
  const { blocks, fit, ball } = CLEARANCE_GAPS;
  const [a0, a1] = blocks.a;
  const bx = a1[0] + blocks.gap;
  const ballZ = ball.plate[1][2] + ball.over + ball.radius;
  const parts = [
    { name: 'block-a', color: '#8c96a0', shape: R.makeBox(a0, a1) },
    { name: 'block-b', color: '#b07d48', shape: R.makeBox([bx, a0[1], a0[2]], [bx + 20, a1[1], a1[2]]) },
    { name: 'bored-block', color: '#8c96a0', shape: R.makeBox(...fit.block).cut(zCylinder(fit.hole / 2, fit.axis, fit.block[0][2] - 1, fit.block[1][2] - fit.block[0][2] + 2)) },
    { name: 'shaft', color: '#d4af37', shape: zCylinder(fit.shaft / 2, fit.axis, fit.shaftZ[0], fit.shaftZ[1] - fit.shaftZ[0]) },
    { name: 'plate', color: '#8c96a0', shape: R.makeBox(...ball.plate) },
    { name: 'ball', color: '#c0392b', shape: R.makeSphere(ball.radius).translate([ball.at[0], ball.at[1], ballZ]) },
  ];
  const truth = {
    clearances: [
      { partA: 'block-a', partB: 'block-b', distance: blocks.gap, note: 'parallel flat faces' },
      { partA: 'bored-block', partB: 'shaft', distance: (fit.hole - fit.shaft) / 2, note: 'coaxial cylinders: radial gap' },
      { partA: 'ball', partB: 'plate', distance: ball.over, note: 'sphere over a plane' },
    ],
    interferences: [],
  };
  return { parts, mates: new OverlapMates([]), truth };
}

export const INTERFERENCE_VOLUMES = {
  boxes: { a: [[0, 0, 0], [10, 8, 6]], b: [[7, 5, 1], [15, 12, 4.5]] },
  press: { block: [[30, 0, 0], [50, 20, 10]], axis: [40, 10], hole: 9.8, pin: 10, pinZ: [-5, 15] },
  buried: { host: [[70, 0, 0], [90, 20, 20]], block: [[75, 5, 5], [80, 10, 12]] },
};

function buildInterferenceVolumes() {
  const { boxes, press, buried } = INTERFERENCE_VOLUMES;
  const parts = [
    { name: 'box-a', color: '#8c96a0', shape: R.makeBox(...boxes.a) },
    { name: 'box-b', color: '#b07d48', shape: R.makeBox(...boxes.b) },
    { name: 'pressed-block', color: '#8c96a0', shape: R.makeBox(...press.block).cut(zCylinder(press.hole / 2, press.axis, press.block[0][2] - 1, press.block[1][2] - press.block[0][2] + 2)) },
    { name: 'press-pin', color: '#d4af37', shape: zCylinder(press.pin / 2, press.axis, press.pinZ[0], press.pinZ[1] - press.pinZ[0]) },
    { name: 'host', color: '#8c96a0', shape: R.makeBox(...buried.host) },
    { name: 'buried', color: '#c0392b', shape: R.makeBox(...buried.block) },
  ];
  const common = (p, q) => [0, 1, 2].map((k) => Math.min(p[1][k], q[1][k]) - Math.max(p[0][k], q[0][k]));
  const centre = (p, q) => [0, 1, 2].map((k) => (Math.max(p[0][k], q[0][k]) + Math.min(p[1][k], q[1][k])) / 2);
  const [bx, by, bz] = common(boxes.a, boxes.b);
  const thick = press.block[1][2] - press.block[0][2];
  const [ux, uy, uz] = common(buried.host, buried.block);
  const truth = {
    clearances: [],
    interferences: [
      { partA: 'box-a', partB: 'box-b', volume: bx * by * bz, centroid: centre(boxes.a, boxes.b), note: 'overlapping boxes: the common box' },
      {
        partA: 'press-pin', partB: 'pressed-block',
        volume: Math.PI * ((press.pin / 2) ** 2 - (press.hole / 2) ** 2) * thick,
        centroid: [press.axis[0], press.axis[1], (press.block[0][2] + press.block[1][2]) / 2],
        note: 'press-fit pin: the annulus π(R² − r²)L',
      },
      { partA: 'buried', partB: 'host', volume: ux * uy * uz, centroid: centre(buried.host, buried.block), note: 'a block buried in another: its own volume' },
    ],
  };
  const mates = new OverlapMates(truth.interferences.map((i) => [i.partA, i.partB]));
  return { parts, mates, truth };
}

/** The ground-truth document: the analytic answers, and what OpenCascade measured on the exact B-rep (verifySample). */
export function truthDocument(sample, file, truth, measured) {
  const brep = (a, b) => measured.pairs.find((p) => pairKey(p.a, p.b) === pairKey(a, b));
  const round = (x) => Number(x.toPrecision(12));
  const doc = {
    schema: 'surfcd/truth@1',
    units: 'mm',
    sample,
    file,
    clearances: truth.clearances.map((c) => ({ ...c, brepDistance: round(brep(c.partA, c.partB).distance) })),
    interferences: truth.interferences.map((i) => ({ ...i, volume: round(i.volume), brepVolume: round(brep(i.partA, i.partB).commonVolume) })),
  };
  return JSON.stringify(doc, null, 2).replace(/\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]/g, (_, inner) => `[${inner.split(/,\s*/).join(', ')}]`) + '\n';
}

export const CLEARANCE_SAMPLES = [
  { name: 'clearance-gaps', build: buildClearanceGaps, truthDocument, description: 'surfcd sample clearance-gaps: blocks 1.5 apart, shaft in a hole with 0.2 radial gap, ball 2.5 over a plate' },
  { name: 'interference-volumes', build: buildInterferenceVolumes, truthDocument, description: 'surfcd sample interference-volumes: overlapping boxes, a press-fit pin, a buried block' },
];
