import { beforeAll, describe, expect, it } from "vitest";
import type { CursorPage } from "#shared/schemas/posts.ts";
import type { Service } from "#shared/schemas/services.ts";
import { counted, spent } from "#worker-test/rows.ts";
import {
  api,
  createUser,
  detail,
  env,
  json,
  jsonRequest,
  pngFile,
  reads,
  type TestUser,
} from "../jobs/test-kit";

type Page = CursorPage<Service>;

function serviceForm(overrides: Record<string, string | Blob | Blob[] | null> = {}): FormData {
  const fields: Record<string, string | Blob | Blob[] | null> = {
    title: "Logo design in three days",
    description: "A clean vector logo with two rounds of changes.",
    category: "DESIGN",
    price: "15000",
    delivery_days: "3",
    skills: "Illustrator,Branding",
    images: [pngFile("one.png"), pngFile("two.png")],
    ...overrides,
  };
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === null) continue;
    for (const part of Array.isArray(v) ? v : [v]) body.append(k, part);
  }
  return body;
}

const post = (user: TestUser, overrides: Record<string, string | Blob | Blob[] | null> = {}) =>
  api("/api/v1/private/user/service", { method: "POST", headers: user.auth, body: serviceForm(overrides) });

async function newService(user: TestUser, overrides: Record<string, string | Blob | Blob[] | null> = {}) {
  const res = await post(user, overrides);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ slug: string }>(res)).slug;
}

const patch = (user: TestUser, body: Record<string, unknown>) =>
  api("/api/v1/private/user/service", jsonRequest("PATCH", body, user.auth));
const one = (username: string, slug: string, auth: Record<string, string> = {}) =>
  api(`/api/v1/service?username=${username}&slug=${slug}`, { headers: auth });
const list = async (query: string) => json<Page>(await api(`/api/v1/service/list?${query}`));
const titles = (page: Page) => page.list.map((s) => s.title);

async function provider(): Promise<TestUser> {
  return createUser({ serviceProvider: true });
}

describe("offering a service", () => {
  it("lets a new person list their first service and switches “I offer services” on for them", async () => {
    const user = await createUser();
    const offers = async () =>
      (
        await json<{ is_service_provider: boolean }>(
          await api("/api/v1/private/user/auth/me", { headers: user.auth }),
        )
      ).is_service_provider;
    expect(await offers()).toBe(false);

    const res = await post(user);
    expect(res.status).toBe(201);
    const { slug, link } = await json<{ slug: string; link: string }>(res);
    expect(slug).toMatch(/^logo-design-in-three-days-[a-z2-9]{6}$/);
    expect(link).toBe(`/service/${user.username}/${slug}`);
    expect(await offers()).toBe(true);

    const service = await json<Service>(await one(user.username, slug));
    expect(service).toMatchObject({
      title: "Logo design in three days",
      category: "DESIGN",
      price: 15000,
      delivery_days: 3,
      skills: ["Illustrator", "Branding"],
      is_active: true,
      user_is_owner: false,
    });
    expect(service.images).toHaveLength(2);
    expect(service.images[0]).toMatch(/^\/media\/services\/\w+\.png$/);
  });

  const cases: Array<[string, Record<string, string | Blob | Blob[] | null>, string]> = [
    ["a missing title", { title: null }, "title: Required"],
    ["a title over 100", { title: "t".repeat(101) }, "title: Must be 100 characters or less"],
    ["a missing description", { description: " " }, "description: Required"],
    [
      "a description over 5000",
      { description: "d".repeat(5001) },
      "description: Must be 5000 characters or less",
    ],
    ["a missing category", { category: null }, "category: Required"],
    [
      "an unknown category",
      { category: "COOKING" },
      "category: Use one of PROGRAMMING, BLOCKCHAIN, DESIGN, MARKETING, CUSTOMERSUPPORT, WRITING, PRODUCT, SERVICE, HUMANRESOURCE, ELSE",
    ],
    ["a missing price", { price: null }, "price: Required"],
    ["a price under $5", { price: "499" }, "price: The price must be at least $5"],
    ["a price with a fraction of a cent", { price: "500.5" }, "price: Must be a whole number"],
    ["a price over the bound", { price: "10000001" }, "price: The price must be $100,000 or less"],
    ["no delivery time", { delivery_days: null }, "delivery_days: Required"],
    ["a delivery of 0 days", { delivery_days: "0" }, "delivery_days: Delivery takes 1 to 90 days"],
    ["a delivery of 91 days", { delivery_days: "91" }, "delivery_days: Delivery takes 1 to 90 days"],
    ["six skills", { skills: "a,b,c,d,e,f" }, "skills: Maximum 5 skills allowed"],
    [
      "four images",
      { images: [pngFile(), pngFile(), pngFile(), pngFile()] },
      "images: Maximum 3 images allowed",
    ],
  ];
  it.each(cases)("refuses %s with a 422 naming the field", async (_, overrides, message) => {
    const res = await post(await provider(), overrides);
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe(message);
  });

  it("leaves “I offer services” off when the form is refused", async () => {
    const user = await createUser();
    const refused = await post(user, { price: "10" });
    expect(refused.status).toBe(422);
    const me = await json<{ is_service_provider: boolean }>(
      await api("/api/v1/private/user/auth/me", { headers: user.auth }),
    );
    expect(me.is_service_provider).toBe(false);
    const mine = await api("/api/v1/private/user/service/list", { headers: user.auth });
    expect((await json<Page>(mine)).total_list).toBe(0);
  });

  it("checks each image by its size and bytes, and takes none at all", async () => {
    const user = await provider();
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(await pngFile().bytes());
    const tooBig = await post(user, { images: [pngFile(), new File([big], "big.png")] });
    expect(tooBig.status).toBe(422);
    expect(await detail(tooBig)).toBe("images.1: File size 2 MB exceeds limit of 1 MB.");
    const text = await post(user, { images: new File(["hello world!"], "x.png", { type: "image/png" }) });
    expect(text.status).toBe(415);
    expect(await detail(text)).toBe("images.0: Use a PNG, JPEG, GIF or WebP image");
    const slug = await newService(user, { images: null, price: "500", delivery_days: "90", skills: "" });
    expect((await json<Service>(await one(user.username, slug))).images).toEqual([]);
  });
});

