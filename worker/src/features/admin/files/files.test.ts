import { describe, expect, it } from "vitest";
import { adminFileSchema } from "#shared/schemas/admin.ts";
import { api, form, json, jsonBody } from "#worker-test/api.ts";
import { createAdmin, createUser, type TestAdmin } from "#worker-test/people.ts";
import { PNG_BYTES } from "#worker-test/posts.ts";

const upload = (admin: TestAdmin | { auth: Record<string, string> }, file: Blob) =>
  api("/api/admin/private/file", { method: "POST", headers: admin.auth, body: form({ file }) });
const remove = (admin: TestAdmin, body: unknown) =>
  api("/api/admin/private/file", { method: "DELETE", ...jsonBody(body, admin.auth) });

describe("admin file upload", () => {
  it("stores an image and answers a link that serves it", async () => {
    const admin = await createAdmin();
    const res = await upload(admin, new File([PNG_BYTES], "logo.txt", { type: "text/plain" }));
    expect(res.status).toBe(201);
    const body = adminFileSchema.parse(await json(res));
    expect(body.file).toMatch(/^\/media\/admin\/[a-z0-9]+\.png$/);
    const served = await api(body.file);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("refuses what is not an image by its bytes, an empty file, and a large one", async () => {
    const admin = await createAdmin();
    const text = await upload(
      admin,
      new File(["<script>alert(1)</script> padding"], "x.png", { type: "image/png" }),
    );
    expect(text.status).toBe(415);
    expect((await upload(admin, new File([], "empty.png"))).status).toBe(422);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG_BYTES);
    expect((await upload(admin, new File([big], "big.png"))).status).toBe(413);
  });

  it("is for admins only", async () => {
    const user = await createUser({ isStaff: true });
    expect((await upload(user, new File([PNG_BYTES], "a.png"))).status).toBe(401);
  });
});

describe("admin file list and delete", () => {
  it("lists newest first in pages, and a deleted file's link stops working", async () => {
    const admin = await createAdmin();
    const first = adminFileSchema.parse(await json(await upload(admin, new File([PNG_BYTES], "a.png"))));
    const second = adminFileSchema.parse(await json(await upload(admin, new File([PNG_BYTES], "b.png"))));
    const page = await json<{ list: Array<{ id: number }>; total_list: number; total_pages: number }>(
      await api("/api/admin/private/file/list?skip=0&limit=1", { headers: admin.auth }),
    );
    expect(page.list.map((f) => f.id)).toEqual([second.id]);
    expect(page.total_pages).toBe(page.total_list);
    const next = await json<{ list: Array<{ id: number }> }>(
      await api("/api/admin/private/file/list?skip=1&limit=1", { headers: admin.auth }),
    );
    expect(next.list.map((f) => f.id)).toEqual([first.id]);

    expect((await remove(admin, { id: second.id })).status).toBe(204);
    expect((await api(second.file)).status).toBe(404);
    const again = await remove(admin, { id: second.id });
    expect(again.status).toBe(404);
    expect((await json<{ detail: string }>(again)).detail).toBe("This file does not exist");
    const bad = await remove(admin, { id: "one" });
    expect(bad.status).toBe(422);
    expect((await json<{ detail: string }>(bad)).detail).toBe("id: Must be a positive whole number");
    expect((await api("/api/admin/private/file/list?limit=0", { headers: admin.auth })).status).toBe(422);
  });
});
