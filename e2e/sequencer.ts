import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * About how long each journey file takes in a full run (seconds, two lanes on two cores). The
 * files start longest first, so neither lane is left running a long file alone at the end. A fresh
 * clone has no timings of its own (Vitest would start the largest files first), so they are kept
 * here; a file not listed counts as a minute. Refresh from a run's file times when they move far.
 */
const SECONDS: Record<string, number> = {
  "route-walk.e2e.ts": 210,
  "xss-more.e2e.ts": 200,
  "accounts.e2e.ts": 130,
  "people.e2e.ts": 110,
  "keyboard.e2e.ts": 95,
  "payments.e2e.ts": 95,
  "chat.e2e.ts": 90,
  "xss.e2e.ts": 80,
  "jobs.e2e.ts": 75,
  "posts.e2e.ts": 70,
  "first-hour.e2e.ts": 70,
  "shell.e2e.ts": 60,
  "own-servers.e2e.ts": 60,
  "admin-moderation.e2e.ts": 44,
  "admin-content.e2e.ts": 42,
  "your-view.e2e.ts": 27,
  "moderation-appeal.e2e.ts": 27,
  "wallet.e2e.ts": 26,
  "two-factor.e2e.ts": 24,
  "installable.e2e.ts": 22,
  "live.e2e.ts": 15,
  "account-data.e2e.ts": 14,
  "admin.e2e.ts": 12,
  "open-web.e2e.ts": 10,
  "routing.e2e.ts": 3,
};

const seconds = (spec: TestSpecification) => SECONDS[basename(spec.moduleId)] ?? 60;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