describe("service limits", () => {
  it("a service refused by the daily limit is not counted toward a new account's allowance", async () => {
    const day = 24 * 60 * 60_000;
    const joined = Date.now() - day;
    const user = await createUser({
      trustLevel: 0,
      trustLevelManual: false,
      trustLevelAt: joined,
      createdAt: joined,
    });
    const mine = async () =>
      (await json<Page>(await api("/api/v1/private/user/service/list", { headers: user.auth }))).total_list;
    await spent(`service:${user.id}`, 20);
    const refused = await post(user, { images: null });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await detail(refused)).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(await counted(`trust:service:${user.id}`)).toBeNull();
    expect(await mine()).toBe(0);

    await spent(`service:${user.id}`, 0);
    await spent(`trust:service:${user.id}`, 1);
    expect((await post(user, { images: null })).status).toBe(201);
    expect(await counted(`trust:service:${user.id}`)).toBe(2);
    const past = await post(user, { images: null });
    expect(past.status).toBe(429);
    expect(await json<{ limit: Record<string, unknown> }>(past)).toMatchObject({
      limit: { action: "service", max: 2, trust_level: 0, reason: "AGE" },
    });
    expect(await counted(`service:${user.id}`)).toBe(2);
    expect(await mine()).toBe(1);
  });
});

