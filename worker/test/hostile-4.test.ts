import { describeHostile } from "./hostile-suite";

// Hostile input to every operation, part 4 of 4 (test/hostile-suite.ts).
await describeHostile(3, 4);
