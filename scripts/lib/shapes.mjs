// Shape helpers shared by the sample builders (all dimensions in mm). replicad is initialised
// by scripts/lib/occ.mjs in the worker before any of these run.
import * as R from 'replicad';

const SQRT3 = Math.sqrt(3);

/** Hexagonal prism along +z: flats parallel to the y axis (x = ±af/2), corners on ±y. */
export const hexPrism = (acrossFlats, [cx, cy], z0, height) =>
  R.drawPolysides(acrossFlats / SQRT3, 6).sketchOnPlane('XY', [cx, cy, z0]).extrude(height);

/** Cylinder of radius r along +z from z0, length h, axis through (cx, cy). */
export const zCylinder = (r, [cx, cy], z0, h) => R.makeCylinder(r, h, [cx, cy, z0], [0, 0, 1]);

/**
 * Solid of revolution about the z axis from a closed (r, z) polyline, then moved so
 * the axis passes through (cx, cy). The seam of every revolved face lies on +x.
 */
export const revolveZ = (profile, [cx, cy] = [0, 0]) => {
  let pen = R.draw(profile[0]);
  for (const p of profile.slice(1)) pen = pen.lineTo(p);
  const solid = pen.close().sketchOnPlane('XZ').revolve([0, 0, 1], { origin: [0, 0, 0] });
  return cx || cy ? solid.translate([cx, cy, 0]) : solid;
};

/**
 * Like revolveZ, but every revolved face is made of two half faces meeting on the
 * x-z plane (at +x and -x). A line contact there (the pin on the slot flanks) then
 * runs along B-rep edges, so every tessellation has vertices exactly on it.
 */
export const revolveZHalves = (profile, [cx, cy] = [0, 0]) => {
  const half = () => {
    let pen = R.draw(profile[0]);
    for (const p of profile.slice(1)) pen = pen.lineTo(p);
    return pen.close().sketchOnPlane('XZ').revolve([0, 0, 1], { origin: [0, 0, 0], angle: 180 });
  };
  const a = half();
  const b = half().rotate(180, [0, 0, 0], [0, 0, 1]);
  // BRepAlgoAPI_Fuse without SimplifyResult (replicad's fuse would re-unify the halves)
  const oc = R.getOC();
  const fuse = new oc.BRepAlgoAPI_Fuse(a.wrapped, b.wrapped);
  fuse.Build();
  if (!fuse.IsDone()) throw new Error('half-revolution fuse failed');
  const solids = [...R.iterTopo(fuse.Shape(), 'solid')];
  if (solids.length !== 1) throw new Error(`half-revolution fuse gave ${solids.length} solids`);
  const solid = R.cast(solids[0]);
  fuse.delete();
  a.delete();
  b.delete();
  return cx || cy ? solid.translate([cx, cy, 0]) : solid;
};

/** Move a shape by {axis, deg, t}: rotate about `axis` through the origin, then translate. */
export const place = (shape, { axis, deg, t }) => {
  let s = shape;
  if (deg) s = s.rotate(deg, [0, 0, 0], axis);
  if (t && (t[0] || t[1] || t[2])) s = s.translate(t);
  return s;
};
