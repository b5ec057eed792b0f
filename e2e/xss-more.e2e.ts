import type { Page } from "playwright-core";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { newAccount } from "./sign-in";
import {
  actAs,
  fillRecords,
  formBody,
  hooked,
  jsonBody,
  loadWholeChat,
  pack,
  sendChatFrames,
  staffSignIn,
  staffToken,
  vectorsIn,
  XssRun,
} from "./xss/harness";
import { shortVectors, XSS_VECTORS } from "./xss/vectors";

// Script never runs, the other sinks (xss.e2e.ts has posts, comments, chat text, profile name):
// chat link previews, community fields, job and service fields, report and feedback text as
// staff read them, blog posts, e-mail template previews, and every kind of notification that
// carries what a person wrote. The whole corpus goes into every sink, packed into as few records
// as the fields' lengths allow; each page is rendered in Chromium with the hooks of
// xss/harness.ts and must show the vectors as text, never run them.

const PNG = new Blob(
  [
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==",
      "base64",
    ),
  ],
  { type: "image/png" },
);

/** A word unique to this run, for names and searches. */
const RUN_WORD = `x${Date.now().toString(36).slice(-5)}`;

/** Vectors without whitespace, for places that take no space (paths of links). */
const UNSPACED = XSS_VECTORS.filter((v) => !/\s/.test(v));

/** Folded things opened, and "Load more" pressed until everything is on the page. */
async function unfoldAll(p: Page) {
  const box = p.getByTestId("load-more");
  for (let i = 0; i < 60; i++) {
    // The button is disabled ("Loading…") while a page is on its way, and gone after the last.
    await p
      .waitForFunction(() => !document.querySelector('[data-testid="load-more"] button[disabled]'), null, {
        timeout: 15_000,
      })
      .catch(() => {});
    await p.waitForTimeout(100);
    if (!(await box.count())) break;
    await box
      .getByRole("button")
      .click({ timeout: 2_000 })
      .catch(() => {});
  }
  await p.evaluate(() => {
    document.querySelectorAll("details").forEach((d) => {
      d.open = true;
    });
  });
}

/**
 * Writes `count` records, `each` per person: the people at the same time, each one's in order.
 * Answers the results in record order.
 */
async function perPerson<T>(count: number, each: number, write: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  await Promise.all(
    Array.from({ length: Math.ceil(count / each) }, async (_, person) => {
      for (let i = person * each; i < Math.min(count, (person + 1) * each); i++) results[i] = await write(i);
    }),
  );
  return results;
}

