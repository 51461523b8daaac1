#!/usr/bin/env node
// Reads every generated sample back with occt-import-js (the importer surfcd uses)
// and checks it against numbers written down here independently of the generator:
// part names and colours, non-empty B-rep faces, per-part bounding boxes, relations
// between parts, and every mate in <name>.mates.json against the tessellated faces.
//
//   node scripts/check-samples.mjs            exit code 1 on any failure
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { add, sub, scale, dot, cross, norm, distToLine } from './lib/vec3.mjs';
import { EXPECT, RIG_BOXES, CURVED_EPS } from './lib/sampleExpectations.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIR = path.join(ROOT, 'samples');
const MAX_BYTES = 1024 * 1024;
const EPS = 1e-4; // mm: vertices of a face lie on its exact surface to this
const NORMAL_EPS = 1e-3; // |1 - cos| for vertex normals on planes
// On curved faces occt-import-js's vertex normals are not the exact surface normals at
// face-boundary vertices (they deviate by up to half the angular tessellation step, as
// averaged facet normals would), so curved faces only need to point the right way.
const CURVED_NORMAL_EPS = 0.05; // ~18 degrees

const POLYGON_SIDES = { hex: 6, square: 4 };
const KINDS = new Set(['against', 'coaxial', 'spherical', 'conical', 'insert', 'tangent', 'gear', 'threaded', 'press-fit', 'preload']);

let failures = 0;
let checks = 0;
const fail = (where, msg) => {
  failures++;
  console.log(`  FAIL ${where}: ${msg}`);
};
const ok = (cond, where, msg) => {
  checks++;
  if (!cond) fail(where, msg);
  return cond;
};
const fmt = (v) => `[${v.map((x) => +x.toFixed(4)).join(', ')}]`;

// ---------------------------------------------------------------------------
// mesh access

function partsOf(result) {
  return result.meshes.map((m) => {
    const P = m.attributes.position.array;
    const N = m.attributes.normal?.array;
    const I = m.index.array;
    const faces = m.brep_faces.map((f, index) => {
      const verts = new Set();
      for (let t = f.first; t <= f.last; t++) for (let k = 0; k < 3; k++) verts.add(I[3 * t + k]);
      return { index, first: f.first, last: f.last, verts: [...verts] };
    });
    const pos = (i) => [P[3 * i], P[3 * i + 1], P[3 * i + 2]];
    const nrm = (i) => [N[3 * i], N[3 * i + 1], N[3 * i + 2]];
    return { name: m.name, color: m.color, P, I, faces, pos, nrm, triangles: I.length / 3 };
  });
}

function boundsOf(part, map = (p) => p) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < part.P.length / 3; i++) {
    const p = map(part.pos(i));
    for (let k = 0; k < 3; k++) {
      if (p[k] < min[k]) min[k] = p[k];
      if (p[k] > max[k]) max[k] = p[k];
    }
  }
  return { min, max };
}

/** Faces of `part` all of whose vertices satisfy `onSurface` and whose normals satisfy `normalOk`. */
function facesWhere(part, onSurface, normalOk) {
  return part.faces.filter(
    (f) => f.verts.length && f.verts.every((v) => onSurface(part.pos(v)) && normalOk(part.pos(v), part.nrm(v))),
  );
}

function pointInFace(part, face, p, n) {
  // p projected along n inside one of the face's triangles?
  for (let t = face.first; t <= face.last; t++) {
    const [a, b, c] = [0, 1, 2].map((k) => part.pos(part.I[3 * t + k]));
    const s = [sub(b, a), sub(c, b), sub(a, c)].map((e, k) => dot(cross(e, sub(p, [a, b, c][k])), n));
    if ((s[0] >= -1e-9 && s[1] >= -1e-9 && s[2] >= -1e-9) || (s[0] <= 1e-9 && s[1] <= 1e-9 && s[2] <= 1e-9)) return true;
  }
  return false;
}

/** Radial direction of p from the axis (point a, unit d). */
const radial = (p, a, d) => {
  const v = sub(p, a);
  const r = sub(v, scale(d, dot(v, d)));
  const l = norm(r);
  return l > 0 ? scale(r, 1 / l) : [0, 0, 0];
};
const aligned = (u, v) => Math.abs(1 - dot(u, v)) < NORMAL_EPS;
const roughlyAligned = (u, v) => Math.abs(1 - dot(u, v)) < CURVED_NORMAL_EPS;

