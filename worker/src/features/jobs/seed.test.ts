import { describe, expect, it } from "vitest";
import type { Job } from "#shared/schemas/jobs.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import type { Service } from "#shared/schemas/services.ts";
import { deps } from "#worker-test/api.ts";
import { seedDemoData } from "../../dev/seed";
import { api, env, json } from "./test-kit";

describe("the demo jobs and services", () => {
  it("fill the board across categories and companies, with logos in R2, and counters that agree", async () => {
    expect(await seedDemoData(deps)).toBe(true);
    const board = await json<CursorPage<Job>>(await api("/api/v1/job/list?limit=100"));
    expect(board.list).toHaveLength(12);
    expect(board.total_list).toBe(12);
    expect(new Set(board.list.map((j) => j.job_category)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(board.list.map((j) => j.company.name)).size).toBe(5);
    expect(board.list.some((j) => j.job_pay_in_cryptocurrency)).toBe(true);
    expect(board.list.some((j) => j.job_maximum_salary > 0)).toBe(true);
    expect(board.list.some((j) => j.job_maximum_salary === 0)).toBe(true);
    const created = board.list.map((j) => Date.parse(j.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const logo = await api(board.list[0]!.company.logo!);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/svg+xml");
    const crypto = await json<CursorPage<Job>>(await api("/api/v1/job/list?pay_in_crypto=true"));
    expect(crypto.total_list).toBe(crypto.list.length);
    expect(crypto.list.length).toBeGreaterThan(0);
    expect((await json<CursorPage<Job>>(await api("/api/v1/job/list?q=solana"))).list.length).toBeGreaterThan(
      0,
    );

    const market = await json<CursorPage<Service>>(await api("/api/v1/service/list?limit=100"));
    expect(market.list.length).toBeGreaterThanOrEqual(3);
    expect(market.total_list).toBe(market.list.length);
    const providers = await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE service_provider = 1 AND id IN (SELECT owner_id FROM services)",
    ).first<{ n: number }>();
    expect(providers!.n).toBe(3);
  });
});
