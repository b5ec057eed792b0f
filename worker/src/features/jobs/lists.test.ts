import { createScheduledController } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Job } from "#shared/schemas/jobs.ts";
import worker from "#worker/index.ts";
import {
  adminAuth,
  api,
  companyName,
  createUser,
  detail,
  env,
  insertJobs,
  json,
  jsonRequest,
  newJob,
  type Page,
  reads,
  type TestUser,
} from "./test-kit";

const list = (query: string, auth: Record<string, string> = {}) =>
  api(`/api/v1/job/list?${query}`, { headers: auth });
const titles = (page: Page<Job>) => page.list.map((j) => j.job_title);
const personJobs = (username: string) => api(`/api/v1/user/job/list?username=${username}`);
const jobPage = (username: string, slug: string, auth: Record<string, string> = {}) =>
  api(`/api/v1/job?username=${username}&slug=${slug}`, { headers: auth });
const myJobs = async (user: TestUser) =>
  json<Page<Job>>(await api("/api/v1/private/user/job/list", { headers: user.auth }));

/** Follows every next_cursor of a list and answers every title, in order. */
async function walk(query: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Job> = await json(await list(`${query}${cursor ? `&cursor=${cursor}` : ""}`));
    seen.push(...titles(page));
    cursor = page.next_cursor;
  } while (cursor && seen.length < 1000);
  return seen;
}

// One database for the file: 300 bulk programming jobs, 5 rare design jobs among them, and a few
// jobs posted through the API with distinct words, categories, salaries and crypto pay.
let bulk: TestUser;
let poster: TestUser;
const zephyr = companyName("Zephyr");

beforeAll(async () => {
  bulk = await createUser();
  poster = await createUser();
  await insertJobs(bulk.id, 300, (i) =>
    i % 60 === 7 ? { job_category: "DESIGN", title: `Designer ${i}`, work_mode: "ONSITE" } : {},
  );
  await newJob(poster, {
    company_name: zephyr,
    job_title: "Marketing lead",
    job_description: "Grow our audience in Brazil.",
    job_category: "MARKETING",
    job_type: "PARTTIME",
    job_experience_level: "MID",
    job_minimum_salary: "40000",
    job_maximum_salary: "60000",
    job_skills: "SEO,Copywriting",
  });
  await newJob(poster, {
    company_name: zephyr,
    company_logo: null,
    job_title: "Smart contract auditor",
    job_description: "Review Solidity code before it ships.",
    job_category: "BLOCKCHAIN",
    job_type: "CONTRACT",
    job_experience_level: "SENIOR",
    job_pay_in_cryptocurrency: "true",
    job_minimum_salary: "150000",
    job_maximum_salary: "200000",
    job_skills: "Solidity,Auditing",
  });
  await newJob(poster, {
    company_name: zephyr,
    company_logo: null,
    job_title: "Support intern",
    job_description: "Answer tickets from customers.",
    job_category: "CUSTOMERSUPPORT",
    job_type: "INTERNSHIP",
    job_work_mode: "ONSITE",
    job_experience_level: "NOEXPERIENCEREQUIRED",
    job_minimum_salary: "0",
    job_maximum_salary: "0",
    job_skills: "",
  });
});

