import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// SPA component tests: React components in happy-dom, and checks over the SPAs' source.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ["web/src/**/*.test.{ts,tsx}", "admin/src/**/*.test.{ts,tsx}", "shared/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["./shared/client/test-setup.ts"],
  },
});
