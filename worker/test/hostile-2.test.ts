import { describeHostile } from "./hostile-suite";

// Hostile input to every operation, part 2 of 4 (test/hostile-suite.ts).
await describeHostile(1, 4);
