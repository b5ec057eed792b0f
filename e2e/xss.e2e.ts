import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { newAccount } from "./sign-in";
import {
  actAs,
  formBody,
  hooked,
  jsonBody,
  loadWholeChat,
  pack,
  sendChatFrames,
  XssRun,
} from "./xss/harness";
import { shortVectors, XSS_VECTORS } from "./xss/vectors";

// Script never runs: every vector of e2e/xss/vectors.ts written through the API into the fields a
// person can write (post titles and bodies, comments, chat text, profile name, and the notifications
// those make), then the pages showing them rendered in Chromium with alert, confirm
// and prompt hooked, Content-Security-Policy violations listened to, and the flag the payloads set
// (`window.__xss`) read. Zero executions is the only pass. The other sinks (link previews,
// communities, jobs, services, report and feedback text in the admin site, blog, e-mail
// templates, every kind of notification) are in xss-more.e2e.ts.

describe("script never runs", () => {
  const { page } = useBrowser();

  it(`runs none of ${XSS_VECTORS.length} vectors in any field a person writes`, async () => {
    const run = new XssRun(lane().baseUrl);
    const { page: p, context } = await page();
    await hooked(context);
    const author = await newAccount(p.request);
    const reader = await newAccount(p.request);

    // Profile name: the longest vectors that fit (50 characters) go in, one after another; the
    // last one stays and is shown next to every post below.
    const names = shortVectors(50).slice(0, 5);
    for (const name of names)
      await run.call(
        "/api/v1/private/user/profile",
        author.token,
        formBody({ profile_name: name }, "PATCH"),
        true,
      );
    const profileName = names.at(-1)!;

    // Posts: titles take the vectors packed to 300 characters; five posts carry them all in bodies.
    const titles = pack(XSS_VECTORS, 300);
    const bodies = pack(XSS_VECTORS, 9_000);
    const posts: Array<{ public_id: string; link: string }> = [];
    for (const [i, title] of titles.entries()) {
      const post = await run.call<{ public_id: string; link: string }>(
        "/api/v1/private/user/micropost",
        author.token,
        formBody({ title, community_name: "crypto", body: bodies[i] ?? `<p>post ${i}</p>` }),
        i >= bodies.length,
      );
      if (post) posts.push(post);
    }
    // Comments from the reader on the first post (each one also notifies the author).
    const comments = pack(XSS_VECTORS, 9_000);
    for (const body of comments)
      await run.call(
        "/api/v1/private/user/micropost/comment",
        reader.token,
        jsonBody({ parent_micropost_public_id: posts[0]!.public_id, body }),
        true,
      );
    // Chat: the vectors as messages over the socket, 1,000 characters each.
    const thread = await run.call<{ public_id: string }>("/api/v1/private/user/chat/thread", author.token, {
      method: "POST",
      body: new URLSearchParams({ username: reader.username }),
    });
    const chatTexts = pack(XSS_VECTORS, 1_000);
    await sendChatFrames(
      run,
      author.token,
      thread.public_id,
      chatTexts.map((text, i) => ({ message_type: "TEXT", text, client_id: `xss-${i}` })),
      250,
    );

    // The pages, as the reader (and a visitor) see them. Titles show as text; bodies are
    // sanitised HTML, counted by what they hold.
    const titleOf = (i: number) => XSS_VECTORS.filter((v) => titles[i]!.includes(v));
    const bodyOf = (i: number) => XSS_VECTORS.filter((v) => bodies[i]!.includes(v)).length;
    await actAs(context, run.base, reader.token);
    for (const [i, post] of posts.slice(0, bodies.length).entries())
      await run.visit(p, post.link, post.link, {
        texts: [...titleOf(i), profileName],
        rich: bodyOf(i) + (i === 0 ? XSS_VECTORS.length : 0),
      });
    await run.visit(p, "author profile", `/user/${author.username}`, {
      texts: [...XSS_VECTORS, profileName],
    });
    await run.visit(p, "feed NEW", "/?sort=NEW", { texts: XSS_VECTORS });
    await run.visit(p, "community", "/c/crypto", { texts: XSS_VECTORS });
    await run.visit(p, "search posts", `/search?q=${encodeURIComponent("script")}&type=posts`, {
      texts: XSS_VECTORS,
    });
    await run.visit(p, "search comments", `/search?q=${encodeURIComponent("onerror")}&type=comments`, {
      texts: XSS_VECTORS,
    });
    await run.visit(p, "chat", `/chat/thread/${thread.public_id}`, {
      texts: XSS_VECTORS,
      prepare: loadWholeChat,
    });
    await run.visit(p, "chat list", "/chat", { texts: XSS_VECTORS });
    await actAs(context, run.base, author.token);
    await run.visit(p, "notifications", "/notifications", { texts: XSS_VECTORS });
    await run.visit(p, "chat (author)", `/chat/thread/${thread.public_id}`, {
      texts: XSS_VECTORS,
      prepare: loadWholeChat,
    });

    console.log(
      `${run.summary("posts, comments, chat, profile")}; ${XSS_VECTORS.length} vectors in ${titles.length} titles, ${bodies.length} bodies, ${comments.length} comments, ${chatTexts.length} chat messages`,
    );
    expect(run.executions).toEqual([]);
    // Every page showed written text as text (the hooks were there and the content loaded).
    expect(run.results.filter((r) => r.shown === 0)).toEqual([]);
  }, 300_000);
});
