import { describe, expect, it } from "vitest";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { DomainError, fail } from "#worker/lib/errors.ts";
import { api, bearer, form, json } from "#worker-test/api.ts";
import { registerAndConfirm } from "#worker-test/people.ts";

const UPDATE_PASSWORD = "/api/v1/private/user/auth/update/password";
const updatePassword = (token: string, fields: Record<string, string>) =>
  api(UPDATE_PASSWORD, { method: "PATCH", headers: bearer(token), body: form(fields) });

describe("refusals as data", () => {
  it("answers a service's 422 on a field with the same detail and the field in `fields`", async () => {
    const person = await registerAndConfirm();
    const res = await updatePassword(person.token, {
      old_password: person.password,
      new_password: person.password,
    });
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({
      detail: `new_password: ${ACCOUNTS_MSG.samePassword}`,
      fields: { new_password: ACCOUNTS_MSG.samePassword },
    });
  });

  it("answers a schema failure with each refused field in `fields`", async () => {
    const person = await registerAndConfirm();
    const res = await updatePassword(person.token, { old_password: "", new_password: "12345" });
    expect(res.status).toBe(422);
    const body = await json<{ detail: string; fields: Record<string, string> }>(res);
    expect(body.detail).toContain("new_password: Must be 6 characters or more");
    expect(body.fields).toEqual({
      old_password: "Required",
      new_password: "Must be 6 characters or more",
    });
  });

  it("answers a refusal that names no field with the detail alone", async () => {
    const res = await api("/api/v1/private/user/auth/me");
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ detail: "Not authenticated" });
  });

  it("keeps Retry-After on a 429", async () => {
    const person = await registerAndConfirm();
    for (let i = 0; i < 10; i++)
      await updatePassword(person.token, { old_password: `wrong-${i}`, new_password: "x234567" });
    const res = await updatePassword(person.token, {
      old_password: person.password,
      new_password: "x234567",
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Object.keys(await json(res))).toEqual(["detail"]);
  });
});

describe("DomainError", () => {
  it("derives a stable code from the status, and keeps the field as data", () => {
    const error = (() => {
      try {
        fail(422, "The file is empty", { field: "file" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      status: 422,
      code: "validation",
      field: "file",
      detail: "file: The file is empty",
      fields: { file: "The file is empty" },
    });
    expect(new DomainError(404, "Post not found").code).toBe("not_found");
    expect(new DomainError(409, "Taken").code).toBe("conflict");
    expect(new DomainError(503, "E-mail is not configured").code).toBe("not_configured");
    expect(new DomainError(404, "Post not found").fields).toBeUndefined();
  });
});
