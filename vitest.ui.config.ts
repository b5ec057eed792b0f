import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/** Files that replace the router module with a stand-in (vi.mock): isolated, see below. */
const MOCKS_THE_ROUTER = ["web/src/features/accounts/accounts.test.tsx"];

// SPA component tests: React components in happy-dom, and checks over the SPAs' source.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: "happy-dom",
    setupFiles: ["./shared/client/test-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "ui",
          include: [
            "web/src/**/*.test.{ts,tsx}",
            "admin/src/**/*.test.{ts,tsx}",
            "shared/**/*.test.{ts,tsx}",
          ],
          exclude: MOCKS_THE_ROUTER,
          // Files run in worker threads that keep their module graph and DOM from one file to the
          // next: a fresh process and happy-dom per file was 90% of the step's time (127 s against
          // 12 s). Each test still unmounts what it rendered and restores the language
          // (shared/client/test-setup.ts).
          pool: "threads",
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // A file that mocks the router must not share its module graph: a lazy module it loads
          // (a snackbar's item, with the mocked Link) would stay cached for the next file.
          name: "ui-isolated",
          include: MOCKS_THE_ROUTER,
          pool: "threads",
          isolate: true,
        },
      },
    ],
  },
});