describe("GET /api/v1/job/list", () => {
  it("answers public jobs newest first with totals from counters", async () => {
    const res = await list("limit=4");
    expect(res.status).toBe(200);
    const page = await json<Page<Job>>(res);
    expect(titles(page)).toEqual([
      "Support intern",
      "Smart contract auditor",
      "Marketing lead",
      "Bulk job 299",
    ]);
    expect(page.total_list).toBe(303);
    expect(page.total_pages).toBe(76);
    expect(page.list[0]!.company.name).toBe(zephyr);
    expect(page.list[0]!.owner.username).toBe(poster.username);
    expect(page.next_cursor).toMatch(/^j\.\d+$/);
  });

  it("reaches every job once by following next_cursor, and skip agrees with it", async () => {
    const all = await walk("limit=50");
    expect(all).toHaveLength(303);
    const skipped = titles(await json(await list("skip=120&limit=5")));
    expect(skipped).toEqual(all.slice(120, 125));
  });

  it("filters by category, type, work mode, experience level, salary and crypto pay", async () => {
    const only = async (query: string) => titles(await json(await list(`${query}&limit=20`)));
    expect(await only("job_category=DESIGN")).toEqual([
      "Designer 247",
      "Designer 187",
      "Designer 127",
      "Designer 67",
      "Designer 7",
    ]);
    expect(await only("job_category=marketing")).toEqual(["Marketing lead"]);
    expect(await only("job_type=CONTRACT")).toEqual(["Smart contract auditor"]);
    expect(await only("job_work_mode=ONSITE&job_category=CUSTOMERSUPPORT")).toEqual(["Support intern"]);
    expect(await only("job_experience_level=NOEXPERIENCEREQUIRED")).toEqual(["Support intern"]);
    expect(await only("pay_in_crypto=true")).toEqual(["Smart contract auditor"]);
    expect(await only("salary_min=50000")).toEqual(["Smart contract auditor", "Marketing lead"]);
    expect(await only("salary_min=160000")).toEqual(["Smart contract auditor"]);
    expect((await list("job_category=WRITING")).status).toBe(200);
    const bad = await list("job_category=COOKING");
    expect(bad.status).toBe(422);
    expect(await detail(bad)).toMatch(/^job_category: Use one of PROGRAMMING, /);
    const totals = await json<Page<Job>>(await list("job_category=DESIGN&limit=2"));
    expect(totals.total_list).toBe(5);
  });

  it("searches title, description, company and skills, newest first, with the filters", async () => {
    const found = async (q: string, extra = "") =>
      titles(await json(await list(`q=${encodeURIComponent(q)}${extra}`)));
    expect(await found("auditor")).toEqual(["Smart contract auditor"]);
    expect(await found("brazil")).toEqual(["Marketing lead"]);
    expect(await found("solidity")).toEqual(["Smart contract auditor"]);
    expect(await found(zephyr)).toEqual(["Support intern", "Smart contract auditor", "Marketing lead"]);
    expect(await found(zephyr, "&job_category=MARKETING")).toEqual(["Marketing lead"]);
    expect(await found("designer")).toHaveLength(5);
    expect(await found("nothing-like-this")).toEqual([]);
    // Typed text is never read as FTS syntax.
    expect((await list(`q=${encodeURIComponent('auditor" OR *')}`)).status).toBe(200);
  });

  it("reads about a page of rows for a filtered list and a search, not the table", async () => {
    const filtered = await list("job_category=DESIGN&limit=5");
    const cost = reads(filtered);
    expect(cost.listReturned).toBe(5);
    expect(cost.list).toBeLessThanOrEqual(2 * 5 + 2);
    // The page is read once more by its lookup of companies and owners, in the same round trip.
    expect(cost.total).toBeLessThan(24);

    const deep = await json<Page<Job>>(await list("limit=10&skip=200"));
    const afterCursor = await list(`limit=10&cursor=${deep.next_cursor}`);
    expect(reads(afterCursor).list).toBeLessThanOrEqual(2 * 10 + 2);

    const search = await list("q=designer&limit=5");
    const searchCost = reads(search);
    expect(searchCost.listReturned).toBe(5);
    expect(searchCost.total).toBeLessThan(40);
    const rare = await list("q=auditor");
    expect(reads(rare).total).toBeLessThan(20);
    const twoFilters = reads(await list("job_category=DESIGN&job_work_mode=ONSITE&limit=5"));
    expect(twoFilters.list).toBeLessThanOrEqual(2 * 5 + 2);
    expect(twoFilters.total).toBeLessThan(40);
  });

  it("reads a person's jobs through their own index", async () => {
    const cost = reads(await personJobs(poster.username));
    expect(cost.listReturned).toBe(3);
    // The page is read once more by its lookup of companies and owners, in the same round trip.
    expect(cost.total).toBeLessThan(24);
  });
});

