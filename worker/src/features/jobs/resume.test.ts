import { describe, expect, it } from "vitest";
import { api, createUser, detail, env, json, pngFile, type TestUser } from "./test-kit";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
const pdfFile = (bytes: Uint8Array = PDF, name = "cv.pdf") =>
  new File([bytes], name, { type: "application/pdf" });

function upload(file: File | string, auth: Record<string, string> = {}) {
  const body = new FormData();
  body.append("file", file);
  return api("/api/v1/user/resume", { method: "POST", headers: auth, body });
}
const mine = async (user: TestUser) =>
  json<{ link: string | null }>(await api("/api/v1/private/user/resume", { headers: user.auth }));
const keyOf = (link: string) => link.slice("/media/".length);

describe("the résumé", () => {
  it("stores a PDF, answers its link, shows it in the job settings and replaces the previous one", async () => {
    const user = await createUser();
    expect(await mine(user)).toEqual({ link: null });

    const first = await upload(pdfFile(), user.auth);
    expect(first.status).toBe(201);
    const { link } = await json<{ link: string }>(first);
    expect(link).toMatch(/^\/media\/resumes\/\w+\.pdf$/);
    expect(await mine(user)).toEqual({ link });
    const stored = await env.MEDIA.get(keyOf(link));
    expect(stored?.httpMetadata?.contentType).toBe("application/pdf");
    const served = await api(link, { headers: user.auth });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PDF);

    const second = await json<{ link: string }>(await upload(pdfFile(), user.auth));
    expect(second.link).not.toBe(link);
    expect(await mine(user)).toEqual({ link: second.link });
    expect(await env.MEDIA.get(keyOf(link))).toBeNull();

    const removed = await api("/api/v1/private/user/resume", { method: "DELETE", headers: user.auth });
    expect(removed.status).toBe(204);
    expect(await mine(user)).toEqual({ link: null });
    expect(await env.MEDIA.get(keyOf(second.link))).toBeNull();
  });

  it("checks the bytes, not the name or the claimed type", async () => {
    const user = await createUser();
    const png = await upload(
      new File([await pngFile().arrayBuffer()], "cv.pdf", { type: "application/pdf" }),
      user.auth,
    );
    expect(png.status).toBe(415);
    expect(await detail(png)).toBe("file: The résumé must be a PDF file");
    const html = await upload(pdfFile(new TextEncoder().encode("<html>%PDF-</html>")), user.auth);
    expect(html.status).toBe(415);
    expect(await mine(user)).toEqual({ link: null });
  });

  it("takes at most 5 MB and says how big the file was", async () => {
    const user = await createUser();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PDF);
    const res = await upload(pdfFile(big), user.auth);
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe("file: File size 6 MB exceeds limit of 5 MB.");
    const exact = new Uint8Array(5 * 1024 * 1024);
    exact.set(PDF);
    expect((await upload(pdfFile(exact), user.auth)).status).toBe(201);
  });

  it("needs a token and a file", async () => {
    expect((await upload(pdfFile())).status).toBe(401);
    const user = await createUser();
    const missing = await api("/api/v1/user/resume", {
      method: "POST",
      headers: user.auth,
      body: new FormData(),
    });
    expect(missing.status).toBe(422);
    expect(await detail(missing)).toBe("file: Upload your résumé as a PDF file");
    expect((await upload("not a file", user.auth)).status).toBe(422);
  });
});
