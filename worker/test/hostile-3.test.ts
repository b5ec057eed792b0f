import { describeHostile } from "./hostile-suite";

// Hostile input to every operation, part 3 of 4 (test/hostile-suite.ts).
await describeHostile(2, 4);
