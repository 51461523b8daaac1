/**
 * Real headless Chromium for page tests (Debian's `chromium` driven by playwright-core; no
 * browser download). `describeBrowser` runs its body when a browser starts and skips
 * visibly, with the reason in the title, when none can (never silently).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe } from 'vitest';

/** Where the browser is looked for: $CHROMIUM_PATH, then Debian's paths. */
const CANDIDATES = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Flags that keep a sandboxed, offline machine quiet (no background connections, no GPU). */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const chromiumPath: string | undefined = CANDIDATES.find((p): p is string => !!p && existsSync(p));

/** Starts headless Chromium; the caller closes it. Throws when it cannot start. */
export async function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error('no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: FLAGS });
}

/** describe() that runs only where a Chromium binary exists; otherwise skips with the reason. */
export const describeBrowser = (title: string, body: () => void): void => {
  if (chromiumPath) describe(title, body);
  else describe.skip(`${title} [skipped: no Chromium (apt-get install chromium or set CHROMIUM_PATH)]`, body);
};
