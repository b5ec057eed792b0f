import { describeHostile } from "./hostile-suite";

// Hostile input to every operation, part 1 of 4 (test/hostile-suite.ts).
await describeHostile(0, 4);
