import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { ALONGSIDE_MARK } from "./lane";

/** Files that run beside the journeys' lane first (e2e/lane.ts), the rest as Vitest orders them. */
class AlongsideFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const alongside = (f: TestSpecification) => readFileSync(f.moduleId, "utf8").includes(ALONGSIDE_MARK);
    return [...sorted.filter(alongside), ...sorted.filter((f) => !alongside(f))];
  }
}

// Browser journeys: Debian Chromium driven by playwright-core against a server this run starts.
// Two files at once: the journeys take turns in one lane (the route walk too: it reads what they write);
// a file marked with runsAlongsideJourneys() may run beside them (e2e/lane.ts).
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
    maxWorkers: 2,
    sequence: { sequencer: AlongsideFirst },
    environment: "node",
  },
});