// ---------------------------------------------------------------------------
// mate checks

function checkMate(where, m, A, B) {
  const p = m.params;
  for (const k of ['normal', 'axis']) if (p[k]) ok(Math.abs(norm(p[k]) - 1) < 1e-9, where, `${k} not unit`);
  switch (m.kind) {
    case 'against':
    case 'tangent': {
      const n = p.normal;
      const onPlane = (v) => Math.abs(dot(sub(v, p.point), n)) < EPS;
      const fa = facesWhere(A, onPlane, (_, vn) => aligned(vn, n));
      ok(fa.length > 0, where, `${A.name} has no planar face in the plane with normal ${fmt(n)}`);
      if (m.kind === 'against') {
        const nb = scale(n, -1);
        const fb = facesWhere(B, onPlane, (_, vn) => aligned(vn, nb));
        ok(fb.length > 0, where, `${B.name} has no planar face in the plane with normal ${fmt(nb)}`);
        ok(fa.some((f) => pointInFace(A, f, p.point, n)), where, `point ${fmt(p.point)} not on ${A.name}'s face`);
        ok(fb.some((f) => pointInFace(B, f, p.point, n)), where, `point ${fmt(p.point)} not on ${B.name}'s face`);
      } else {
        ok(Math.abs(dot(sub(p.axisPoint, p.point), n) - p.radius) < 1e-9, where, 'axis not at radius from the plane');
        ok(Math.abs(dot(n, p.axis)) < 1e-9, where, 'axis not parallel to the plane');
        const onCyl = (v) => Math.abs(distToLine(v, p.axisPoint, p.axis) - p.radius) < EPS;
        const fb = facesWhere(B, onCyl, (v, vn) => roughlyAligned(vn, radial(v, p.axisPoint, p.axis)));
        ok(fb.length > 0, where, `${B.name} has no cylinder of radius ${p.radius} on the axis`);
        const touching = fb.some((f) => f.verts.some((v) => onPlane(B.pos(v))));
        ok(touching, where, `tessellation of ${B.name}'s cylinder has no vertex on the tangent line`);
      }
      break;
    }
    case 'coaxial':
    case 'insert': {
      ok(Math.abs(p.radiusA - p.radiusB - p.clearance) < 1e-9, where, 'clearance != radiusA - radiusB');
      if (p.profile in POLYGON_SIDES) {
        // flats parallel to the axis at the apothem: the bore's normals point to the axis
        const flats = (part, r, inward) =>
          facesWhere(part, () => true, (v, vn) => Math.abs(dot(vn, p.axis)) < NORMAL_EPS && Math.abs(dot(sub(v, p.point), vn) - (inward ? -r : r)) < EPS);
        ok(flats(A, p.radiusA, true).length === POLYGON_SIDES[p.profile], where, `${A.name} has not ${POLYGON_SIDES[p.profile]} bore flats at ${p.radiusA}`);
        ok(flats(B, p.radiusB, false).length === POLYGON_SIDES[p.profile], where, `${B.name} has not ${POLYGON_SIDES[p.profile]} shaft flats at ${p.radiusB}`);
        break;
      }
      const cylFaces = (part, r, inward) =>
        facesWhere(
          part,
          (v) => Math.abs(distToLine(v, p.point, p.axis) - r) < EPS,
          (v, vn) => roughlyAligned(vn, scale(radial(v, p.point, p.axis), inward ? -1 : 1)),
        );
      const fa = cylFaces(A, p.radiusA, true);
      const fb = cylFaces(B, p.radiusB, false);
      ok(fa.length > 0, where, `${A.name} has no hole of radius ${p.radiusA} on the axis`);
      ok(fb.length > 0, where, `${B.name} has no shaft of radius ${p.radiusB} on the axis`);
      if (p.clearance > 0 && fa.length) {
        // the hole's chords must stay outside the shaft, or the clearance is lost to tessellation
        let inner = Infinity;
        for (const f of fa)
          for (let t = f.first; t <= f.last; t++)
            for (let k = 0; k < 3; k++) {
              const a = A.pos(A.I[3 * t + k]);
              const b = A.pos(A.I[3 * t + ((k + 1) % 3)]);
              inner = Math.min(inner, distToLine(scale(add(a, b), 0.5), p.point, p.axis));
            }
        ok(inner > p.radiusB, where, `hole chords reach radius ${inner.toFixed(4)} <= shaft radius ${p.radiusB}`);
      }
      break;
    }
    case 'spherical': {
      const on = (v) => Math.abs(norm(sub(v, p.center)) - p.radius) < EPS;
      const dirOut = (v) => scale(sub(v, p.center), 1 / norm(sub(v, p.center)));
      const fa = facesWhere(A, on, (v, vn) => roughlyAligned(vn, scale(dirOut(v), -1)));
      const fb = facesWhere(B, on, (v, vn) => roughlyAligned(vn, dirOut(v)));
      ok(fa.length > 0, where, `${A.name} has no spherical cavity of radius ${p.radius}`);
      ok(fb.length > 0, where, `${B.name} has no sphere of radius ${p.radius}`);
      break;
    }
    case 'conical': {
      ok(Math.abs(p.halfAngle - (p.halfAngleDeg * Math.PI) / 180) < 1e-9, where, 'halfAngle != halfAngleDeg');
      const tan = Math.tan(p.halfAngle);
      const on = (v) => Math.abs(distToLine(v, p.apex, p.axis) - dot(sub(v, p.apex), p.axis) * tan) < EPS;
      // cone normal: radial * cos(a) - axis * sin(a), pointing out of the solid inside the cone
      const coneN = (v) => sub(scale(radial(v, p.apex, p.axis), Math.cos(p.halfAngle)), scale(p.axis, Math.sin(p.halfAngle)));
      const fa = facesWhere(A, on, (v, vn) => roughlyAligned(vn, scale(coneN(v), -1)));
      const fb = facesWhere(B, on, (v, vn) => roughlyAligned(vn, coneN(v)));
      ok(fa.length > 0, where, `${A.name} has no conical seat face`);
      ok(fb.length > 0, where, `${B.name} has no conical face`);
      if (fa.length && fb.length) {
        const range = (part, fs) => {
          const r = fs.flatMap((f) => f.verts.map((v) => distToLine(part.pos(v), p.apex, p.axis)));
          return [Math.min(...r), Math.max(...r)];
        };
        const [a0, a1] = range(A, fa);
        const [b0, b1] = range(B, fb);
        ok(Math.abs(Math.max(a0, b0) - p.radiusMin) < EPS, where, `band starts at ${Math.max(a0, b0)}, not ${p.radiusMin}`);
        ok(Math.abs(Math.min(a1, b1) - p.radiusMax) < EPS, where, `band ends at ${Math.min(a1, b1)}, not ${p.radiusMax}`);
      }
      break;
    }
    case 'gear': {
      // the tip circles (m (z + 2) / 2) about each axis, the centres m (zA + zB) / 2 apart
      ok(Math.abs(p.ratio - p.teethB / p.teethA) < 1e-9, where, 'ratio != teethB / teethA');
      ok(Math.abs(distToLine(p.centerB, p.centerA, p.axis) - p.centerDistance) < 1e-9, where, 'centre distance');
      ok(Math.abs(p.centerDistance - (p.module * (p.teethA + p.teethB)) / 2) < 1e-9, where, 'centres not on tangent pitch circles');
      for (const [part, c, z] of [[A, p.centerA, p.teethA], [B, p.centerB, p.teethB]]) {
        let tip = 0;
        for (let i = 0; i < part.P.length / 3; i++) tip = Math.max(tip, distToLine(part.pos(i), c, p.axis));
        ok(Math.abs(tip - (p.module * (z + 2)) / 2) < EPS, where, `${part.name} tip radius ${tip.toFixed(4)} != ${(p.module * (z + 2)) / 2}`);
      }
      break;
    }
    case 'threaded': {
      // the fastener's cylinder at the nominal radius, the mate's bore at `bore`, both on the axis
      const onAxis = (part, r, inward) =>
        facesWhere(part, (v) => Math.abs(distToLine(v, p.point, p.axis) - r) < EPS, (v, vn) => roughlyAligned(vn, scale(radial(v, p.point, p.axis), inward ? -1 : 1)));
      ok(onAxis(B, p.nominal / 2, false).length > 0, where, `${B.name} has no thread cylinder of dia. ${p.nominal} on the axis`);
      ok(onAxis(A, p.bore / 2, true).length > 0, where, `${A.name} has no bore of dia. ${p.bore} on the axis`);
      ok((p.drawn === 'nominal') === (Math.abs(p.bore - p.nominal) < 1e-9), where, `drawn ${p.drawn} with bore ${p.bore} and nominal ${p.nominal}`);
      break;
    }
    case 'press-fit':
    case 'preload':
      break;
    default:
      fail(where, `unknown kind ${m.kind}`);
  }
}

