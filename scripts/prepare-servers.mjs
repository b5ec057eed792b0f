#!/usr/bin/env node
// Makes what every local server of a test run starts from, ahead of the browser journeys: the
// Workers' bundle and the migrated empty database (scripts/server.mjs). `bun run test` runs it beside
// the worker tests, on the core the type check and the build leave free; the journeys' servers then
// start in seconds. Each is made again only when its sources changed.
import { bundleWorkersOnce, migratedTemplate, SERVER_BUNDLE_DIR } from "./server.mjs";

bundleWorkersOnce({ outDir: SERVER_BUNDLE_DIR });
migratedTemplate();
