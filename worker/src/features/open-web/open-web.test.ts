import { describe, expect, it } from "vitest";
import type { FirstScreen } from "#shared/schemas/open-web.ts";
import type { FeedItem } from "#shared/schemas/posts.ts";
import app from "#worker/app.ts";
import { postHideStatements } from "#worker/lib/post-removal-queries.ts";
import { api, deps, env, reads } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";
import { newCommunity, newPost, pngFile } from "#worker-test/posts.ts";
import { newJob } from "../jobs/test-kit";
import { findAnyPost } from "../posts/queries";

// What a client with no JavaScript (a link unfurler, a crawler, a feed reader) gets from the open
// web: each page's head and structured data, the 404s and 410s, robots.txt into the sitemaps, the
// feeds with their ETags, and the person who keeps their pages out of search engines.

const SITE = env.PUBLIC_URL.replace(/\/+$/, "");

/** A page as an unfurler reads it: status, title, meta tags by name or property, links, JSON-LD. */
async function read(path: string, headers: Record<string, string> = {}) {
  const res = await api(path, { headers });
  const html = await res.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const metas = new Map<string, string>();
  for (const m of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g))
    metas.set(m[1]!, m[2]!);
  const links = [
    ...head.matchAll(/<link rel="([^"]+)"(?: type="([^"]+)")?(?: title="[^"]*")? href="([^"]+)">/g),
  ].map((m) => ({ rel: m[1], type: m[2], href: m[3] }));
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]!),
  );
  const data = /<script type="application\/json" id="agora-data">(.*?)<\/script>/s.exec(html);
  // The first screen written as HTML into the boot placeholder's page column (markup.ts).
  const screen = /<div data-first-screen>(.*?)<\/div><\/div><\/div>(?:<script|<\/body>)/s.exec(html);
  return {
    res,
    html,
    head,
    titles: [...head.matchAll(/<title>(.*?)<\/title>/gs)].map((m) => m[1]),
    meta: (key: string) => metas.get(key),
    canonical: links.find((l) => l.rel === "canonical")?.href,
    feed: links.find((l) => l.rel === "alternate" && l.type === "application/atom+xml")?.href,
    ld,
    data: data ? (JSON.parse(data[1]!) as FirstScreen) : null,
    markup: screen?.[1] ?? "",
    /** Whether painting waits for the page to be parsed up to its first screen's data. */
    waitsForScreen: head.includes('<link rel="expect" href="#agora-data" blocking="render">'),
  };
}

async function postWith(fields: Record<string, string | Blob> = {}) {
  const owner = await createUser({ profileName: "Ada Lovelace" });
  const community = await newCommunity(owner);
  const post = await newPost(owner, community, fields);
  return { owner, community, post };
}

