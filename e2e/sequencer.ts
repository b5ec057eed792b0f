import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * About how long each journey file takes in a full run (seconds, two lanes on two cores). The
 * files start longest first, so neither lane is left running a long file alone at the end. A fresh
 * clone has no timings of its own (Vitest would start the largest files first), so they are kept
 * here; a file not listed counts as a minute. Refresh from a run's file times when they move far.
 */
const SECONDS: Record<string, number> = {
  "route-walk.e2e.ts": 166,
  "xss-more.e2e.ts": 142,
  "accounts.e2e.ts": 120,
  "keyboard.e2e.ts": 118,
  "people.e2e.ts": 111,
  "payments.e2e.ts": 95,
  "posts.e2e.ts": 70,
  "own-servers.e2e.ts": 68,
  "first-hour.e2e.ts": 66,
  "chat.e2e.ts": 65,
  "jobs.e2e.ts": 64,
  "xss.e2e.ts": 58,
  "shell.e2e.ts": 52,
  "admin-moderation.e2e.ts": 41,
  "admin-content.e2e.ts": 31,
  "two-factor.e2e.ts": 22,
  "moderation-appeal.e2e.ts": 19,
  "wallet.e2e.ts": 17,
  "account-data.e2e.ts": 16,
  "live.e2e.ts": 16,
  "your-view.e2e.ts": 14,
  "installable.e2e.ts": 13,
  "admin.e2e.ts": 12,
  "open-web.e2e.ts": 10,
  "routing.e2e.ts": 1,
};

const seconds = (spec: TestSpecification) => SECONDS[basename(spec.moduleId)] ?? 60;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
