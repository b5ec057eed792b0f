import { describe, expect, it } from "vitest";
import type { Comment } from "#shared/schemas/posts.ts";
import { api, json, jsonBody } from "./api";
import { createAdmin, createUser, type TestUser } from "./people";
import { newCommunity, newPost, pngFile, removeByStaff } from "./posts";

// One post removed by staff, looked for through every read of the API document as a visitor and as
// the people who saved it, commented on it, follow its author and were named in it: no answer may
// carry its address, its title, its body, its comments or its files (docs/decisions/135).

const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

interface Hidden {
  author: TestUser;
  community: string;
  postId: string;
  commentId: string;
  words: { title: string; body: string; comment: string };
  file: string;
  readers: TestUser[];
}

/** A published post with a picture, a comment naming someone, a bookmark and a follower; then removed. */
async function hiddenPost(): Promise<Hidden> {
  const words = { title: `qk${letters()}`, body: `wb${letters()}`, comment: `nb${letters()}` };
  const author = await createUser();
  const community = await newCommunity(author);
  const post = await newPost(author, community, {
    title: `Jam ${words.title}`,
    body: `<p>Plums and ${words.body}</p>`,
    post_type: "MEDIA",
    file: pngFile(),
  });
  const commenter = await createUser();
  const named = await createUser();
  const follower = await createUser();
  const said = await api("/api/v1/private/user/micropost/comment", {
    method: "POST",
    ...jsonBody(
      { parent_micropost_public_id: post.public_id, body: `So ${words.comment} @${named.username}` },
      commenter.auth,
    ),
  });
  expect(said.status).toBe(201);
  const comment = await json<Comment>(said);
  // An edit, so the comment has a history to look through.
  const edited = await api("/api/v1/private/user/micropost/comment", {
    method: "PATCH",
    ...jsonBody(
      { public_id: comment.public_id, body: `So ${words.comment} @${named.username}!` },
      commenter.auth,
    ),
  });
  expect(edited.status).toBe(200);
  for (const reader of [commenter, named, follower]) {
    const saved = await api(`/api/v1/private/user/micropost/bookmark?public_id=${post.public_id}`, {
      method: "PATCH",
      headers: reader.auth,
    });
    expect(saved.status).toBe(200);
    await api(`/api/v1/private/user/community/join?name=${community}`, {
      method: "POST",
      headers: reader.auth,
    });
    await api(`/api/v1/private/user/follow?username=${author.username}`, {
      method: "POST",
      headers: reader.auth,
    });
  }
  const page = await json<{ micropost: { user_file_list: Array<{ file: string }> } }>(
    await api(`/api/v1/micropost?public_id=${post.public_id}`),
  );
  const file = page.micropost.user_file_list[0]!.file;

  // Visitors read it before it is removed, so the answers the visitor cache keeps hold it.
  for (const address of [
    `/api/v1/micropost?public_id=${post.public_id}`,
    `/api/v1/micropost/comment/list?post_public_id=${post.public_id}`,
    `/api/v1/community/micropost/list?name=${community}`,
    `/api/v1/search?q=${words.comment}&type=comments`,
    `/api/v1/micropost/comment/history?public_id=${comment.public_id}`,
  ])
    expect((await api(address)).status).toBe(200);

  await removeByStaff(await createAdmin(), post, author, await createUser());
  return {
    author,
    community,
    postId: post.public_id,
    commentId: comment.public_id,
    words,
    file,
    readers: [commenter, named, follower],
  };
}

interface DocParameter {
  name: string;
  in: string;
  schema?: { enum?: string[] };
}
type Doc = { paths: Record<string, Record<string, { parameters?: DocParameter[] }>> };

/** Paths the sweep leaves out: staff's own (they may see it), sockets, and answers about no post. */
const NOT_SWEPT =
  /^\/api\/(admin|dev)\/|websocket|oauth|\/health$|market-chart|webpage-preview|\/payment\/|\/wallet\//;

/** Every value worth trying for a parameter of that name, given the hidden post. */
function valuesFor(p: DocParameter, h: Hidden): Array<string | null> {
  switch (p.name) {
    case "public_id":
      return [h.postId, h.commentId];
    case "post_public_id":
      return [h.postId];
    case "comment_public_id":
      return [null, h.commentId];
    case "username":
      return [h.author.username, h.readers[0]!.username];
    case "name":
      return [h.community];
    case "q":
      return [h.words.title, h.words.body, h.words.comment];
    case "type":
      return ["posts", "comments", "communities", "users"];
    case "limit":
      return ["50"];
    case "skip":
      return ["0"];
    case "option":
      return ["new", "top", "communities", "following"];
    case "sort":
      return [null, "top", "new"];
    default:
      return [null];
  }
}

/** Every address of the GET operations, with each combination of their parameters' values. */
async function sweepAddresses(h: Hidden): Promise<string[]> {
  const doc = (await (await api("/api/openapi.json")).json()) as Doc;
  const addresses: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const op = methods.get;
    if (!op || NOT_SWEPT.test(path)) continue;
    let combos: Array<Array<[string, string]>> = [[]];
    for (const p of (op.parameters ?? []).filter((q) => q.in === "query")) {
      combos = combos.flatMap((combo) =>
        valuesFor(p, h).map((v) => (v === null ? combo : [...combo, [p.name, v] as [string, string]])),
      );
    }
    for (const combo of combos) {
      const query = new URLSearchParams(combo).toString();
      addresses.push(query ? `${path}?${query}` : path);
    }
  }
  return addresses;
}

describe("a post staff removed", () => {
  it("is in no answer of any public or personal read of the API, nor on the pages the open web sees", async () => {
    const h = await hiddenPost();
    const traces = [h.postId, h.commentId, h.words.title, h.words.body, h.words.comment, h.file];
    const addresses = await sweepAddresses(h);
    // The pages a browser or a crawler opens, and the post's picture.
    addresses.push(
      `/c/${h.community}/p/${h.postId}`,
      `/user/${h.author.username}`,
      `/c/${h.community}`,
      h.file,
    );
    const found: string[] = [];
    let read = 0;
    for (const reader of [null, ...h.readers]) {
      for (const address of addresses) {
        const res = await api(address, { headers: reader?.auth ?? {} });
        const body = await res.text();
        read += 1;
        if (address === h.file) {
          if (res.status !== 404)
            found.push(`${address} as ${reader?.username ?? "a visitor"}: ${res.status}`);
          continue;
        }
        // A page's own address may be echoed back in it; what the post says may not.
        const looked = address.startsWith("/api/") ? traces : Object.values(h.words);
        for (const trace of looked)
          if (body.includes(trace))
            found.push(`${address} as ${reader?.username ?? "a visitor"}: ${res.status} carries ${trace}`);
      }
    }
    expect(read).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });
});