function checkMates(sample, doc, parts) {
  const where = `${sample}.mates.json`;
  ok(doc.schema === 'surfcd/mates@1', where, `schema ${doc.schema}`);
  ok(doc.units === 'mm', where, `units ${doc.units}`);
  ok(Array.isArray(doc.mates) && doc.mates.length > 0, where, 'no mates');
  const byName = new Map(parts.map((p) => [p.name, p]));
  ok(
    JSON.stringify(doc.parts.map((p) => p.name)) === JSON.stringify(parts.map((p) => p.name)),
    where,
    'parts list differs from the STEP',
  );
  const touching = new Set();
  doc.mates.forEach((m, i) => {
    const w = `${where} #${i} ${m.kind} ${m.partA}/${m.partB}`;
    if (!ok(KINDS.has(m.kind), w, 'unknown kind')) return;
    const A = byName.get(m.partA);
    const B = byName.get(m.partB);
    if (!ok(A && B && A !== B, w, 'unknown or identical parts')) return;
    if (m.kind === 'insert') {
      const [ic, ia] = m.derivedFrom ?? [];
      const c = doc.mates[ic];
      const a = doc.mates[ia];
      ok(c?.kind === 'coaxial' && a?.kind === 'against', w, 'derivedFrom must name a coaxial and an against mate');
      ok(c?.partA === m.partA && c?.partB === m.partB && a?.partA === m.partA && a?.partB === m.partB, w, 'derivedFrom of another pair');
      if (c && a) {
        ok(distToLine(m.params.point, c.params.point, c.params.axis) < 1e-6, w, 'insert point off the axis');
        ok(Math.abs(dot(sub(m.params.point, a.params.point), a.params.normal)) < 1e-6, w, 'insert point off the plane');
      }
    }
    checkMate(w, m, A, B);
    if (m.kind === 'gear' && !m.params.contact) return;
    if (!((m.kind === 'coaxial' || m.kind === 'insert') && m.params.clearance > 0)) touching.add([m.partA, m.partB].sort().join('|'));
  });
  return touching;
}

