import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * About how long each journey file takes in a full run (seconds, two lanes on two cores). The
 * files start longest first, so neither lane is left running a long file alone at the end. A fresh
 * clone has no timings of its own (Vitest would start the largest files first), so they are kept
 * here; a file not listed counts as a minute. Refresh from a run's file times when they move far.
 */
const SECONDS: Record<string, number> = {
  "route-walk.e2e.ts": 520,
  "own-servers.e2e.ts": 250,
  "xss-more.e2e.ts": 240,
  "admin-moderation.e2e.ts": 220,
  "accounts.e2e.ts": 205,
  "keyboard.e2e.ts": 200,
  "people.e2e.ts": 120,
  "payments.e2e.ts": 105,
  "jobs.e2e.ts": 90,
  "posts.e2e.ts": 85,
  "chat.e2e.ts": 80,
  "shell.e2e.ts": 65,
  "xss.e2e.ts": 55,
  "admin-content.e2e.ts": 50,
  "wallet.e2e.ts": 35,
  "moderation-appeal.e2e.ts": 27,
  "account-data.e2e.ts": 24,
  "two-factor.e2e.ts": 23,
  "live.e2e.ts": 23,
  "your-view.e2e.ts": 20,
  "admin.e2e.ts": 16,
  "routing.e2e.ts": 3,
};

const seconds = (spec: TestSpecification) => SECONDS[basename(spec.moduleId)] ?? 60;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
