import { afterAll, afterEach, expect } from "vitest";
import { openApiCheck } from "./openapi-check";

// Fails the test whose answers the OpenAPI document does not describe (see openapi-check.ts), and
// says at the end of each file how many answers were checked (vitest.config.ts adds them up).

function reportMismatches() {
  const found = openApiCheck.mismatches.splice(0);
  expect(found, `answers the OpenAPI document does not describe:\n${found.join("\n")}`).toEqual([]);
}

afterEach(reportMismatches);

afterAll(() => {
  console.info(`openapi check: ${openApiCheck.checked} responses`);
  // Files share one module instance when the runner reuses a worker: each file counts its own.
  openApiCheck.checked = 0;
  reportMismatches();
});
