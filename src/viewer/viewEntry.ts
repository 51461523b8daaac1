/// <reference lib="dom" />
/** Bundle entry of `surfcd view`: the report page plus the live drag tools and the surfcd core. */
import { startLive } from './live.js';
import { startPage } from './page.js';

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => startPage(startLive));
else startPage(startLive);
