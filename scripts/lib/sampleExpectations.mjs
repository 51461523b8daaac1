// What scripts/check-samples.mjs expects of each sample, written down independently of the
// generator: the axis-aligned box of every exact part in the sample's own frame.
import { add } from './vec3.mjs';
const HEX_R = 16 / Math.sqrt(3); // hex corners (across flats 16)

// Expected axis-aligned boxes [min, max] of the exact parts in the sample's own frame.
// `flat` lists the axes whose extremes are planar faces (exact in any tessellation);
// extremes on curved faces are only checked to CURVED_EPS (chords sit inside).
export const CURVED_EPS = 0.6;
export const RIG_BOXES = {
  plate: { min: [-60, -40, 0], max: [60, 40, 10], flat: [0, 1, 2] },
  bolt: { min: [-46, -HEX_R, -12], max: [-30, HEX_R, 17], flat: [0, 2] },
  nut: { min: [-46, -HEX_R, -8], max: [-30, HEX_R, 0], flat: [0, 2] },
  bearing: { min: [-20, -20, 0], max: [20, 20, 13], flat: [2] },
  shaft: { min: [-13, -13, -15], max: [13, 13, 30], flat: [2] },
  pin: { min: [31, -7, -5], max: [45, 7, 13], flat: [2] },
};
export const EXPECT = {
  rig: { boxes: RIG_BOXES },
  'rotated-rig': { boxes: RIG_BOXES, frameFromJson: true },
  'shaft-bearings': {
    boxes: {
      housing: { min: [-50, -30, -40], max: [50, 30, 30], flat: [0, 1, 2] },
      'bearing-1': { min: [-53, -21, -21], max: [-38, 21, 21], flat: [0] },
      'bearing-2': { min: [38, -21, -21], max: [53, 21, 21], flat: [0] },
      shaft: { min: [-70, -10, -10], max: [70, 10, 10], flat: [0] },
      hub: { min: [-10, -25, -25], max: [10, 25, 25], flat: [0] },
      key: { min: [-8, -3, 6.5], max: [8, 3, 12.5], flat: [0, 1, 2] },
    },
  },
  'ball-joint': {
    boxes: (() => {
      const o = [20, 10, 5];
      const s = Math.sin((15 * Math.PI) / 180);
      const c = Math.cos((15 * Math.PI) / 180);
      // stem: dia. 8, 45 long from the centre along (0, -sin15, cos15); end disc adds 4*cos15 in y, 4*sin15 in z
      const ballMax = [10, 10, 45 * c + 4 * s];
      const ballMin = [-10, -(45 * s + 4 * c), -10];
      return {
        socket: { min: add(o, [-18, -18, -18]), max: add(o, [18, 18, 6]), flat: [2] },
        ball: { min: add(o, ballMin), max: add(o, ballMax), flat: [] },
      };
    })(),
  },
  'cone-seat': {
    boxes: (() => {
      const o = [-7, 12, 3];
      const k = Math.sqrt(3); // z = r / tan 30°
      return {
        seat: { min: add(o, [-25, -25, -10]), max: add(o, [25, 25, 13 * k]), flat: [2] },
        valve: { min: add(o, [-14, -14, -30]), max: add(o, [14, 14, 14 * k + 3]), flat: [2] },
      };
    })(),
  },
};
// The samples built by the modules in scripts/samples/*.mjs
const SQ3 = Math.sqrt(3);
const ALL = [0, 1, 2];
const boltBox = ([size, d, series, af, x]) => [
  `bolt-${size}-${series}`,
  { min: [x - af / 2, -af / SQ3, -3], max: [x + af / 2, af / SQ3, 12 + 0.6 * d], flat: ALL },
];
const round = (r, [cx, cy], z0, z1) => ({ min: [cx - r, cy - r, z0], max: [cx + r, cy + r, z1], flat: [2] });
const GEAR_BOXES = {
  plate: { min: [-25, -37, 0], max: [85, 37, 12], flat: ALL },
  'gear-a': round(21, [0, 0], 5, 13),
  'gear-b': round(33, [48, 0], 5, 13),
};
Object.assign(EXPECT, {
  'clearance-holes': {
    boxes: {
      plate: { min: [-10, -30, 0], max: [250, 30, 12], flat: ALL },
      ...Object.fromEntries(
        [['m3', 3, 'fine', 5.5, 0], ['m4', 4, 'medium', 7, 14], ['m6', 6, 'coarse', 10, 30], ['m8', 8, 'fine', 13, 50], ['m10', 10, 'medium', 16, 74],
          ['m12', 12, 'coarse', 18, 100], ['m16', 16, 'fine', 24, 132], ['m20', 20, 'medium', 30, 172], ['m24', 24, 'coarse', 36, 220]].map(boltBox),
      ),
    },
  },
  'prismatic-bores': {
    boxes: {
      'hex-shaft': { min: [-6.3, -12.6 / SQ3, -20], max: [6.3, 12.6 / SQ3, 40], flat: ALL },
      'hex-hub': round(20, [0, 0], 0, 16),
      'square-shaft': { min: [55, -5, -20], max: [65, 5, 40], flat: ALL },
      'square-hub': round(16, [60, 0], 0, 14),
      'dd-shaft': { min: [114, -4.5, -20], max: [126, 4.5, 40], flat: [1, 2] },
      'dd-hub': round(15, [120, 0], 0, 12),
      'spline-shaft': round(18, [190, 0], -20, 40),
      'spline-hub': round(28, [190, 0], 0, 20),
    },
  },
  'filleted-lid': {
    boxes: {
      box: { min: [-40, -30, 0], max: [40, 30, 30], flat: ALL },
      lid: { min: [-40, -30, 30], max: [40, 30, 34], flat: ALL },
    },
  },
  'gear-pair': { boxes: GEAR_BOXES },
  'gear-pair-unclocked': { boxes: GEAR_BOXES },
  // fastener samples: hex flats normal to x (corners on ±y), heads and nuts on the z axis
  'bolt-nut': {
    boxes: {
      plate: { min: [-30, -20, 0], max: [30, 20, 10], flat: ALL },
      bolt: { min: [-8, -16 / SQ3, -15], max: [8, 16 / SQ3, 16.4], flat: [0, 2] },
      nut: { min: [-8, -16 / SQ3, -8.4], max: [8, 16 / SQ3, 0], flat: [0, 2] },
    },
  },
  'screw-tapped': {
    boxes: {
      block: { min: [-20, -15, -20], max: [20, 15, 0], flat: ALL },
      plate: { min: [-20, -15, 0], max: [20, 15, 6], flat: ALL },
      screw: round(5, [0, 0], -10, 12),
    },
  },
  'bolt-washer-nut': {
    boxes: {
      plate: { min: [-20, -20, 0], max: [20, 20, 8], flat: ALL },
      bolt: { min: [-6.5, -13 / SQ3, -12], max: [6.5, 13 / SQ3, 13.3], flat: [0, 2] },
      washer: round(8, [0, 0], -1.6, 0),
      nut: { min: [-6.5, -13 / SQ3, -8.4], max: [6.5, 13 / SQ3, -1.6], flat: [0, 2] },
    },
  },
  'clamped-stack': {
    boxes: {
      'lower-plate': { min: [-25, -20, 0], max: [25, 20, 10], flat: ALL },
      'upper-plate': { min: [-25, -20, 10], max: [25, 20, 18], flat: ALL },
      bolt: { min: [-8, -16 / SQ3, -15], max: [8, 16 / SQ3, 24.4], flat: [0, 2] },
      washer: round(10, [0, 0], -2, 0),
      nut: { min: [-8, -16 / SQ3, -10.4], max: [8, 16 / SQ3, -2], flat: [0, 2] },
    },
  },
  'press-fit-pins': {
    boxes: {
      block: { min: [-30, -15, -20], max: [30, 15, 0], flat: ALL },
      'pin-p6': round(5.01, [-15, 0], -12, 8),
      'pin-visible': round(5.05, [15, 0], -12, 8),
    },
  },
  'compressed-spring': {
    boxes: {
      base: { min: [-15, -15, -5.8], max: [15, 15, -0.8], flat: ALL },
      spring: { min: [-9, -9, -1], max: [9, 9, 13], flat: [] },
      cover: { min: [-15, -15, 12.8], max: [15, 15, 17.8], flat: ALL },
    },
  },
  spring: {
    boxes: {
      base: { min: [-20, -20, 0], max: [20, 20, 5], flat: [2] },
      rod: { min: [-4, -4, 5], max: [4, 4, 60], flat: [2] },
      // the wire's end circles are tilted by the helix lead (5.7°): its lowest point is 0.005 above 5.5
      spring: { min: [-9, -9, 5.5], max: [9, 9, 57.5], flat: [] },
      cap: { min: [-20, -20, 60], max: [20, 20, 65], flat: [2] },
    },
  },
});
