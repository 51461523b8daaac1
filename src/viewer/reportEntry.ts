/// <reference lib="dom" />
/** Bundle entry of the static HTML report (no surfcd core inside: results are precomputed). */
import { startPage } from './page.js';
import { showStartError } from './style.js';

const start = (): void => void startPage().catch(showStartError);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
