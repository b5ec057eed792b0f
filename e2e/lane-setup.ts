import { afterAll, beforeAll, inject } from "vitest";
import { enterLane, holdLane } from "./lane";

// Every journey file holds a lane, its own server, for its whole run (e2e/lane.ts).
let release: (() => void) | undefined;

beforeAll(async () => {
  const lanes = inject("lanes");
  const held = await holdLane(inject("laneDir"), lanes.length);
  enterLane(lanes[held.index]!);
  release = held.release;
}, 3_600_000);

afterAll(() => {
  release?.();
});
