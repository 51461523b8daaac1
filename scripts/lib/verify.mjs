// Exact (B-rep) self-checks run by the generator before anything is written:
// no two parts overlap in volume, and the part pairs that touch are exactly the
// pairs the mate list says touch.
import * as R from 'replicad';
import { pairKey } from './mates.mjs';

const TOUCH = 1e-6; // mm: B-rep distance at or below this counts as touching
const OVERLAP = 1e-6; // mm^3: common volume above this is a genuine overlap

/** Lower bound of the distance between two boxes [[min], [max]] (0 if they overlap). */
function boxGap([amin, amax], [bmin, bmax]) {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const d = Math.max(bmin[k] - amax[k], amin[k] - bmax[k], 0);
    s += d * d;
  }
  return Math.sqrt(s);
}

/**
 * @param {string} sample
 * @param {{name: string, shape: any}[]} parts
 * @param {import('./mates.mjs').Mates} mates
 * @returns {{pairs: {a: string, b: string, distance: number, commonVolume: number}[]}}
 */
export function verifySample(sample, parts, mates) {
  const problems = [];
  const names = new Set(parts.map((p) => p.name));
  if (names.size !== parts.length) problems.push('duplicate part names');
  for (const m of mates.list) {
    for (const n of [m.partA, m.partB]) if (!names.has(n)) problems.push(`mate ${m.kind} names unknown part ${n}`);
    if (m.partA === m.partB) problems.push(`mate ${m.kind} ${m.partA} with itself`);
  }
  const expected = mates.touchingPairs();
  const pairs = [];
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i];
      const b = parts[j];
      // boxes apart: certainly not touching (BRepExtrema is slow on far, coaxial shapes)
      const gap = boxGap(a.shape.boundingBox.bounds, b.shape.boundingBox.bounds);
      const distance = gap > 10 * TOUCH ? gap : R.measureDistanceBetween(a.shape, b.shape);
      let commonVolume = 0;
      if (distance <= TOUCH) {
        const common = a.shape.clone().intersect(b.shape.clone());
        commonVolume = common.faces.length ? Math.abs(R.measureVolume(common)) : 0;
        common.delete();
      }
      pairs.push({ a: a.name, b: b.name, distance, commonVolume });
      const key = pairKey(a.name, b.name);
      const touching = distance <= TOUCH;
      if (commonVolume > OVERLAP && !mates.mayOverlap?.(a.name, b.name)) problems.push(`${a.name} and ${b.name} overlap by ${commonVolume} mm^3`);
      if (touching && !expected.has(key)) problems.push(`${a.name} and ${b.name} touch but no mate says so`);
      if (!touching && expected.has(key)) problems.push(`${a.name} and ${b.name} have a contact mate but are (at least) ${distance} mm apart`);
    }
  }
  if (problems.length) throw new Error(`${sample}: ${problems.join('; ')}`);
  return { pairs };
}
