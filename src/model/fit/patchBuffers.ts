/**
 * The memory a patch is built on inside one `fitSurface` call: five typed arrays per surface
 * were most of building a patch (each a zeroed off-heap block and work for the collector), so
 * every patch built on one PatchScratch gets views over the same growing buffers; such a
 * patch must not be kept past the call (diagnostics build their own). `fitSurface` borrows a
 * scratch for its call (fitSurface.ts), so a fit never shares one with another.
 * It also holds `collect`'s vertex lookup (patchCollect.ts) and the fit's own working memory
 * (`fit`, fitScratch.ts).
 */
import { FitScratch } from './fitScratch.js';

const grow = (n: number): number => Math.max(1024, 2 * n);

export class PatchScratch {
  busy = false;
  private f64A = new Float64Array(3072);
  private f64B = new Float64Array(3072);
  private u32 = new Uint32Array(3072);
  private u8 = new Uint8Array(1024);
  // the last view of each buffer: consecutive patches of one size (a part's many small faces)
  // get the same view again instead of a new typed-array object (five views per surface were
  // a tenth of fitting a 2-triangle face)
  private viewA = this.f64A.subarray(0, 0);
  private viewB = this.f64B.subarray(0, 0);
  private viewU32 = this.u32.subarray(0, 0);
  private viewU8 = this.u8.subarray(0, 0);

  // collect's lookup (patchCollect.ts): vertex → local index, valid where `stamp` holds the current call's mark.
  slot = new Int32Array(1024);
  stamp = new Uint32Array(1024);
  mark = 0;
  globalScratch = new Uint32Array(1024);
  globalView = this.globalScratch.subarray(0, 0);
  /**
   * The positions of the local vertices as `collect` read them (3 per local vertex, valid up
   * to the returned count): buildPatch maps them to the local frame in order, instead of
   * gathering them from the part's positions a second time.
   */
  collectedPositions = new Float64Array(3072);
  /** The bounding box `collect` found: min x, y, z, max x, y, z. */
  readonly collectedBox = new Float64Array(6);
  /** The working memory of the fit run on the patch. */
  readonly fit = new FitScratch();

  /** Scratch Float64Array of `length` (slot 0 or 1), contents undefined. */
  f64(slot: 0 | 1, length: number): Float64Array {
    if (slot === 0) {
      if (this.f64A.length < length) this.viewA = (this.f64A = new Float64Array(grow(length))).subarray(0, length);
      else if (this.viewA.length !== length) this.viewA = this.f64A.subarray(0, length);
      return this.viewA;
    }
    if (this.f64B.length < length) this.viewB = (this.f64B = new Float64Array(grow(length))).subarray(0, length);
    else if (this.viewB.length !== length) this.viewB = this.f64B.subarray(0, length);
    return this.viewB;
  }

  /** Scratch Uint32Array of `length`, contents undefined. */
  u32View(length: number): Uint32Array {
    if (this.u32.length < length) this.viewU32 = (this.u32 = new Uint32Array(grow(length))).subarray(0, length);
    else if (this.viewU32.length !== length) this.viewU32 = this.u32.subarray(0, length);
    return this.viewU32;
  }

  /** Scratch Uint8Array of `length`, contents undefined. */
  u8View(length: number): Uint8Array {
    if (this.u8.length < length) this.viewU8 = (this.u8 = new Uint8Array(grow(length))).subarray(0, length);
    else if (this.viewU8.length !== length) this.viewU8 = this.u8.subarray(0, length);
    return this.viewU8;
  }
}
