import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * About how long each journey file takes in a full run (seconds, two lanes on two cores). The
 * files start longest first, so neither lane is left running a long file alone at the end. A fresh
 * clone has no timings of its own (Vitest would start the largest files first), so they are kept
 * here; a file not listed counts as a minute. Refresh from a run's file times when they move far.
 */
const SECONDS: Record<string, number> = {
  "route-walk.e2e.ts": 162,
  "xss-more.e2e.ts": 159,
  "accounts.e2e.ts": 106,
  "people.e2e.ts": 88,
  "keyboard.e2e.ts": 80,
  "payments.e2e.ts": 78,
  "posts.e2e.ts": 73,
  "chat.e2e.ts": 70,
  "first-hour.e2e.ts": 65,
  "xss.e2e.ts": 55,
  "jobs.e2e.ts": 51,
  "shell.e2e.ts": 42,
  "own-servers.e2e.ts": 34,
  "admin-content.e2e.ts": 33,
  "admin-moderation.e2e.ts": 31,
  "moderation-appeal.e2e.ts": 19,
  "wallet.e2e.ts": 19,
  "two-factor.e2e.ts": 17,
  "your-view.e2e.ts": 16,
  "installable.e2e.ts": 14,
  "account-data.e2e.ts": 13,
  "live.e2e.ts": 12,
  "admin.e2e.ts": 7,
  "open-web.e2e.ts": 6,
  "routing.e2e.ts": 2,
};

const seconds = (spec: TestSpecification) => SECONDS[basename(spec.moduleId)] ?? 60;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
