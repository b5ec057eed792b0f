import { afterAll, beforeAll, inject } from "vitest";
import { holdLane, isAlongside } from "./lane";

// Every journey file takes the lane for its whole run (e2e/lane.ts), unless it runs alongside.
let release: (() => void) | undefined;

beforeAll(async () => {
  if (!isAlongside()) release = await holdLane(inject("laneDir"));
}, 3_600_000);

afterAll(() => {
  release?.();
});
