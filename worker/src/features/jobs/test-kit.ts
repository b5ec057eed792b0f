import { expect } from "vitest";
import type { JobCategory, JobWorkMode } from "#shared/enums.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import { admins, companies, jobs } from "#worker/db/schema/index.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { api, bearer, deps, detail, env, json, jsonBody, reads } from "#worker-test/api.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { pngFile } from "#worker-test/posts.ts";
import { enrollTotp } from "#worker-test/two-factor.ts";

// Helpers for the jobs and services tests: job forms as a browser sends them, staff tokens, and
// many jobs straight into D1 for the cost tests.

export type Page<T> = CursorPage<T>;

let seq = 0;
/** A company name nobody has used yet (names are unique across the site). */
export function companyName(prefix = "Acme"): string {
  seq += 1;
  return `${prefix} ${seq} ${Math.floor(Math.random() * 1e6)}`;
}

/** A valid job form; `overrides` replace fields, and `null` leaves a field out. */
export function jobForm(overrides: Record<string, string | Blob | null> = {}): FormData {
  const fields: Record<string, string | Blob | null> = {
    company_name: companyName(),
    company_logo: pngFile("logo.png"),
    company_description: "We build tools for remote teams.",
    company_website: "https://acme.example",
    company_location: "Lisbon",
    job_title: "Senior Rust Engineer",
    job_description: "Build the storage engine of our product.",
    job_location: "Anywhere",
    job_type: "FULLTIME",
    job_category: "PROGRAMMING",
    job_work_mode: "REMOTE",
    job_experience_level: "SENIOR",
    job_minimum_salary: "90000",
    job_maximum_salary: "120000",
    job_pay_in_cryptocurrency: "false",
    job_how_to_apply: "https://acme.example/jobs",
    job_skills: "Rust,SQLite",
    ...overrides,
  };
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null) body.append(k, v);
  return body;
}

export function postJob(user: TestUser, overrides: Record<string, string | Blob | null> = {}) {
  return api("/api/v1/private/user/job", { method: "POST", headers: user.auth, body: jobForm(overrides) });
}

/** Posts a job that must be accepted; answers its slug. */
export async function newJob(user: TestUser, overrides: Record<string, string | Blob | null> = {}) {
  const res = await postJob(user, overrides);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ slug: string; link: string }>(res)).slug;
}

/** A staff member's token headers. */
export async function adminAuth(): Promise<Record<string, string>> {
  seq += 1;
  const username = `staff${seq}x${Math.floor(Math.random() * 1e6)}`;
  const row = await deps.db.orm
    .insert(admins)
    .values({ username, passwordHash: "unused" })
    .returning({ id: admins.id, tokenVersion: admins.tokenVersion })
    .get();
  await enrollTotp({ kind: "admin", id: row.id });
  // As the admin sign-in's token after its code step: the factor was proved now.
  const now = Math.floor(Date.now() / 1000);
  return bearer(
    await signAccessToken(env.JWT_SECRET, "admin", row.id, row.tokenVersion, {
      factorAt: now,
      passwordAt: now,
    }),
  );
}

/** A request with a JSON body: `jsonRequest("PATCH", {...}, auth)`. */
export function jsonRequest(method: string, body: unknown, headers: Record<string, string>): RequestInit {
  return { method, ...jsonBody(body, headers) };
}

/**
 * Many CONFIRMED jobs of one owner and company straight into D1, oldest first: for tests about
 * order and cost. `fields(i)` sets columns per job (category, title, …).
 */
export async function insertJobs(
  ownerId: number,
  count: number,
  fields: (
    i: number,
  ) => Partial<
    Record<"title" | "job_category" | "work_mode" | "pay_in_crypto", string | number>
  > = () => ({}),
): Promise<void> {
  const name = companyName("Bulk");
  const { orm } = deps.db;
  const company = await orm
    .insert(companies)
    .values({ ownerId, name, nameKey: name.toLowerCase(), logo: "/media/x.png", createdAt: 0, updatedAt: 0 })
    .returning({ id: companies.id })
    .get();
  const now = Date.now();
  const statements = Array.from({ length: count }, (_, i) => {
    const f = fields(i);
    const createdAt = now - (count - i) * 1000;
    return orm.insert(jobs).values({
      ownerId,
      companyId: company.id,
      slug: `bulk-${now}-${i}`,
      title: String(f.title ?? `Bulk job ${i}`),
      description: "Bulk description",
      jobType: "FULLTIME",
      jobCategory: (f.job_category ?? "PROGRAMMING") as JobCategory,
      workMode: (f.work_mode ?? "REMOTE") as JobWorkMode,
      experienceLevel: "MID",
      payInCrypto: Boolean(f.pay_in_crypto ?? 0),
      howToApply: "jobs@bulk.example",
      skills: ["Bulk"],
      status: "CONFIRMED",
      expiresAt: now + 60 * 24 * 3600_000,
      createdAt,
      updatedAt: createdAt,
    });
  });
  for (let i = 0; i < statements.length; i += 200) {
    const [first, ...rest] = statements.slice(i, i + 200);
    await orm.batch([first!, ...rest]);
  }
}

export { api, createUser, detail, env, json, pngFile, reads, type TestUser };
