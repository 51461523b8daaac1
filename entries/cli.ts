#!/usr/bin/env node
// The `surfcd` command: the entry scripts/build-cli.mjs bundles into dist/cli/surfcd.js (one
// file and its lazily loaded chunks instead of ~100 modules for the ESM loader to resolve,
// read and link in every cold start). `node dist/entries/cli.js` runs the same CLI unbundled.
import './installFirstParty.js';
import { exitWhenDone } from '../src/cli/guard.js';
import { main } from '../src/cli/main.js';

// Exit when the work is done, even if a plugin left a timer or a handle open.
exitWhenDone(await main(process.argv.slice(2)));
