import { describe, expect, it } from "vitest";
import { admins } from "#worker/db/schema/index.ts";
import { hashPassword } from "#worker/lib/password.ts";
import { api, bearer, deps, form, json } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function adminToken(): Promise<string> {
  const username = `staff${Math.floor(Math.random() * 1e9)}`;
  await deps.db.orm.insert(admins).values({ username, passwordHash: await hashPassword("staff-password") });
  const res = await api("/api/admin/auth/login", {
    method: "POST",
    body: form({ username, password: "staff-password" }),
  });
  return (await json<{ access_token: string }>(res)).access_token;
}

const upload = (token: string, file: Blob) =>
  api("/api/admin/private/file", { method: "POST", headers: bearer(token), body: form({ file }) });

describe("admin file upload", () => {
  it("stores an image and answers a link that serves it", async () => {
    const token = await adminToken();
    const res = await upload(token, new File([PNG], "logo.txt", { type: "text/plain" }));
    expect(res.status).toBe(201);
    const body = await json<{ id: number; file: string; file_public_id: string; created_at: string }>(res);
    expect(body.file).toMatch(/^\/media\/admin\/[a-z0-9]+\.png$/);
    const served = await api(body.file);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("refuses what is not an image by its bytes, an empty file, and a large one", async () => {
    const token = await adminToken();
    const text = await upload(
      token,
      new File(["<script>alert(1)</script> padding"], "x.png", { type: "image/png" }),
    );
    expect(text.status).toBe(415);
    expect((await upload(token, new File([], "empty.png"))).status).toBe(422);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    expect((await upload(token, new File([big], "big.png"))).status).toBe(413);
  });

  it("is for admins only", async () => {
    const user = await createUser({ isStaff: true });
    expect((await upload(user.token, new File([PNG], "a.png"))).status).toBe(401);
  });
});
