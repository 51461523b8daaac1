/// <reference lib="dom" />
/** Bundle entry of the static HTML report (no surfcd core inside: results are precomputed). */
import { startPage } from './page.js';

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => startPage());
else startPage();
