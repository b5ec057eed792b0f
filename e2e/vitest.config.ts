import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { LANES } from "./lane.ts";
import LongestFirst from "./sequencer.ts";

// Temporary files in memory-backed /dev/shm where the machine has it, as the lanes' databases are
// (e2e/global-setup.ts): Chromium's profiles and the shared memory it keeps in files, the servers'
// own folders, the crash journey's database. On disk their writes wait for the disk (ADR 226).
if (existsSync("/dev/shm") && !process.env.AGORA_TESTS_ON_DISK) process.env.TMPDIR = "/dev/shm";

// Browser journeys: Debian Chromium driven by playwright-core against servers this run starts, one
// per lane (e2e/lane.ts): as many files run at once as there are lanes, each alone on its server.
export default defineConfig({
  test: {
    root: new URL(".", import.meta.url).pathname,
    include: ["**/*.e2e.ts"],
    globalSetup: ["./global-setup.ts"],
    setupFiles: ["./lane-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll waits for what a person would wait for; a second (Vitest's default) is too short
    // for a page that reloads while another file's browser shares the two cores.
    expect: { poll: { timeout: 10_000 } },
    maxWorkers: LANES,
    sequence: { sequencer: LongestFirst },
    environment: "node",
  },
});
