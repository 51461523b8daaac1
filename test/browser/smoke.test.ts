import { expect, it } from 'vitest';
import { describeBrowser, launchChromium } from '../helpers/browser.js';

describeBrowser('headless Chromium', () => {
  it('starts and evaluates a page script', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<p id="x">surfcd</p>');
      expect(await page.evaluate('document.getElementById("x")?.textContent')).toBe('surfcd');
    } finally {
      await browser.close();
    }
  });
});
