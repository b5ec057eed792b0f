import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/src/db/schema/index.ts",
  out: "./migrations",
  migrations: { prefix: "index" },
});