// ---------------------------------------------------------------------------

async function checkSample(occt, sample, expect) {
  const stepPath = path.join(DIR, `${sample}.step`);
  const size = (await stat(stepPath)).size;
  const buf = await readFile(stepPath);
  const doc = JSON.parse(await readFile(path.join(DIR, `${sample}.mates.json`), 'utf8'));
  const t = performance.now();
  const result = occt.ReadStepFile(new Uint8Array(buf), null);
  const ms = performance.now() - t;
  const where = `${sample}.step`;
  ok(size < MAX_BYTES, where, `${size} bytes`);
  if (!ok(result.success, where, 'ReadStepFile failed')) return;
  const parts = partsOf(result);
  const names = parts.map((p) => p.name);
  const expected = Object.keys(expect.boxes);
  ok(JSON.stringify(names) === JSON.stringify(expected), where, `parts ${names.join(',')} != ${expected.join(',')}`);
  ok(
    result.root.children.map((c) => c.name).join(',') === expected.join(','),
    where,
    'product tree is not a flat list of the named parts',
  );

  // frame: rotated-rig is checked in the rig's frame by undoing the transform in its JSON
  let toLocal = (p) => p;
  if (expect.frameFromJson) {
    const M = doc.transform.matrix; // column-major
    const Rm = [[M[0], M[4], M[8]], [M[1], M[5], M[9]], [M[2], M[6], M[10]]];
    const tv = [M[12], M[13], M[14]];
    ok(Math.abs(Math.abs(Rm[2][2]) - 1) > 0.01, where, 'transform is axis-aligned');
    toLocal = (p) => {
      const q = sub(p, tv);
      return [0, 1, 2].map((j) => Rm[0][j] * q[0] + Rm[1][j] * q[1] + Rm[2][j] * q[2]); // R^T q
    };
  }

  for (const part of parts) {
    const w = `${where} ${part.name}`;
    ok(part.faces.length > 0, w, 'no brep_faces');
    ok(part.faces.every((f) => f.last >= f.first), w, 'an empty brep face');
    const want = doc.parts.find((p) => p.name === part.name)?.color;
    if (want && part.color) {
      const rgb = [1, 3, 5].map((i) => parseInt(want.slice(i, i + 2), 16) / 255);
      ok(part.color.every((c, i) => Math.abs(c - rgb[i]) < 1e-3), w, `colour ${fmt(part.color)} != ${want}`);
    } else ok(Boolean(part.color), w, 'no colour');
    const box = expect.boxes[part.name];
    if (!box) continue;
    const b = boundsOf(part, toLocal);
    for (let k = 0; k < 3; k++) {
      const tol = box.flat.includes(k) ? EPS : CURVED_EPS;
      // chords lie inside curved surfaces: allow shrinking by tol, never growing beyond EPS
      ok(b.min[k] >= box.min[k] - EPS && b.min[k] <= box.min[k] + tol, w, `min[${'xyz'[k]}] ${b.min[k].toFixed(4)} != ${box.min[k].toFixed(4)}`);
      ok(b.max[k] <= box.max[k] + EPS && b.max[k] >= box.max[k] - tol, w, `max[${'xyz'[k]}] ${b.max[k].toFixed(4)} != ${box.max[k].toFixed(4)}`);
    }
  }

  // relations that a recognizer or a collision test relies on (rig frame)
  if (expect.boxes === RIG_BOXES) {
    const bb = Object.fromEntries(parts.map((p) => [p.name, boundsOf(p, toLocal)]));
    const eq = (a, b, msg) => ok(Math.abs(a - b) < EPS, where, `${msg}: ${a.toFixed(5)} vs ${b.toFixed(5)}`);
    eq(bb.nut.max[2], bb.plate.min[2], 'nut top = plate bottom');
    eq(bb.nut.min[2], bb.plate.min[2] - 8, 'nut bottom = plate bottom - 8');
    eq(bb.bearing.min[2], bb.plate.min[2], 'bearing body flush with plate bottom');
    eq(bb.pin.max[2] - 3, bb.plate.max[2], 'pin head on plate top');
    eq(bb.bolt.max[2] - 7, bb.plate.max[2], 'bolt head (7 high) on plate top');
    eq(bb.shaft.max[2] - 17, bb.bearing.max[2], 'shaft shoulder (17 long) on bearing flange top');
  }

  const touching = checkMates(sample, doc, parts);
  const tris = parts.reduce((s, p) => s + p.triangles, 0);
  const faces = parts.reduce((s, p) => s + p.faces.length, 0);
  console.log(
    `${sample.padEnd(15)} ${(size / 1024).toFixed(0).padStart(4)} KiB  ${parts.length} parts  ${String(faces).padStart(3)} faces ` +
      `${String(tris).padStart(5)} triangles  ${String(doc.mates.length).padStart(2)} mates  ${touching.size} touching pairs  read ${ms.toFixed(0)} ms`,
  );
}

const t0 = performance.now();
const occt = await (await import('occt-import-js')).default();
const only = process.argv.slice(2);
for (const [sample, expect] of Object.entries(EXPECT)) {
  if (only.length && !only.includes(sample)) continue;
  try {
    await checkSample(occt, sample, expect);
  } catch (e) {
    fail(sample, e.stack ?? String(e));
  }
}
console.log(`${checks} checks, ${failures} failures (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
process.exitCode = failures ? 1 : 0;