describe("one visibility rule", () => {
  it("hides a job put on HOLD from the list, search, the person's jobs and the job page, but not from its owner and staff", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const admin = await adminAuth();
    const slug = await newJob(owner, { job_title: "Quokka wrangler", job_category: "WRITING" });
    const visible = async () => ({
      list: titles(await json(await list("job_category=WRITING"))).includes("Quokka wrangler"),
      search: titles(await json(await list("q=quokka"))).length,
      person: (await json<Page<Job>>(await personJobs(owner.username))).total_list,
      page: (await jobPage(owner.username, slug, stranger.auth)).status,
    });
    expect(await visible()).toEqual({ list: true, search: 1, person: 1, page: 200 });
    const before = await json<Page<Job>>(await list("job_category=WRITING"));

    const held = await api(
      "/api/admin/private/job",
      jsonRequest("PATCH", { username: owner.username, slug, job_status: "HOLD" }, admin),
    );
    expect(held.status).toBe(200);
    expect(await json<Job>(held)).toMatchObject({ job_status: "HOLD", is_public: false });

    expect(await visible()).toEqual({ list: false, search: 0, person: 0, page: 404 });
    expect((await json<Page<Job>>(await list("job_category=WRITING"))).total_list).toBe(
      before.total_list - 1,
    );
    const own = await jobPage(owner.username, slug, owner.auth);
    expect(own.status).toBe(200);
    expect(await json<Job>(own)).toMatchObject({ job_status: "HOLD", is_public: false, user_is_owner: true });
    expect((await myJobs(owner)).list.map((j) => j.job_status)).toEqual(["HOLD"]);
    const staff = await api(`/api/admin/private/job?username=${owner.username}&slug=${slug}`, {
      headers: admin,
    });
    expect(staff.status).toBe(200);

    // Someone else cannot even learn that a hidden job exists by trying to delete it.
    const remove = await api(
      "/api/v1/private/user/job",
      jsonRequest("DELETE", { username: owner.username, slug }, stranger.auth),
    );
    expect(remove.status).toBe(404);

    const back = await api(
      "/api/admin/private/job",
      jsonRequest("PATCH", { username: owner.username, slug, job_status: "CONFIRMED" }, admin),
    );
    expect(back.status).toBe(200);
    expect(await visible()).toEqual({ list: true, search: 1, person: 1, page: 200 });
  });

  it("hides an expired job at once; the daily cron closes it and its owner still sees it", async () => {
    const owner = await createUser();
    const slug = await newJob(owner, { job_title: "Axolotl keeper", job_category: "SERVICE" });
    const counted = async () => (await json<Page<Job>>(await list("job_category=SERVICE"))).total_list;
    const before = await counted();
    await env.DB.prepare("UPDATE jobs SET expires_at = ?1 WHERE slug = ?2")
      .bind(Date.now() - 1000, slug)
      .run();

    expect((await jobPage(owner.username, slug)).status).toBe(404);
    expect(titles(await json(await list("q=axolotl")))).toEqual([]);
    expect((await json<Page<Job>>(await personJobs(owner.username))).total_list).toBe(0);

    // The Worker's own scheduled handler, as the daily Cron Trigger calls it.
    await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: Date.now() }), env);

    const row = await env.DB.prepare("SELECT status FROM jobs WHERE slug = ?1").bind(slug).first();
    expect(row).toEqual({ status: "CLOSED" });
    expect(await counted()).toBe(before - 1);
    const mine = await myJobs(owner);
    expect(mine.list.map((j) => [j.job_title, j.job_status, j.is_public])).toEqual([
      ["Axolotl keeper", "CLOSED", false],
    ]);
    // Jobs that have not expired stay open.
    expect((await json<Page<Job>>(await list("limit=1"))).total_list).toBeGreaterThan(300);
  });
});

describe("a deleted account", () => {
  it("takes its jobs off the board and its résumé row away, in the same statement as the deletion", async () => {
    const owner = await createUser();
    const slug = await newJob(owner, { job_title: "Narwhal trainer" });
    await env.DB.prepare(
      "INSERT INTO resumes (user_id, key, size, created_at) VALUES (?1, 'resumes/x.pdf', 10, 0)",
    )
      .bind(owner.id)
      .run();
    await env.DB.prepare("UPDATE users SET deleted_at = ?1 WHERE id = ?2").bind(Date.now(), owner.id).run();
    const row = await env.DB.prepare("SELECT status FROM jobs WHERE slug = ?1").bind(slug).first();
    expect(row).toEqual({ status: "CLOSED" });
    expect(titles(await json(await list("q=narwhal")))).toEqual([]);
    const resume = await env.DB.prepare("SELECT 1 FROM resumes WHERE user_id = ?1").bind(owner.id).first();
    expect(resume).toBeNull();
    expect((await jobPage(owner.username, slug)).status).toBe(404);
    const staff = await api(`/api/admin/private/job?username=${owner.username}&slug=${slug}`, {
      headers: await adminAuth(),
    });
    expect((await json<Job>(staff)).job_status).toBe("CLOSED");
  });
});

describe("a person's jobs and my jobs", () => {
  it("lists a person's public jobs newest first, and 404s for nobody", async () => {
    const page = await json<Page<Job>>(await personJobs(poster.username));
    expect(titles(page)).toEqual(["Support intern", "Smart contract auditor", "Marketing lead"]);
    expect(page.total_list).toBe(3);
    expect((await personJobs("nobodyhere")).status).toBe(404);
  });

  it("lists my jobs in every status", async () => {
    const page = await myJobs(poster);
    expect(page.total_list).toBe(3);
    expect(page.list.every((j) => j.user_is_owner)).toBe(true);
    expect((await api("/api/v1/private/user/job/list")).status).toBe(401);
  });
});

