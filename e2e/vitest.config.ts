import { defineConfig } from "vitest/config";

// Browser journeys: Debian Chromium driven by playwright-core against a server this run starts.
export default defineConfig({
  test: {
    root: new URL(".", import.meta.url).pathname,
    include: ["**/*.e2e.ts"],
    globalSetup: ["./global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    environment: "node",
  },
});
