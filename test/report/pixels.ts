/// <reference lib="dom" />
/** Pixel statistics of the page's WebGL canvas, computed in the page (no PNG decoder, no megabyte transfers). */
import type { Page } from 'playwright-core';

export interface Pixels {
  total: number;
  distinct: number;
  /** Surface A's blue (#0072b2, lit): blue clearly dominant. */
  blue: number;
  /** Surface B's orange (#e69f00, lit): red high, blue low. */
  orange: number;
  /** The page background #f4f5f7. */
  background: number;
  /** The live viewer's picked part (#009e73, lit): green clearly dominant. */
  green: number;
}

/** `keep`: also store the pixels in the page under that name, for changedPixels. */
export async function canvasPixels(page: Page, keep: string | null = null): Promise<Pixels> {
  // let the page draw what the last action asked for (two animation frames) before reading it
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  return page.evaluate((keep) => {
    const gl = document.querySelector('canvas#view') as HTMLCanvasElement;
    const c = document.createElement('canvas');
    c.width = gl.width;
    c.height = gl.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(gl, 0, 0);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    let blue = 0, orange = 0, background = 0, green = 0;
    const rgb = new Uint32Array(data.length / 4);
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!;
      seen.add((r << 16) | (g << 8) | b);
      rgb[i / 4] = (r << 16) | (g << 8) | b;
      if (g > 100 && g > r + 60 && g > b + 15 && b > 40) green++; // not the gizmo's pure green
      if (b > 90 && b > r + 60 && b > g + 15) blue++;
      if (r > 120 && r > b + 90 && g > b + 40 && r >= g) orange++;
      if (Math.abs(r - 0xf4) < 4 && Math.abs(g - 0xf5) < 4 && Math.abs(b - 0xf7) < 4) background++;
    }
    if (keep) ((window as unknown as { pixelSnapshots?: Record<string, Uint32Array> }).pixelSnapshots ??= {})[keep] = rgb;
    return { total: data.length / 4, distinct: seen.size, blue, orange, background, green };
  }, keep);
}

/** How many pixels differ between two snapshots kept by canvasPixels (counted in the page). */
export function changedPixels(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(([a, b]) => {
    const shots = (window as unknown as { pixelSnapshots: Record<string, Uint32Array> }).pixelSnapshots;
    const x = shots[a]!, y = shots[b]!;
    let n = 0;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) n++;
    return n;
  }, [a, b] as const);
}
