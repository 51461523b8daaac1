/**
 * A run of inside/depth questions about one part's solid, from samples that follow each
 * other closely (a march across a triangle, its refinement around the deepest point).
 * Answers are those of `pointInPart` and `distanceToPart`, bit for bit; what the run
 * learns only makes them cheaper:
 *
 * - the nearest-point search starts from the previous sample's closest point
 *   (`distanceToPartNear`);
 * - a point of a closed solid at distance d from its surface has a ball of radius d around
 *   it that the surface does not enter, so a later sample inside that ball is inside
 *   without casting rays. The balls kept are the last sample's and the deepest one's,
 *   shrunk by a margin far above rounding.
 */
import type { Part } from '../model/types.js';
import { distanceToPart, distanceToPartNear, partIsClosed, pointInPart } from './partSolid.js';

/** One inside point and its clearance to the surface, shrunk so rounding cannot matter. */
class Ball {
  x = 0;
  y = 0;
  z = 0;
  radius2 = -1;
  holds(x: number, y: number, z: number): boolean {
    const dx = x - this.x, dy = y - this.y, dz = z - this.z;
    return dx * dx + dy * dy + dz * dz < this.radius2;
  }
  set(x: number, y: number, z: number, d: number, margin: number): void {
    const r = d * (1 - 1e-6) - margin;
    this.x = x;
    this.y = y;
    this.z = z;
    this.radius2 = r > 0 ? r * r : -1;
  }
}

export class SolidProbe {
  /** Closest point of the last depth found (the part's frame). */
  readonly closest = new Float64Array(3);
  private readonly last = new Float64Array(3);
  private hasLast = false;
  private readonly closed: boolean;
  private readonly lastBall = new Ball();
  private readonly deepBall = new Ball();
  private deepest = 0;
  /** Rounding of coordinates of this part's size, far below any clearance that matters. */
  private readonly margin: number;

  constructor(readonly part: Part) {
    this.closed = partIsClosed(part);
    const b = part.bounds;
    this.margin = 1e-9 * (1 + Math.max(Math.abs(b[0]!), Math.abs(b[1]!), Math.abs(b[2]!), Math.abs(b[3]!), Math.abs(b[4]!), Math.abs(b[5]!)));
  }

  /** Depth of p below the part's surface when p is inside the solid (closest point in `closest`), else 0. */
  depthInside(x: number, y: number, z: number): number {
    const known = this.closed && (this.lastBall.holds(x, y, z) || this.deepBall.holds(x, y, z));
    if (!known && pointInPart(this.part, x, y, z) !== 'inside') return 0;
    const d = this.hasLast ? distanceToPartNear(this.part, x, y, z, this.closest, this.last) : distanceToPart(this.part, x, y, z, this.closest);
    if (!Number.isFinite(d)) return d;
    this.last.set(this.closest);
    this.hasLast = true;
    this.lastBall.set(x, y, z, d, this.margin);
    if (d > this.deepest) {
      this.deepest = d;
      this.deepBall.set(x, y, z, d, this.margin);
    }
    return d;
  }
}
