#!/usr/bin/env node
// The production dependencies against the npm advisory database (`bun audit`): any high or
// critical advisory fails the test command. When the advisory service cannot be reached (offline
// machines, registries that only mirror packages), it says so plainly instead of passing silently.
import { spawnSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";

const result = spawnSync("bun", ["audit", "--production", "--audit-level=high"], { encoding: "utf8" });
// Colour codes (FORCE_COLOR in the test command) stripped, so the messages can be matched.
const output = stripVTControlCharacters(`${result.stdout ?? ""}${result.stderr ?? ""}`);
const unreachable =
  /security\/advisories\/bulk - (4\d\d|5\d\d)|ConnectionRefused|ENOTFOUND|ECONNRESET|timed out/i;

if (result.status === 0) {
  process.stdout.write(output);
  console.log("audit: no known high or critical advisory in production dependencies");
  process.exit(0);
}
if (unreachable.test(output)) {
  console.log("audit: NOT CHECKED: the npm advisory service cannot be reached from this machine");
  console.log(output.trim().split("\n").slice(-1)[0]);
  process.exit(0);
}
process.stdout.write(output);
console.log("audit: production dependencies have high or critical advisories (above)");
process.exit(1);
