// Small 3-D vector / rigid-transform helpers for the sample generator and checker.
// Vectors are plain [x, y, z] arrays; a rigid transform is { R: 3x3 row-major, t: [x,y,z] }.

export const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a, b) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const norm = (a) => Math.sqrt(dot(a, a));
export const normalize = (a) => {
  const n = norm(a);
  if (!(n > 0)) throw new Error(`cannot normalise zero vector ${a}`);
  return scale(a, 1 / n);
};

/** Rotation matrix (row-major 3x3) for a right-handed rotation of `deg` degrees about `axis`. */
export function rotationMatrix(axis, deg) {
  const [x, y, z] = normalize(axis);
  const th = (deg * Math.PI) / 180;
  const c = Math.cos(th);
  const s = Math.sin(th);
  const C = 1 - c;
  return [
    [c + x * x * C, x * y * C - z * s, x * z * C + y * s],
    [y * x * C + z * s, c + y * y * C, y * z * C - x * s],
    [z * x * C - y * s, z * y * C + x * s, c + z * z * C],
  ];
}

export const identity = () => ({ R: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], t: [0, 0, 0] });

/** Rigid transform: rotate `deg` about `axis` through the origin, then translate by `t`. */
export const rigid = (axis, deg, t) => ({ R: rotationMatrix(axis, deg), t: [...t] });
export const translation = (t) => ({ ...identity(), t: [...t] });

export const applyDir = (T, v) => T.R.map((row) => dot(row, v));
export const applyPoint = (T, p) => add(applyDir(T, p), T.t);

/** Column-major 4x4 (three.js Matrix4.elements order). */
export const toColumnMajor = (T) => [
  T.R[0][0], T.R[1][0], T.R[2][0], 0,
  T.R[0][1], T.R[1][1], T.R[2][1], 0,
  T.R[0][2], T.R[1][2], T.R[2][2], 0,
  T.t[0], T.t[1], T.t[2], 1,
];

/** Distance from point p to the line (a, unit direction d). */
export const distToLine = (p, a, d) => {
  const v = sub(p, a);
  return norm(sub(v, scale(d, dot(v, d))));
};
