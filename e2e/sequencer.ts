import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * About how long each journey file takes in a full run (seconds, two lanes on two cores). The
 * files start longest first, so neither lane is left running a long file alone at the end. A fresh
 * clone has no timings of its own (Vitest would start the largest files first), so they are kept
 * here; a file not listed counts as a minute. Refresh from a run's file times when they move far.
 */
const SECONDS: Record<string, number> = {
  "route-walk.e2e.ts": 205,
  "xss-more.e2e.ts": 201,
  "accounts.e2e.ts": 137,
  "people.e2e.ts": 119,
  "keyboard.e2e.ts": 118,
  "payments.e2e.ts": 107,
  "first-hour.e2e.ts": 83,
  "posts.e2e.ts": 81,
  "chat.e2e.ts": 78,
  "shell.e2e.ts": 77,
  "jobs.e2e.ts": 75,
  "xss.e2e.ts": 73,
  "admin-moderation.e2e.ts": 56,
  "own-servers.e2e.ts": 49,
  "admin-content.e2e.ts": 46,
  "moderation-appeal.e2e.ts": 32,
  "two-factor.e2e.ts": 29,
  "wallet.e2e.ts": 27,
  "your-view.e2e.ts": 25,
  "installable.e2e.ts": 23,
  "live.e2e.ts": 23,
  "account-data.e2e.ts": 22,
  "admin.e2e.ts": 14,
  "open-web.e2e.ts": 11,
  "routing.e2e.ts": 4,
};

const seconds = (spec: TestSpecification) => SECONDS[basename(spec.moduleId)] ?? 60;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
