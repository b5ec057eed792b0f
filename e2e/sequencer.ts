import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * About how long each journey file takes in a full run (seconds, two lanes on two cores). The
 * files start longest first, so neither lane is left running a long file alone at the end. A fresh
 * clone has no timings of its own (Vitest would start the largest files first), so they are kept
 * here; a file not listed counts as a minute. Refresh from a run's file times when they move far.
 */
const SECONDS: Record<string, number> = {
  "own-servers.e2e.ts": 252,
  "accounts.e2e.ts": 202,
  "xss-more.e2e.ts": 150,
  "route-walk.e2e.ts": 150,
  "keyboard.e2e.ts": 138,
  "payments.e2e.ts": 114,
  "people.e2e.ts": 108,
  "chat.e2e.ts": 101,
  "posts.e2e.ts": 100,
  "jobs.e2e.ts": 84,
  "shell.e2e.ts": 68,
  "xss.e2e.ts": 61,
  "admin-moderation.e2e.ts": 47,
  "admin-content.e2e.ts": 42,
  "two-factor.e2e.ts": 28,
  "wallet.e2e.ts": 24,
  "moderation-appeal.e2e.ts": 19,
  "account-data.e2e.ts": 18,
  "your-view.e2e.ts": 17,
  "live.e2e.ts": 14,
  "admin.e2e.ts": 9,
  "routing.e2e.ts": 2,
};

const seconds = (spec: TestSpecification) => SECONDS[basename(spec.moduleId)] ?? 60;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
