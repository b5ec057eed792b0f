import { describe, expect, it } from "vitest";
import type { Page as ListPage } from "#shared/api.ts";
import type { Company, Job } from "#shared/schemas/jobs.ts";
import { counted, spent } from "#worker-test/rows.ts";
import {
  api,
  companyName,
  createUser,
  detail,
  env,
  json,
  jsonRequest,
  newJob,
  pngFile,
  postJob,
  type TestUser,
} from "./test-kit";

const getJob = (username: string, slug: string, auth: Record<string, string> = {}) =>
  api(`/api/v1/job?username=${username}&slug=${slug}`, { headers: auth });

const myCompanies = async (user: TestUser, query = "") =>
  json<ListPage<Company>>(await api(`/api/v1/private/user/company/list?${query}`, { headers: user.auth }));

/** A file of `bytes` bytes that starts like a PNG. */
const pngOfSize = (bytes: number) => {
  const data = new Uint8Array(bytes);
  data.set(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  return new File([data], "logo.png", { type: "image/png" });
};

describe("POST /api/v1/private/user/job", () => {
  it("posts the job form and answers its slug; the job page shows every field", async () => {
    const owner = await createUser();
    const name = companyName("Orbit");
    const res = await postJob(owner, {
      company_name: name,
      job_skills: " Rust , SQLite,Rust ",
      job_work_mode: "hybrid",
    });
    expect(res.status).toBe(201);
    const { slug, link } = await json<{ slug: string; link: string }>(res);
    expect(slug).toMatch(/^senior-rust-engineer-[a-z2-9]{6}$/);
    expect(link).toBe(`/job/${owner.username}/${slug}`);

    const page = await getJob(owner.username, slug);
    expect(page.status).toBe(200);
    const job = await json<Job>(page);
    expect(job).toMatchObject({
      slug,
      username: owner.username,
      job_title: "Senior Rust Engineer",
      job_description: "Build the storage engine of our product.",
      job_location: "Anywhere",
      job_type: "FULLTIME",
      job_category: "PROGRAMMING",
      job_work_mode: "HYBRID",
      job_experience_level: "SENIOR",
      job_minimum_salary: 90000,
      job_maximum_salary: 120000,
      job_pay_in_cryptocurrency: false,
      job_how_to_apply: "https://acme.example/jobs",
      job_skills: ["Rust", "SQLite"],
      job_status: "CONFIRMED",
      is_public: true,
      user_is_owner: false,
      company: {
        name,
        description: "We build tools for remote teams.",
        location: "Lisbon",
        website: "https://acme.example",
      },
    });
    expect(job.company.logo).toMatch(/^\/media\/logos\/\w+\.png$/);
    expect(job.owner.username).toBe(owner.username);
    const lifetime = Date.parse(job.expires_at) - Date.parse(job.created_at);
    expect(lifetime).toBe(60 * 24 * 60 * 60 * 1000);
    const logo = await env.MEDIA.get(job.company.logo!.slice("/media/".length));
    expect(logo?.httpMetadata?.contentType).toBe("image/png");
  });

  it("gives two jobs of one title different slugs", async () => {
    const owner = await createUser();
    const name = companyName();
    const a = await newJob(owner, { company_name: name });
    const b = await newJob(owner, { company_name: name, company_logo: null });
    expect(a).not.toBe(b);
    expect(b.startsWith("senior-rust-engineer-")).toBe(true);
  });

  it("needs a token", async () => {
    const res = await api("/api/v1/private/user/job", { method: "POST", body: new FormData() });
    expect(res.status).toBe(401);
  });

  const long = (n: number) => "a".repeat(n);
  const cases: Array<[string, Record<string, string | Blob | null>, string]> = [
    ["a missing company name", { company_name: null }, "company_name: Required"],
    ["a blank company name", { company_name: "   " }, "company_name: Required"],
    ["a company name over 80", { company_name: long(81) }, "company_name: Must be 80 characters or less"],
    [
      "two spaces in a company name",
      { company_name: "Acme  Labs" },
      "company_name: Must be alphanumeric characters",
    ],
    [
      "a dash in a company name",
      { company_name: "Acme-Labs" },
      "company_name: Must be alphanumeric characters",
    ],
    [
      "a company description over 160",
      { company_description: long(161) },
      "company_description: Must be 160 characters or less",
    ],
    [
      "a company location over 100",
      { company_location: long(101) },
      "company_location: Must be 100 characters or less",
    ],
    [
      "a website that is not a URL",
      { company_website: "acme dot com" },
      "company_website: Use a valid URL. Ex: https://www.example.com",
    ],
    [
      "a website of another scheme",
      { company_website: "ftp://acme.example" },
      "company_website: Use a valid URL. Ex: https://www.example.com",
    ],
    ["a missing job title", { job_title: null }, "job_title: Required"],
    ["a job title over 100", { job_title: long(101) }, "job_title: Must be 100 characters or less"],
    ["a missing job description", { job_description: "" }, "job_description: Required"],
    [
      "a description over 5000",
      { job_description: long(5001) },
      "job_description: Must be 5000 characters or less",
    ],
    ["a job location over 100", { job_location: long(101) }, "job_location: Must be 100 characters or less"],
    ["a missing way to apply", { job_how_to_apply: null }, "job_how_to_apply: Required"],
    [
      "a way to apply that is neither",
      { job_how_to_apply: "call us" },
      "job_how_to_apply: Use a valid URL or email",
    ],
    ["a half e-mail", { job_how_to_apply: "jobs@" }, "job_how_to_apply: Use a valid URL or email"],
    ["six skills", { job_skills: "a,b,c,d,e,f" }, "job_skills: Maximum 5 skills allowed"],
    ["a skill over 30", { job_skills: long(31) }, "job_skills.0: Each skill must be 30 characters or less"],
    [
      "a minimum above the maximum",
      { job_minimum_salary: "100000", job_maximum_salary: "50000" },
      "job_maximum_salary: Must be at least the minimum salary",
    ],
    ["a negative salary", { job_minimum_salary: "-1" }, "job_minimum_salary: Must be 0 or more"],
    ["a salary with cents", { job_maximum_salary: "120000.5" }, "job_maximum_salary: Must be a whole number"],
    ["a salary in words", { job_maximum_salary: "lots" }, "job_maximum_salary: Must be a whole number"],
    [
      "a salary over the bound",
      { job_maximum_salary: "10000001" },
      "job_maximum_salary: Must be 10000000 or less",
    ],
    ["a missing job type", { job_type: null }, "job_type: Required"],
    [
      "an unknown job type",
      { job_type: "WEEKLY" },
      "job_type: Use one of FULLTIME, PARTTIME, CONTRACT, FREELANCE, INTERNSHIP",
    ],
    ["a missing category", { job_category: null }, "job_category: Required"],
    ["a missing work mode", { job_work_mode: null }, "job_work_mode: Required"],
    ["an unknown work mode", { job_work_mode: "MARS" }, "job_work_mode: Use one of REMOTE, ONSITE, HYBRID"],
    ["a missing experience level", { job_experience_level: null }, "job_experience_level: Required"],
    [
      "a crypto flag that is not a boolean",
      { job_pay_in_cryptocurrency: "maybe" },
      "job_pay_in_cryptocurrency: Must be true or false",
    ],
    [
      "a logo over 1 MB",
      { company_logo: pngOfSize(1.5 * 1024 * 1024) },
      "company_logo: File size 1.5 MB exceeds limit of 1 MB.",
    ],
    [
      "a logo one byte over 1 MB",
      { company_logo: pngOfSize(1024 * 1024 + 1) },
      "company_logo: File size 1.01 MB exceeds limit of 1 MB.",
    ],
  ];
  it.each(cases)("refuses %s with a 422 naming the field", async (_, overrides, message) => {
    const owner = await createUser();
    const res = await postJob(owner, overrides);
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe(message);
  });

  it("asks for a logo when the company is new", async () => {
    const owner = await createUser();
    const res = await postJob(owner, { company_logo: null });
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe("company_logo: Upload a logo file for your company");
    // An empty file part is what a form sends when nothing was picked.
    const empty = await postJob(owner, { company_logo: new File([], "") });
    expect(await detail(empty)).toBe("company_logo: Upload a logo file for your company");
  });

  it("checks the logo by its bytes, not its name", async () => {
    const owner = await createUser();
    const fake = new File(["<svg onload=alert(1)>"], "logo.png", { type: "image/png" });
    const res = await postJob(owner, { company_logo: fake });
    expect(res.status).toBe(415);
    expect(await detail(res)).toBe("company_logo: Use a PNG, JPEG, GIF or WebP image");
  });

  it("accepts the bounds themselves and the lenient forms of each field", async () => {
    const owner = await createUser();
    const name = `${"B".repeat(40)} ${"c".repeat(39)}`;
    const slug = await newJob(owner, {
      company_name: name,
      company_description: long(160),
      company_location: long(100),
      company_website: "acme.example/about",
      job_title: long(100),
      job_description: long(5000),
      job_location: "",
      job_type: "fulltime",
      job_minimum_salary: "0",
      job_maximum_salary: "0",
      job_pay_in_cryptocurrency: "true",
      job_how_to_apply: "Jobs@Acme.example",
      job_skills: "null",
    });
    const job = await json<Job>(await getJob(owner.username, slug));
    expect(job.company.name).toBe(name);
    expect(job.company.website).toBe("https://acme.example/about");
    expect(job.job_how_to_apply).toBe("Jobs@Acme.example");
    expect(job.job_minimum_salary).toBe(0);
    expect(job.job_maximum_salary).toBe(0);
    expect(job.job_pay_in_cryptocurrency).toBe(true);
    expect(job.job_skills).toEqual([]);
    expect(job.slug.startsWith(`${"a".repeat(50)}-`)).toBe(true);
    const noSkills = await newJob(owner, { company_name: name, company_logo: null, job_skills: null });
    expect((await json<Job>(await getJob(owner.username, noSkills))).job_skills).toEqual([]);
  });

  it("limits how many jobs one person posts in a day", async () => {
    const owner = await createUser();
    const name = companyName();
    await newJob(owner, { company_name: name });
    for (let i = 1; i < 10; i++) await newJob(owner, { company_name: name, company_logo: null });
    const res = await postJob(owner, { company_name: name, company_logo: null });
    expect(res.status).toBe(429);
  });

  it("a job refused by the daily limit is not counted toward a new account's allowance", async () => {
    const day = 24 * 60 * 60_000;
    const joined = Date.now() - day;
    const owner = await createUser({
      trustLevel: 0,
      trustLevelManual: false,
      trustLevelAt: joined,
      createdAt: joined,
    });
    await spent(`job:${owner.id}`, 10);
    const refused = await postJob(owner, { company_name: companyName() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await detail(refused)).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(await counted(`trust:job:${owner.id}`)).toBeNull();
    expect((await myCompanies(owner)).list).toEqual([]);

    await spent(`job:${owner.id}`, 0);
    await spent(`trust:job:${owner.id}`, 1);
    expect((await postJob(owner, { company_name: companyName() })).status).toBe(201);
    expect(await counted(`trust:job:${owner.id}`)).toBe(2);
    const past = await postJob(owner, { company_name: companyName() });
    expect(past.status).toBe(429);
    expect(await json<{ limit: Record<string, unknown> }>(past)).toMatchObject({
      limit: { action: "job", max: 2, trust_level: 0, reason: "AGE" },
    });
    expect(await counted(`job:${owner.id}`)).toBe(2);
    expect((await myCompanies(owner)).list).toHaveLength(1);
  });
});

describe("companies", () => {
  it("reuses the poster's company of that name (any case) and updates it with the form", async () => {
    const owner = await createUser();
    const name = companyName("Nimbus");
    await newJob(owner, { company_name: name, company_description: "First words" });
    const [first] = (await myCompanies(owner)).list;
    expect(first).toMatchObject({ name, description: "First words", location: "Lisbon" });

    await newJob(owner, {
      company_name: name.toUpperCase(),
      company_logo: null,
      company_description: "Better words",
      company_location: "Porto",
    });
    const page = await myCompanies(owner);
    expect(page.total_list).toBe(1);
    expect(page.list[0]).toEqual({ ...first, description: "Better words", location: "Porto" });

    await newJob(owner, { company_name: name, company_logo: pngFile("new.png") });
    const [after] = (await myCompanies(owner)).list;
    expect(after!.logo).not.toBe(first!.logo);
    const oldKey = first!.logo!.slice("/media/".length);
    expect(await env.MEDIA.get(oldKey)).toBeNull();
    expect(await env.DB.prepare("SELECT key FROM uploads WHERE key = ?1").bind(oldKey).first()).toBeNull();
  });

  it("lets nobody post under someone else's company, and leaves that company as it was", async () => {
    const owner = await createUser();
    const other = await createUser();
    const name = companyName("Quasar");
    await newJob(owner, { company_name: name, company_description: "The real one" });
    const res = await postJob(other, { company_name: name.toLowerCase(), company_description: "Impostor" });
    expect(res.status).toBe(403);
    expect(await detail(res)).toBe(
      "company_name: This company belongs to someone else. Use the name of your own company.",
    );
    expect((await myCompanies(owner)).list[0]!.description).toBe("The real one");
    expect((await myCompanies(other)).total_list).toBe(0);
  });

  it("lists the caller's companies, the last used first, up to 1000 a page", async () => {
    const owner = await createUser();
    const [a, b] = [companyName("Alpha"), companyName("Beta")];
    await newJob(owner, { company_name: a });
    await newJob(owner, { company_name: b });
    await newJob(owner, { company_name: a, company_logo: null });
    const page = await myCompanies(owner, "skip=0&limit=1000");
    expect(page.list.map((c) => c.name)).toEqual([a, b]);
    expect(Object.keys(page.list[0]!).sort()).toEqual(["description", "location", "logo", "name", "website"]);
    expect((await myCompanies(owner, "limit=1")).total_pages).toBe(2);
    const tooMany = await api("/api/v1/private/user/company/list?limit=1001", { headers: owner.auth });
    expect(tooMany.status).toBe(422);
  });
});

describe("DELETE /api/v1/private/user/job", () => {
  const remove = (user: TestUser, body: unknown) =>
    api("/api/v1/private/user/job", jsonRequest("DELETE", body, user.auth));

  it("lets the owner delete their job (body or query), and nobody else", async () => {
    const owner = await createUser();
    const other = await createUser();
    const slug = await newJob(owner);

    const refused = await remove(other, { username: owner.username, slug });
    expect(refused.status).toBe(403);
    expect(await detail(refused)).toBe("You can only delete your own jobs");
    expect((await getJob(owner.username, slug)).status).toBe(200);

    expect((await remove(owner, { username: owner.username, slug })).status).toBe(204);
    expect((await getJob(owner.username, slug)).status).toBe(404);
    expect((await remove(owner, { username: owner.username, slug })).status).toBe(404);

    const second = await newJob(owner, { company_logo: pngFile() });
    const byQuery = await api(`/api/v1/private/user/job?username=${owner.username}&slug=${second}`, {
      method: "DELETE",
      headers: owner.auth,
    });
    expect(byQuery.status).toBe(204);
  });

  it("names a missing field", async () => {
    const owner = await createUser();
    const res = await remove(owner, { username: owner.username });
    expect(res.status).toBe(422);
    expect(await detail(res)).toMatch(/^slug: /);
  });
});

describe("the OpenAPI document", () => {
  it("describes every jobs, résumé and services call with its body and answers", async () => {
    type Operation = {
      requestBody?: { content: Record<string, { schema: unknown }> };
      responses: Record<string, unknown>;
    };
    const doc = await json<{
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    }>(await api("/api/openapi.json"));
    const calls = {
      "/api/v1/job/list": ["get"],
      "/api/v1/job": ["get"],
      "/api/v1/user/job/list": ["get"],
      "/api/v1/private/user/job": ["post", "delete"],
      "/api/v1/private/user/job/list": ["get"],
      "/api/v1/private/user/company/list": ["get"],
      "/api/v1/user/resume": ["post"],
      "/api/v1/private/user/resume": ["get", "delete"],
      "/api/admin/private/job/list": ["get"],
      "/api/admin/private/job": ["get", "patch"],
      "/api/v1/service/list": ["get"],
      "/api/v1/service": ["get"],
      "/api/v1/private/user/service/list": ["get"],
      "/api/v1/private/user/service": ["post", "patch", "delete"],
    };
    for (const [path, methods] of Object.entries(calls))
      for (const method of methods) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const form = JSON.stringify(doc.paths["/api/v1/private/user/job"]!.post!.requestBody);
    expect(form).toContain("multipart/form-data");
    expect(form).toMatch(/"company_logo":\{[^}]*"format":"binary"/);
    expect(doc.components.schemas.Job).toBeDefined();
    expect(doc.components.schemas.Service).toBeDefined();
    expect(doc.paths["/api/v1/private/user/job"]!.post!.responses["201"]).toBeDefined();
  });
});