describe("changing, pausing and deleting a service", () => {
  it("lets the owner edit fields and replace the images", async () => {
    const user = await provider();
    const slug = await newService(user);
    const before = await json<Service>(await one(user.username, slug));
    const body = new FormData();
    body.append("slug", slug);
    body.append("price", "20000");
    body.append("images", pngFile("new.png"));
    const res = await api("/api/v1/private/user/service", { method: "PATCH", headers: user.auth, body });
    expect(res.status).toBe(200);
    const after = await json<Service>(res);
    expect(after).toMatchObject({ price: 20000, title: before.title, slug });
    expect(after.images).toHaveLength(1);
    const oldKey = before.images[0]!.slice("/media/".length);
    expect(await env.MEDIA.get(oldKey)).toBeNull();
    expect(await env.DB.prepare("SELECT key FROM uploads WHERE key = ?1").bind(oldKey).first()).toBeNull();
    const bad = await patch(user, { slug, delivery_days: 100 });
    expect(bad.status).toBe(422);
    expect(await detail(bad)).toBe("delivery_days: Delivery takes 1 to 90 days");
  });

  it("pauses: hidden from the public list and page, still the owner's; resumes", async () => {
    const user = await provider();
    const stranger = await createUser();
    const slug = await newService(user, { title: "Wombat portrait painting" });
    expect(titles(await list("q=wombat"))).toEqual(["Wombat portrait painting"]);

    const paused = await patch(user, { slug, is_active: false });
    expect(paused.status).toBe(200);
    expect((await json<Service>(paused)).is_active).toBe(false);
    expect(titles(await list("q=wombat"))).toEqual([]);
    expect(titles(await list("limit=100"))).not.toContain("Wombat portrait painting");
    expect((await one(user.username, slug, stranger.auth)).status).toBe(404);
    expect((await one(user.username, slug, user.auth)).status).toBe(200);
    const mine = await json<Page>(await api("/api/v1/private/user/service/list", { headers: user.auth }));
    expect(mine.list.map((s) => [s.slug, s.is_active])).toEqual([[slug, false]]);

    expect((await patch(user, { slug, is_active: "true" })).status).toBe(200);
    expect(titles(await list("q=wombat"))).toEqual(["Wombat portrait painting"]);
  });

  it("lets a former provider pause but not publish", async () => {
    const user = await provider();
    const slug = await newService(user);
    await env.DB.prepare("UPDATE users SET service_provider = 0 WHERE id = ?1").bind(user.id).run();
    expect((await patch(user, { slug, title: "Still here" })).status).toBe(403);
    expect((await patch(user, { slug, is_active: false })).status).toBe(200);
    expect((await patch(user, { slug, is_active: true })).status).toBe(403);
  });

  it("keeps other people's services out of reach", async () => {
    const owner = await provider();
    const other = await provider();
    const slug = await newService(owner);
    const edit = await patch(other, { username: owner.username, slug, price: 600 });
    expect(edit.status).toBe(403);
    expect(await detail(edit)).toBe("You can only change your own services");
    expect((await patch(other, { slug, price: 600 })).status).toBe(404);
    const remove = await api(`/api/v1/private/user/service?username=${owner.username}&slug=${slug}`, {
      method: "DELETE",
      headers: other.auth,
    });
    expect(remove.status).toBe(403);

    const own = await api(
      "/api/v1/private/user/service",
      jsonRequest("DELETE", { username: owner.username, slug }, owner.auth),
    );
    expect(own.status).toBe(204);
    expect((await one(owner.username, slug)).status).toBe(404);
  });
});

describe("a deleted account", () => {
  it("pauses its services", async () => {
    const user = await provider();
    const slug = await newService(user, { title: "Platypus photography" });
    await env.DB.prepare("UPDATE users SET deleted_at = ?1 WHERE id = ?2").bind(Date.now(), user.id).run();
    expect(titles(await list("q=platypus"))).toEqual([]);
    const row = await env.DB.prepare("SELECT is_active FROM services WHERE slug = ?1").bind(slug).first();
    expect(row).toEqual({ is_active: 0 });
  });
});

describe("GET /api/v1/service/list", () => {
  let seller: TestUser;
  beforeAll(async () => {
    seller = await provider();
    await newService(seller, { title: "Copy editing", category: "WRITING", price: "2500", images: null });
    await newService(seller, {
      title: "Landing page copy",
      category: "WRITING",
      price: "9000",
      images: null,
    });
    await newService(seller, {
      title: "Solidity audit",
      category: "BLOCKCHAIN",
      price: "250000",
      images: null,
      skills: "Solidity",
    });
  });

  it("filters by category and price range and searches, newest first", async () => {
    expect(titles(await list("category=writing"))).toEqual(["Landing page copy", "Copy editing"]);
    expect(titles(await list("category=WRITING&price_max=5000"))).toEqual(["Copy editing"]);
    expect(titles(await list("price_min=100000"))).toEqual(["Solidity audit"]);
    expect(titles(await list("q=copy"))).toEqual(["Landing page copy", "Copy editing"]);
    expect(titles(await list("q=solidity&category=BLOCKCHAIN"))).toEqual(["Solidity audit"]);
    const page = await list("category=WRITING&limit=1");
    expect(page.total_list).toBe(2);
    expect(page.next_cursor).not.toBeNull();
    const next = await list(`category=WRITING&limit=1&cursor=${page.next_cursor}`);
    expect(titles(next)).toEqual(["Copy editing"]);
    const bad = await api("/api/v1/service/list?price_min=9000&price_max=100");
    expect(bad.status).toBe(422);
    expect(await detail(bad)).toBe("price_max: Must be at least the lowest price");
  });

  it("reads about a page of rows", async () => {
    const res = await api("/api/v1/service/list?category=WRITING&limit=1");
    const cost = reads(res);
    expect(cost.listReturned).toBe(1);
    expect(cost.total).toBeLessThan(10);
  });
});