describe("staff", () => {
  it("lists every job or those of one status, and needs an admin token", async () => {
    const admin = await adminAuth();
    const all = await json<Page<Job>>(await api("/api/admin/private/job/list?limit=2", { headers: admin }));
    expect(all.list).toHaveLength(2);
    expect(all.total_list).toBeGreaterThanOrEqual(303);
    const closed = await json<Page<Job>>(
      await api("/api/admin/private/job/list?job_status=CLOSED", { headers: admin }),
    );
    expect(closed.list.every((j) => j.job_status === "CLOSED")).toBe(true);
    expect(closed.total_list).toBe(closed.list.length);
    expect((await api("/api/admin/private/job/list", { headers: poster.auth })).status).toBe(401);
  });

  it("edits a job's fields, keeps the salary rule, and refuses statuses staff do not set", async () => {
    const owner = await createUser();
    const admin = await adminAuth();
    const slug = await newJob(owner);
    const patch = (body: Record<string, unknown>) =>
      api("/api/admin/private/job", jsonRequest("PATCH", { username: owner.username, slug, ...body }, admin));

    const edited = await patch({
      job_title: "Staff Rust Engineer",
      job_skills: "Rust,Tokio",
      company_location: "Remote",
    });
    expect(edited.status).toBe(200);
    expect(await json<Job>(edited)).toMatchObject({
      slug,
      job_title: "Staff Rust Engineer",
      job_skills: ["Rust", "Tokio"],
      company: { location: "Remote" },
      job_minimum_salary: 90000,
    });
    const order = await patch({ job_minimum_salary: 130000 });
    expect(order.status).toBe(422);
    expect(await detail(order)).toBe("job_maximum_salary: Must be at least the minimum salary");
    const status = await patch({ job_status: "PAID" });
    expect(status.status).toBe(422);
    expect(await detail(status)).toBe("job_status: Use one of CONFIRMED, HOLD, REVIEW, CLOSED");
    expect((await patch({ job_status: "REVIEW" })).status).toBe(200);
    expect((await jobPage(owner.username, slug)).status).toBe(404);
  });

  it("writes each change's audit row with it, and none for a refused one", async () => {
    const owner = await createUser();
    const admin = await adminAuth();
    const slug = await newJob(owner);
    const target = `job:${owner.username}/${slug}`;
    const patch = (body: Record<string, unknown>) =>
      api("/api/admin/private/job", jsonRequest("PATCH", { username: owner.username, slug, ...body }, admin));
    const rows = async () =>
      (
        await env.DB.prepare("SELECT action, detail FROM admin_audit WHERE target = ?1 ORDER BY id")
          .bind(target)
          .all<{ action: string; detail: string }>()
      ).results;

    expect((await patch({ job_status: "HOLD" })).status).toBe(200);
    expect((await patch({ job_title: "Principal Rust Engineer" })).status).toBe(200);
    expect((await patch({ job_minimum_salary: 500000 })).status).toBe(422);
    expect((await patch({ job_status: "PAID" })).status).toBe(422);
    expect(await rows()).toEqual([
      { action: "JOB_STATUS", detail: "CONFIRMED → HOLD" },
      { action: "JOB_UPDATE", detail: "job_title" },
    ]);
    const jobsChanged = await env.DB.prepare("SELECT status, title FROM jobs WHERE slug = ?1")
      .bind(slug)
      .first<{ status: string; title: string }>();
    expect(jobsChanged).toEqual({ status: "HOLD", title: "Principal Rust Engineer" });
  });

  it("gives a job confirmed again after it expired a new lifetime", async () => {
    const owner = await createUser();
    const admin = await adminAuth();
    const slug = await newJob(owner);
    await env.DB.prepare("UPDATE jobs SET status = 'CLOSED', expires_at = 1 WHERE slug = ?1")
      .bind(slug)
      .run();
    const res = await api(
      "/api/admin/private/job",
      jsonRequest("PATCH", { username: owner.username, slug, job_status: "CONFIRMED" }, admin),
    );
    const job = await json<Job>(res);
    expect(job.is_public).toBe(true);
    expect(Date.parse(job.expires_at)).toBeGreaterThan(Date.now() + 59 * 24 * 3600_000);
  });
});