describe("script never runs: the other sinks", () => {
  const { page } = useBrowser();
  const runs: Array<[string, XssRun]> = [];

  /** A run for one group of sinks, reported at the end. */
  function start(label: string) {
    const run = new XssRun(lane().baseUrl);
    runs.push([label, run]);
    return run;
  }

  /** Fresh accounts, `n` of them, for limits per person (communities a day, reports an hour). */
  function accounts(p: Page, n: number) {
    return Promise.all(Array.from({ length: n }, () => newAccount(p.request)));
  }

  afterAll(() => {
    const renders = runs.reduce((a, [, r]) => a + r.renders, 0);
    const pages = runs.reduce((a, [, r]) => a + r.results.length, 0);
    const executions = runs.reduce((a, [, r]) => a + r.executions.length, 0);
    for (const [label, run] of runs) console.log(run.summary(label));
    console.log(
      `XSS (other sinks) total: ${XSS_VECTORS.length} vectors; ${pages} pages; ${renders} (vector × page) renders; executions: ${executions}`,
    );
  });

  it("runs none in chat link previews (title, site name, description, link, picture)", async () => {
    const run = start("chat link previews");
    const { page: p, context } = await page();
    await hooked(context);
    const [sender, reader] = await accounts(p, 2);
    const thread = await run.call<{ public_id: string }>("/api/v1/private/user/chat/thread", sender!.token, {
      method: "POST",
      body: new URLSearchParams({ username: reader!.username }),
    });
    // A hostile client puts the corpus in its frames' previews. The server builds previews itself
    // from the page it fetched (none here: these pages cannot be reached), so the forged ones are
    // never stored, broadcast or shown, and nothing of them runs.
    const records = fillRecords(XSS_VECTORS, [300, 200, 160]);
    const frames = records.map(([title, site, description], i) => {
      const link = `https://xss.example/${i}/${UNSPACED[i % UNSPACED.length]}`;
      return {
        message_type: "TEXT",
        text: `look at xss.example ${i}`,
        client_id: `preview-${i}`,
        webpage_preview: {
          title: title || null,
          site_name: site || null,
          description: description || null,
          link,
          image: `https://img.xss.example/${UNSPACED[(i + 1) % UNSPACED.length]}`,
        },
      };
    });
    await sendChatFrames(run, sender!.token, thread.public_id, frames, 150);

    for (const [who, token] of [
      ["reader", reader!.token],
      ["sender", sender!.token],
    ] as const) {
      await actAs(context, run.base, token);
      await run.visit(p, `chat previews (${who})`, `/chat/thread/${thread.public_id}`, {
        texts: [],
        prepare: loadWholeChat,
      });
      await expect
        .poll(() => p.getByText(`look at xss.example ${records.length - 1}`).count())
        .toBeGreaterThan(0);
      expect(await p.getByTestId("link-preview").count()).toBe(0);
    }
    expect(run.executions).toEqual([]);
  }, 120_000);

  it("runs none in community fields (display name, description) on c/ pages, lists and search", async () => {
    const run = start("community fields");
    const { page: p, context } = await page();
    await hooked(context);
    // Display names (40, never two spaces in a row) and descriptions (250); names are only
    // letters, digits, _ and -, so they carry none. Ten communities a day each.
    const records = fillRecords(XSS_VECTORS, [40, 250], (field, v) => field === 1 || !/\s\s/.test(v));
    const owners = await accounts(p, Math.ceil(records.length / 10));
    // Each owner writes their ten at the same time as the others.
    const created = await perPerson(records.length, 10, (i) => {
      const [display, description] = records[i]!;
      return run.call<{ name: string } | null>(
        "/api/v1/private/user/community",
        owners[Math.floor(i / 10)]!.token,
        jsonBody({ name: `${RUN_WORD}c${i}`, display_name: display ?? "", description: description ?? "" }),
        true,
      );
    });
    const names = created.flatMap((community) => (community ? [community.name] : []));
    const written = vectorsIn(records.flat(), XSS_VECTORS);

    await actAs(context, run.base, owners[0]!.token);
    await run.visitAll(p, [
      ["search communities", `/search?q=${RUN_WORD}&type=communities`, { texts: written }],
      ["my communities (create post picker)", "/post", { texts: written }],
      ...names
        .slice(0, 3)
        .map(
          (name, i) => [`c/${name}`, `/c/${name}`, { texts: vectorsIn(records[i]!, XSS_VECTORS) }] as const,
        ),
    ]);
    expect(run.results.filter((r) => r.sink.startsWith("c/") && r.shown === 0)).toEqual([]);
    expect(run.executions).toEqual([]);
  }, 120_000);

  it("runs none in job and service fields on their lists and pages", async () => {
    const run = start("job and service fields");
    const { page: p, context } = await page();
    await hooked(context);
    // Jobs: title, place, the company's place and description take the corpus; five
    // descriptions carry all of it again. Each job its own company (a name of letters only).
    const jobRecords = fillRecords(XSS_VECTORS, [100, 100, 100, 160]);
    const jobBodies = pack(XSS_VECTORS, 5_000);
    const skills = shortVectors(30).filter((v) => !v.includes(","));
    const posters = await accounts(p, Math.ceil(jobRecords.length / 10));
    // Each poster writes their ten at the same time as the others.
    const written = await perPerson(jobRecords.length, 10, (i) => {
      const [title, place, companyPlace, companyAbout] = jobRecords[i]!;
      return run.call<{ slug: string; link: string } | null>(
        "/api/v1/private/user/job",
        posters[Math.floor(i / 10)]!.token,
        formBody({
          company_name: `Xss ${RUN_WORD} ${i}`,
          company_logo: new File([PNG], "logo.png", { type: "image/png" }),
          company_description: companyAbout ?? "",
          company_location: companyPlace ?? "",
          job_title: title || `Job ${i}`,
          job_description: jobBodies[i] ?? `Job ${i}`,
          job_location: place ?? "",
          job_type: "FULLTIME",
          job_category: "PROGRAMMING",
          job_work_mode: "REMOTE",
          job_experience_level: "ALL",
          job_how_to_apply:
            i % 2 ? `https://apply.example/${UNSPACED[i % UNSPACED.length]}` : "jobs@example.com",
          job_skills: skills.slice((i * 5) % skills.length, ((i * 5) % skills.length) + 5).join(","),
        }),
        true,
      );
    });
    const jobs = written.filter((job) => job !== null);
    // Services: titles (100) take the corpus, five descriptions all of it again.
    const serviceTitles = pack(XSS_VECTORS, 100);
    const serviceBodies = pack(XSS_VECTORS, 5_000);
    const providers = await accounts(p, Math.ceil(serviceTitles.length / 20));
    for (const provider of providers)
      await run.call(
        "/api/v1/private/user/setting/boolean?user_boolean_setting=SERVICE_PROVIDER",
        provider.token,
        { method: "PATCH" },
      );
    // Each provider writes its twenty at the same time as the others.
    const services = (
      await Promise.all(
        providers.map(async (provider, n) => {
          const made: Array<{ slug: string; link: string }> = [];
          for (const [i, title] of serviceTitles.entries()) {
            if (Math.floor(i / 20) !== n) continue;
            const service = await run.call<{ slug: string; link: string }>(
              "/api/v1/private/user/service",
              provider.token,
              formBody({
                title,
                description: serviceBodies[i] ?? `Service ${i}`,
                category: "PROGRAMMING",
                price: "1500",
                delivery_days: "3",
                skills: skills.slice(i % skills.length, (i % skills.length) + 5).join(","),
              }),
              true,
            );
            if (service) made.push(service);
          }
          return made;
        }),
      )
    ).flat();
    const jobVectors = vectorsIn([...jobRecords.flat(), ...jobBodies], XSS_VECTORS);

    await actAs(context, run.base, posters[0]!.token);
    // The long lists first: the pages of one record fill the other tabs meanwhile.
    await run.visitAll(p, [
      ["services list", "/services", { texts: XSS_VECTORS }],
      ["jobs list", "/jobs", { texts: jobVectors }],
      ...jobs
        .slice(0, jobBodies.length)
        .map((job) => [`job ${job.slug}`, job.link, { texts: jobVectors }] as const),
      ["manage jobs", "/jobs/manage", { texts: jobVectors }],
      ["person's jobs", `/user/${posters[0]!.username}/jobs`, { texts: jobVectors }],
      ...services
        .slice(0, serviceBodies.length)
        .map((service) => [`service ${service.slug}`, service.link, { texts: XSS_VECTORS }] as const),
    ]);
    await actAs(context, run.base, providers[0]!.token);
    await run.visit(p, "manage services", "/services/manage", { texts: XSS_VECTORS });
    await context.clearCookies();
    await staffSignIn(p);
    await run.visit(p, "admin jobs", "/admin/jobs", { texts: jobVectors, prepare: unfoldAll });
    expect(jobs.length).toBe(jobRecords.length);
    expect(run.results.filter((r) => r.shown === 0)).toEqual([]);
    expect(run.executions).toEqual([]);
  }, 180_000);

  it("runs none in report and feedback text as staff read them", async () => {
    const run = start("reports and feedback (admin site)");
    const { page: p, context } = await page();
    await hooked(context);
    // Reports: 40 to 160 characters, 20 an hour each; each about its own link (a group of its
    // own, so every text is listed), whose path carries a vector too.
    const texts = pack(XSS_VECTORS, 160).map((t) => t.padEnd(40, "."));
    const reporters = await accounts(p, Math.ceil((texts.length + 2) / 20));
    await perPerson(texts.length, 20, (i) =>
      run.call(
        "/api/v1/private/user/report",
        reporters[Math.floor(i / 20)]!.token,
        formBody({
          report_cause: "SPAM",
          text: texts[i]!,
          link: `/${RUN_WORD}r${i}/${UNSPACED[i % UNSPACED.length]}`,
        }),
        true,
      ),
    );
    // A post and a comment written with vectors, reported: staff see their title and text.
    const author = await newAccount(p.request);
    const title = pack(XSS_VECTORS, 300)[0]!;
    const post = await run.call<{ public_id: string; link: string }>(
      "/api/v1/private/user/micropost",
      author.token,
      formBody({ title, community_name: "crypto", body: "<p>a post</p>" }),
    );
    const comment = await run.call<{ public_id: string }>(
      "/api/v1/private/user/micropost/comment",
      author.token,
      jsonBody({ parent_micropost_public_id: post.public_id, body: pack(XSS_VECTORS, 3_000)[0] }),
    );
    const last = reporters.at(-1)!;
    await run.call(
      "/api/v1/private/user/report",
      last.token,
      formBody({ report_cause: "SPAM", text: texts[0]!, link: post.link }),
    );
    await run.call(
      "/api/v1/private/user/report",
      last.token,
      formBody({ report_cause: "SPAM", text: texts[1]!, link: `${post.link}?comment=${comment.public_id}` }),
    );
    // Feedback: 40 to 1,000 characters, 20 an hour each; its link a path with a vector.
    const feedbacks = pack(XSS_VECTORS, 1_000).map((t) => t.padEnd(40, "."));
    const senders = await accounts(p, Math.ceil(feedbacks.length / 20));
    await perPerson(feedbacks.length, 20, (i) =>
      run.call(
        "/api/v1/private/user/feedback",
        senders[Math.floor(i / 20)]!.token,
        formBody({
          feedback_type: "SUGGESTION",
          text: feedbacks[i]!,
          link: `/${UNSPACED[i % UNSPACED.length]}`,
        }),
        true,
      ),
    );

    await staffSignIn(p);
    await run.visit(p, "admin reports", "/admin/reports", { texts: XSS_VECTORS, prepare: unfoldAll });
    // The table shows each text's first words; "Read all" opens the whole text in a dialog.
    await run.visit(p, "admin feedbacks", "/admin/feedbacks", { prepare: unfoldAll });
    // The whole text as written: whitespace aside (the form sent line breaks as CRLF), a lone
    // surrogate sent as U+FFFD (UTF-8 has no other way), NULs left out of the comparison.
    const norm = (text: string) =>
      text
        .replace(/\s+/g, " ")
        .replace(/[\ud800-\udfff]/g, "\ufffd")
        .replace(/\0/g, "");
    const written = feedbacks.map(norm);
    const readAll = p.getByRole("button", { name: "Read all" });
    const opened = new Set<string>();
    for (let i = 0; i < (await readAll.count()); i++) {
      await readAll.nth(i).click();
      const dialog = p.getByTestId("feedback-dialog");
      await dialog.waitFor();
      const whole = norm((await dialog.getByTestId("feedback-text").textContent()) ?? "");
      // The demo data's feedback is there too: only this run's is counted.
      if (written.includes(whole)) {
        opened.add(whole);
        await run.check(p, `feedback dialog ${i}`, { texts: vectorsIn([whole], XSS_VECTORS.map(norm)) });
      }
      await p.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    }
    expect(opened.size).toBe(new Set(written).size);
    expect(run.results.filter((r) => r.sink !== "admin feedbacks" && r.shown === 0)).toEqual([]);
    expect(run.executions).toEqual([]);
  }, 180_000);

  it("runs none in blog posts (admin editor, public blog) and e-mail template previews", async () => {
    const run = start("blog and e-mail templates");
    const { page: p, context } = await page();
    await hooked(context);
    const staff = await staffToken(run.base);
    const admin = "/api/admin/private/admin/blog";
    // Blog: titles (200) and summaries (300) take the corpus; the first body all of it.
    const records = fillRecords(XSS_VECTORS, [200, 300]);
    const body = XSS_VECTORS.map((v) => `<p>${v}</p>`).join("");
    const posts: Array<{ id: number; slug: string }> = [];
    for (const [i, [title, summary]] of records.entries()) {
      const post = await run.call<{ id: number; slug: string }>(
        admin,
        staff,
        jsonBody({
          title: title || `Post ${i}`,
          summary: summary ?? "",
          category: "GUIDE",
          body: i === 0 ? body : `<p>post ${i}</p>`,
          slug: `${RUN_WORD}-${i}`,
        }),
        true,
      );
      if (!post) continue;
      posts.push(post);
      await run.call(`${admin}/publish`, staff, jsonBody({ id: post.id, published: true }, "PATCH"));
    }
    // E-mail templates: the corpus as the e-mail's text and as raw HTML; subjects take some.
    const templatesPath = "/api/admin/private/email/template";
    const mjml = (inner: string) =>
      `<mjml><mj-body><mj-section><mj-column>${inner}</mj-column></mj-section></mj-body></mjml>`;
    const subjects = pack(XSS_VECTORS, 200).slice(0, 4);
    const templates: number[] = [];
    for (const [i, subject] of subjects.entries()) {
      const inner =
        i === 0
          ? `<mj-text>${XSS_VECTORS.join("<br>")}</mj-text>`
          : i === 1
            ? `<mj-raw>${XSS_VECTORS.join("")}</mj-raw>`
            : `<mj-text>template ${i}</mj-text>`;
      const template = await run.call<{ id: number }>(
        templatesPath,
        staff,
        jsonBody({ subject, mjml_text: mjml(inner) }),
        true,
      );
      if (template) templates.push(template.id);
    }

    // Whatever happens, the blog and the templates are left as they were: the other journeys on
    // this server read the blog's first page.
    onTestFinished(async () => {
      for (const post of posts) await run.call(admin, staff, jsonBody({ id: post.id }, "DELETE"));
      for (const id of templates) await run.call(templatesPath, staff, jsonBody({ id }, "DELETE"));
    });

    // The public blog, as a visitor.
    const written = vectorsIn(records.flat(), XSS_VECTORS);
    await run.visit(p, "blog list", "/blog", { texts: written });
    await run.visit(p, "blog post", `/blog/${posts[0]!.slug}`, {
      texts: vectorsIn(records[0]!, XSS_VECTORS),
      rich: XSS_VECTORS.length,
    });
    // Staff: the blog list, the editor with the body loaded, the templates and their previews.
    await staffSignIn(p);
    await run.visit(p, "admin blog list", "/admin/blog", { texts: written, prepare: unfoldAll });
    await run.visit(p, "admin blog editor", `/admin/blog/${posts[0]!.id}`, {
      texts: [],
      rich: XSS_VECTORS.length,
      prepare: (page) => page.getByRole("textbox", { name: "Body" }).waitFor(),
    });
    await run.visit(p, "admin templates", "/admin/email/template", {
      texts: vectorsIn(subjects, XSS_VECTORS),
    });
    const frames: string[] = [];
    for (const id of templates.slice(0, 2)) {
      const sink = `admin template ${id} preview`;
      await run.visit(p, sink, `/admin/email/template/${id}`, {
        rich: XSS_VECTORS.length,
        prepare: (page) => page.getByTestId("mjml-preview").locator("iframe").waitFor({ timeout: 30_000 }),
      });
      // The e-mail shows in a frame with every sandbox flag on: no script, no same origin.
      const frame = p.getByTestId("mjml-preview").locator("iframe");
      expect(await frame.getAttribute("sandbox")).toBe("");
      // Inside the frame, read through the browser's devtools protocol (no page script runs
      // there): the payloads' flag unset, no hook called if the hooks got in, the e-mail's text.
      // The frame element is there before its document: wait for the e-mail to be loaded in it.
      const srcdoc = () =>
        p.frames().find((f) => f.parentFrame() === p.mainFrame() && f.url() === "about:srcdoc");
      await expect.poll(() => srcdoc() !== undefined).toBe(true);
      const inner = srcdoc();
      // Its document whole, not half parsed.
      await inner!.waitForLoadState("load");
      const inFrame = await inner!.evaluate((texts: string[]) => {
        const w = window as unknown as { __xss?: unknown; __xssHits?: unknown };
        const body = (document.body.textContent ?? "").replace(/\s+/g, " ");
        return {
          flag: w.__xss ?? null,
          hooksRan: "__xssHits" in w,
          hits: Array.isArray(w.__xssHits) ? (w.__xssHits as string[]) : [],
          shown: texts.filter((t) => body.includes(t.replace(/\s+/g, " "))).length,
        };
      }, XSS_VECTORS);
      frames.push(
        `template ${id}: ${inFrame.shown} vectors as text, the test's own init script got in: ${inFrame.hooksRan}`,
      );
      run.results.push({
        sink: `${sink} (inside the frame)`,
        shown: inFrame.shown,
        rich: 0,
        hits: inFrame.hits,
        flag: inFrame.flag,
      });
    }

    console.log(`XSS e-mail previews, inside the sandboxed frame: ${frames.join("; ")}`);
    expect(posts.length).toBe(records.length);
    expect(templates.length).toBe(subjects.length);
    expect(run.executions).toEqual([]);
  }, 180_000);

  it("runs none in notifications of every kind that carries what someone wrote", async () => {
    const run = start("notifications");
    const { page: p, context } = await page();
    await hooked(context);
    const owner = await newAccount(p.request);
    // The people who act carry vectors in their profile names (FOLLOWER, COMMUNITY, and every
    // other kind names its actor).
    const names = shortVectors(50);
    const actors = await accounts(p, 6);
    for (const [i, actor] of actors.entries())
      await run.call(
        "/api/v1/private/user/profile",
        actor.token,
        formBody({ profile_name: names[i % names.length]! }, "PATCH"),
        true,
      );
    // The owner's community and posts whose titles carry the corpus (UPVOTE), and a comment of
    // theirs the others reply to (REPLY).
    const community = `${RUN_WORD}n`;
    await run.call("/api/v1/private/user/community", owner.token, jsonBody({ name: community }));
    const titles = pack(XSS_VECTORS, 300);
    const posts: Array<{ public_id: string }> = [];
    for (const title of titles.slice(0, 20))
      posts.push(
        await run.call<{ public_id: string }>(
          "/api/v1/private/user/micropost",
          owner.token,
          formBody({ title, community_name: community, body: "<p>a post</p>" }),
        ),
      );
    const mine = await run.call<{ public_id: string }>(
      "/api/v1/private/user/micropost/comment",
      owner.token,
      jsonBody({ parent_micropost_public_id: posts[0]!.public_id, body: "<p>my comment</p>" }),
    );
    const replies = pack(XSS_VECTORS, 9_000);
    for (const [i, actor] of actors.entries()) {
      await run.call(`/api/v1/private/user/follow?username=${owner.username}`, actor.token, {
        method: "POST",
      });
      await run.call(`/api/v1/private/user/community/join?name=${community}`, actor.token, {
        method: "POST",
      });
      for (const post of posts.slice(i * 4, i * 4 + 4))
        await run.call(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, actor.token, {
          method: "PATCH",
        });
      if (replies[i])
        await run.call(
          "/api/v1/private/user/micropost/comment",
          actor.token,
          jsonBody({
            parent_micropost_public_id: posts[0]!.public_id,
            parent_micropost_comment_public_id: mine.public_id,
            body: `<p>@${owner.username}</p>${replies[i]}`,
          }),
          true,
        );
    }
    // MENTION from a post: its title carries vectors.
    await run.call(
      "/api/v1/private/user/micropost",
      actors[0]!.token,
      formBody({
        title: titles[20] ?? titles[0]!,
        community_name: "crypto",
        body: `<p>hi @${owner.username}</p>`,
      }),
    );

    await actAs(context, run.base, owner.token);
    const shown = await run.visit(p, "notifications (every kind)", "/notifications", {
      texts: XSS_VECTORS,
      // The list, not only a quiet network: on a busy machine the page can fall quiet before it asks.
      prepare: (page) => page.getByTestId("notification").first().waitFor({ timeout: 15_000 }),
    });
    const kinds = await run.call<{ list: Array<{ kind: string }> }>(
      "/api/v1/private/user/notification/list?limit=100",
      owner.token,
    );
    const seen = new Set(kinds.list.map((n) => n.kind));
    console.log(`XSS notifications: kinds made ${[...seen].sort().join(", ")}`);
    for (const kind of ["FOLLOWER", "COMMUNITY", "UPVOTE", "REPLY", "MENTION"]) expect(seen).toContain(kind);
    expect(shown.shown).toBeGreaterThan(0);
    expect(run.executions).toEqual([]);
  }, 180_000);
});