describe("a post's page", () => {
  it("carries its title, description, canonical, Open Graph, feed and a DiscussionForumPosting, in one round trip", async () => {
    const { owner, community, post } = await postWith({
      title: "Sourdough at altitude",
      body: "<p>Lower the <b>hydration</b> by five percent above 2,000 m.</p>",
      post_type: "MEDIA",
      file: pngFile(),
    });
    const page = await read(post.link);
    expect(page.res.status).toBe(200);
    expect(reads(page.res).calls).toBe(1);
    expect(page.titles).toEqual([`Sourdough at altitude · c/${community} · Agora`]);
    expect(page.meta("description")).toBe("Lower the hydration by five percent above 2,000 m.");
    expect(page.canonical).toBe(`${SITE}${post.link}`);
    expect(page.meta("og:url")).toBe(`${SITE}${post.link}`);
    expect(page.meta("og:type")).toBe("article");
    expect(page.meta("og:title")).toBe("Sourdough at altitude");
    expect(page.meta("og:site_name")).toBe("Agora");
    expect(page.meta("og:image")).toMatch(new RegExp(`^${SITE}/media/`));
    expect(page.meta("twitter:card")).toBe("summary_large_image");
    // The picture is the first screen's largest paint: fetched while the scripts load.
    expect(page.head).toMatch(/<link rel="preload" as="image" href="\/media\/[^"]+" fetchpriority="high">/);
    expect(page.meta("robots")).toBeUndefined();
    expect(page.feed).toBe(`${SITE}/c/${community}/feed.xml`);
    const [posting] = page.ld;
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      "@type": "DiscussionForumPosting",
      headline: "Sourdough at altitude",
      text: "Lower the hydration by five percent above 2,000 m.",
      url: `${SITE}${post.link}`,
      author: { "@type": "Person", name: "Ada Lovelace", url: `${SITE}/user/${owner.username}` },
      commentCount: 0,
    });
    expect(Date.parse(posting.datePublished)).toBeGreaterThan(0);
    expect(posting.interactionStatistic.map((s: { interactionType: string }) => s.interactionType)).toEqual([
      "https://schema.org/LikeAction",
      "https://schema.org/CommentAction",
    ]);
  });

  it("embeds what the API answers a visitor for the post, and nothing for a signed-in reader", async () => {
    const { owner, post } = await postWith({ title: "Embedded" });
    const page = await read(post.link);
    const answer = await (await api(`/api/v1/micropost?public_id=${post.public_id}`)).json();
    expect(page.data).toEqual({ post: answer });
    const signedIn = await read(post.link, { cookie: `theme=night; access_token=${owner.token}` });
    expect(signedIn.res.status).toBe(200);
    expect(signedIn.data).toBeNull();
    expect(signedIn.titles).toEqual(page.titles);
  });

  it("writes a hostile title and body as text: nothing becomes markup in the head", async () => {
    const hostile = `</title><script>alert("x")</script><meta name="robots" content="none"> & "quotes"`;
    const { post } = await postWith({
      title: hostile,
      body: "<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    });
    const page = await read(post.link);
    expect(page.res.status).toBe(200);
    expect(page.html).not.toContain("<script>alert");
    expect(page.html).not.toContain('<meta name="robots" content="none">');
    expect(page.titles).toHaveLength(1);
    expect(page.titles[0]).toContain("&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(page.meta("og:title")).toBe(
      "&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;meta name=&quot;robots&quot; content=&quot;none&quot;&gt; &amp; &quot;quotes&quot;",
    );
    // The structured data and the first screen read back as the text that was written.
    expect(page.ld[0].headline).toBe(hostile);
    expect(page.ld[0].text).toBe("</script><script>alert(1)</script>");
    expect(page.data?.post?.micropost.title).toBe(hostile);
    // The first screen's markup has them as text too.
    expect(page.markup).toContain(
      `<h1 class="mt-2 text-2xl leading-tight font-bold break-words">&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;meta name=&quot;robots&quot; content=&quot;none&quot;&gt; &amp; &quot;quotes&quot;</h1>`,
    );
    expect(page.markup).toContain("<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });

  it("answers 404 for a missing post or a draft, and 410 for one staff removed, with nothing of it", async () => {
    const missing = await read("/c/nowhere/p/nopost123/none");
    expect(missing.res.status).toBe(404);
    expect(missing.titles).toEqual(["Agora"]);
    expect(missing.meta("robots")).toBe("noindex");
    expect(missing.data).toBeNull();
    expect(missing.ld).toEqual([]);

    const { post } = await postWith({ title: "Kept as a draft", is_draft: "true" });
    const draft = await read(`/c/x/p/${post.public_id}`);
    expect(draft.res.status).toBe(404);
    expect(draft.html).not.toContain("Kept as a draft");

    const removed = await postWith({ title: "Removed by staff", body: "<p>Spam spam spam</p>" });
    // Hidden as staff removal hides it (the statements features/admin/reports runs).
    const row = await findAnyPost(deps.db, removed.post.public_id);
    await deps.db.write(postHideStatements(deps.db, row!));
    const gone = await read(removed.post.link);
    expect(gone.res.status).toBe(410);
    expect(gone.html).not.toContain("Removed by staff");
    expect(gone.html).not.toContain("Spam spam");
    expect(gone.data).toBeNull();
    expect(gone.canonical).toBeUndefined();
    for (const page of [missing, draft, gone]) {
      expect(page.markup).toBe("");
      expect(page.waitsForScreen).toBe(false);
    }
  });

  it("writes the post's first screen into the page as HTML: title, text and picture, its tags dropped", async () => {
    const { owner, post } = await postWith({
      title: "Bread & butter",
      body: `<p>Knead <b>ten</b> minutes.</p><p>Rest <a href="javascript:alert(1)">an hour</a>.</p>`,
      post_type: "MEDIA",
      file: pngFile(),
    });
    const page = await read(post.link);
    const picture = page.data!.post!.micropost.user_file_list[0]!.file;
    expect(page.waitsForScreen).toBe(true);
    expect(page.html).not.toContain('data-testid="boot-skeleton" aria-hidden="true"');
    const { community, owner: author } = page.data!.post!;
    expect(page.markup).toContain(`>c/${community.name}</a>`);
    expect(page.markup).toContain(`>u/${author.username}</a>`);
    expect(page.markup).toContain(">Bread &amp; butter</h1>");
    expect(page.markup).toContain("<p>Knead ten minutes.</p><p>Rest an hour.</p>");
    expect(page.markup).not.toContain("javascript:");
    expect(page.markup).not.toContain("<b>");
    expect(page.markup).toContain(`<img src="${picture}" alt="Bread &amp; butter" decoding="sync">`);
    // A signed-in reader's page carries neither the data nor the markup: the app asks for both.
    const signedIn = await read(post.link, { cookie: `access_token=${owner.token}` });
    expect(signedIn.markup).toBe("");
    expect(signedIn.waitsForScreen).toBe(false);
    expect(signedIn.html).toContain('data-testid="boot-skeleton" aria-hidden="true"');
  });
});

describe("other pages", () => {
  it("a community's page has its head, its feed and its first page of posts", async () => {
    const { community, post } = await postWith({ title: "First in the community" });
    const page = await read(`/c/${community}`);
    expect(page.res.status).toBe(200);
    expect(reads(page.res).calls).toBe(1);
    expect(page.titles).toEqual([`c/${community} · Agora`]);
    expect(page.canonical).toBe(`${SITE}/c/${community}`);
    expect(page.meta("og:type")).toBe("website");
    expect(page.meta("og:image")).toBe(`${SITE}/og-card.png`);
    expect(page.meta("twitter:card")).toBe("summary");
    expect(page.feed).toBe(`${SITE}/c/${community}/feed.xml`);
    const api1 = await (await api(`/api/v1/community?name=${community}`)).json();
    const api2 = await (
      await api(`/api/v1/community/micropost/list?name=${community}&skip=0&limit=8`)
    ).json();
    expect(page.data).toEqual({ community: { community: api1, posts: api2 } });
    expect(page.data?.community?.posts.list[0]?.micropost.public_id).toBe(post.public_id);
    expect((await read("/c/no-such-community-here")).res.status).toBe(404);
  });

  it("a person's page has a ProfilePage and their feed", async () => {
    const person = await createUser({ profileName: "Grace Hopper", jobTitle: "Rear admiral" });
    const page = await read(`/user/${person.username}`);
    expect(page.res.status).toBe(200);
    expect(reads(page.res).calls).toBe(1);
    expect(page.titles).toEqual(["Profile · Agora"]);
    expect(page.meta("og:type")).toBe("profile");
    expect(page.meta("og:title")).toBe(`Grace Hopper (@${person.username})`);
    expect(page.meta("description")).toContain("Rear admiral");
    expect(page.canonical).toBe(`${SITE}/user/${person.username}`);
    expect(page.feed).toBe(`${SITE}/user/${person.username}/feed.xml`);
    expect(page.ld[0]).toMatchObject({
      "@type": "ProfilePage",
      mainEntity: { "@type": "Person", name: "Grace Hopper", alternateName: `@${person.username}` },
    });
    const profile = await (await api(`/api/v1/user?username=${person.username}`)).json();
    expect(page.data).toEqual({ profile });
    expect((await read("/user/nobody-by-this-name")).res.status).toBe(404);
  });

  it("a person's page is described by their headline and bio, their links as sameAs", async () => {
    const person = await createUser({
      profileName: "Ada",
      jobTitle: "Analyst",
      headline: "Writes programs for engines",
      bio: "Notes on the <analytical> engine.\nPoetical science.",
      links: JSON.stringify(["https://ada.example.org/"]),
    });
    const page = await read(`/user/${person.username}`);
    expect(page.meta("description")).toBe(
      "Writes programs for engines · Notes on the &lt;analytical&gt; engine. Poetical science.",
    );
    expect(page.meta("og:description")).toBe(page.meta("description"));
    expect(page.ld[0]).toMatchObject({
      mainEntity: {
        description: "Notes on the <analytical> engine.\nPoetical science.",
        sameAs: ["https://ada.example.org/"],
      },
    });
  });

  it("a job's page has a JobPosting Google's rules accept: remote, with its salary", async () => {
    const owner = await createUser();
    const slug = await newJob(owner, { job_title: "Staff Engineer", job_location: "Portugal" });
    const page = await read(`/job/${owner.username}/${slug}`);
    expect(page.res.status).toBe(200);
    expect(reads(page.res).calls).toBe(1);
    expect(page.titles).toEqual(["Job · Agora"]);
    const [posting] = page.ld;
    expect(posting).toMatchObject({
      "@type": "JobPosting",
      title: "Staff Engineer",
      description: "Build the storage engine of our product.",
      employmentType: "FULL_TIME",
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "Portugal" },
      hiringOrganization: { "@type": "Organization", sameAs: "https://acme.example" },
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "USD",
        value: { "@type": "QuantitativeValue", minValue: 90000, maxValue: 120000, unitText: "YEAR" },
      },
      directApply: false,
    });
    expect(posting.hiringOrganization.logo).toMatch(new RegExp(`^${SITE}/media/`));
    expect(Date.parse(posting.validThrough)).toBeGreaterThan(Date.parse(posting.datePosted));
    expect((await read(`/job/${owner.username}/no-such-job`)).res.status).toBe(404);
  });

  it("the home page has the site's head and the feed's first page for a visitor", async () => {
    await postWith({ title: "On the home page" });
    const page = await read("/");
    expect(page.res.status).toBe(200);
    expect(reads(page.res).calls).toBe(1);
    expect(page.titles).toEqual(["Agora"]);
    expect(page.canonical).toBe(`${SITE}/`);
    const feed = await (await api("/api/v1/feed?option=new&skip=0&limit=4")).json();
    expect(page.data).toEqual({ feed: { option: "NEW", page: feed } });
    // Its cards as HTML, each title a link to its post, in the feed's order.
    const titles = [
      ...page.markup.matchAll(/<h2 id="post-[^"]+" [^>]*><a href="([^"]+)"[^>]*>(.*?)<\/a><\/h2>/g),
    ];
    const { list } = page.data!.feed!.page;
    expect(titles.map((m) => m[1])).toEqual(list.map((item: FeedItem) => item.micropost.link));
    expect(titles[0]?.[2]).toBe("On the home page");
  });

  it("private routes say noindex", async () => {
    for (const path of ["/settings/account", "/chat", "/wallet", "/drafts", "/notifications"]) {
      const page = await read(path);
      expect(page.res.status, path).toBe(200);
      expect(page.meta("robots"), path).toBe("noindex");
      expect(page.res.headers.get("x-robots-tag"), path).toBe("noindex");
    }
  });
});

describe("robots.txt, the sitemaps and the feeds", () => {
  it("robots.txt leads to the sitemap index, which leads to the posts' sitemap with a new post", async () => {
    const { post } = await postWith({ title: "Find me in the sitemap" });
    const robots = await api("/robots.txt");
    expect(robots.headers.get("content-type")).toContain("text/plain");
    const text = await robots.text();
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /admin/");
    expect(text).toContain("Disallow: /settings");
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(text)![1]!;
    expect(sitemapUrl).toBe(`${SITE}/sitemap.xml`);
    const index = await (await api(new URL(sitemapUrl).pathname)).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    // Every kind is read by ranges of ids; each sitemap the index names answers, people's too.
    // (Jobs, services and the blog are named once they have rows: this database may have none.)
    for (const kind of ["communities", "posts", "people"])
      expect(
        sitemaps.some((s) => s.startsWith(`${SITE}/sitemaps/${kind}-`)),
        kind,
      ).toBe(true);
    for (const s of sitemaps) {
      const one = await api(new URL(s).pathname);
      expect(one.status, s).toBe(200);
      expect(await one.text()).toContain("<urlset");
    }
    const people = await (await api(new URL(sitemaps.find((s) => s.includes("/people-"))!).pathname)).text();
    expect(people).toMatch(/<loc>[^<]+\/user\/[^<]+<\/loc><lastmod>\d{4}-/);
    const postsSitemap = sitemaps.find((s) => /\/sitemaps\/posts-\d+\.xml$/.test(s))!;
    const res = await api(new URL(postsSitemap).pathname);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`<loc>${SITE}${post.link}</loc>`);
    const newest = xml.indexOf(post.link);
    expect(newest).toBeGreaterThan(0);
    expect(xml.slice(newest)).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    expect((await api("/sitemaps/posts-999999.xml")).status).toBe(404);
    expect((await api("/sitemaps/nothing.xml")).status).toBe(404);
  });

  it("a community's Atom feed is valid, newest first, with an ETag that answers 304", async () => {
    const owner = await createUser();
    const community = await newCommunity(owner);
    const older = await newPost(owner, community, { title: "Older <post>" });
    const newer = await newPost(owner, community, { title: "Newer & better" });
    const res = await api(`/c/${community}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/atom+xml");
    expect(res.headers.get("cache-control")).toContain("max-age");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain(
      `<link rel="self" type="application/atom+xml" href="${SITE}/c/${community}/feed.xml"/>`,
    );
    // RFC 4287: a feed has an id, a title and an updated; each entry an id, a title, an updated.
    expect(xml).toMatch(
      /<feed[^>]*><id>[^<]+<\/id><title type="text">[^<]+<\/title>.*<updated>[^<]+<\/updated>/s,
    );
    const entries = [...xml.matchAll(/<entry><id>([^<]+)<\/id><title type="text">([^<]+)<\/title>/g)];
    expect(entries.map((e) => e[1])).toEqual([`${SITE}${newer.link}`, `${SITE}${older.link}`]);
    expect(entries.map((e) => e[2])).toEqual(["Newer &amp; better", "Older &lt;post&gt;"]);
    const again = await api(`/c/${community}/feed.xml`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // A new post changes the feed, so the old ETag gets the new feed.
    await newPost(owner, community, { title: "Newest" });
    const changed = await api(`/c/${community}/feed.xml`, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Newest");
    expect((await api("/c/no-such-community-here/feed.xml")).status).toBe(404);
  });

  it("the blog's Atom feed and its articles share one route, and every route compiles into one regular expression", async () => {
    const feed = await api("/blog/feed.xml");
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("application/atom+xml");
    expect(await feed.text()).toContain(
      `<link rel="self" type="application/atom+xml" href="${SITE}/blog/feed.xml"/>`,
    );
    expect((await api("/blog/no-such-article")).status).toBe(404);
    // Hono's SmartRouter took the RegExpRouter (one match a request), not the trie it falls back
    // to when a route cannot join the expression (docs/decisions/232).
    app.router.match("GET", "/blog/feed.xml");
    expect(app.router.name).toBe("SmartRouter + RegExpRouter");
  });

  it("a person who turns search engines off gets noindex and leaves the sitemap", async () => {
    const { owner, post } = await postWith({ title: "Not for search engines" });
    const flip = await api(
      "/api/v1/private/user/setting/boolean?user_boolean_setting=SEARCH_ENGINE_INDEXING",
      {
        method: "PATCH",
        headers: owner.auth,
      },
    );
    expect(await flip.json()).toEqual({ result: false });
    const profile = await read(`/user/${owner.username}`);
    expect(profile.meta("robots")).toBe("noindex");
    expect(profile.res.headers.get("x-robots-tag")).toBe("noindex");
    const page = await read(post.link);
    expect(page.res.status).toBe(200);
    expect(page.meta("robots")).toBe("noindex");
    const index = await (await api("/sitemap.xml")).text();
    const files = [...index.matchAll(/\/sitemaps\/((?:posts|people)-\d+\.xml)/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const xml = await (await api(`/sitemaps/${file}`)).text();
      expect(xml).not.toContain(post.public_id);
      expect(xml).not.toContain(`/user/${owner.username}<`);
    }
  });
});
