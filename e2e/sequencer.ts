import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * About how long each journey file takes in a full run (seconds, two lanes on two cores). The
 * files start longest first, so neither lane is left running a long file alone at the end. A fresh
 * clone has no timings of its own (Vitest would start the largest files first), so they are kept
 * here; a file not listed counts as a minute. Refresh from a run's file times when they move far.
 */
const SECONDS: Record<string, number> = {
  "xss-more.e2e.ts": 135,
  "accounts.e2e.ts": 134,
  "route-walk.e2e.ts": 128,
  "keyboard.e2e.ts": 116,
  "payments.e2e.ts": 98,
  "people.e2e.ts": 92,
  "chat.e2e.ts": 75,
  "posts.e2e.ts": 66,
  "own-servers.e2e.ts": 66,
  "jobs.e2e.ts": 45,
  "shell.e2e.ts": 41,
  "xss.e2e.ts": 35,
  "admin-moderation.e2e.ts": 32,
  "admin-content.e2e.ts": 30,
  "wallet.e2e.ts": 20,
  "two-factor.e2e.ts": 19,
  "moderation-appeal.e2e.ts": 18,
  "account-data.e2e.ts": 14,
  "live.e2e.ts": 14,
  "admin.e2e.ts": 14,
  "your-view.e2e.ts": 13,
  "routing.e2e.ts": 1,
};

const seconds = (spec: TestSpecification) => SECONDS[basename(spec.moduleId)] ?? 60;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
