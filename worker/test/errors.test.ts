import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { DomainError, fail } from "#worker/lib/errors.ts";
import { api, bearer, form, json } from "#worker-test/api.ts";
import { from, latestCode, login, newAddress, register, registerAndConfirm } from "#worker-test/people.ts";

const UPDATE_PASSWORD = "/api/v1/private/user/auth/update/password";
const updatePassword = (token: string, fields: Record<string, string>) =>
  api(UPDATE_PASSWORD, { method: "PATCH", headers: bearer(token), body: form(fields) });

describe("refusals as data", () => {
  it("answers a service's 422 on a field with the same detail, its code and the field in `fields`", async () => {
    const person = await registerAndConfirm();
    const res = await updatePassword(person.token, {
      old_password: person.password,
      new_password: person.password,
    });
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({
      detail: `new_password: ${ACCOUNTS_MSG.samePassword}`,
      code: "validation_failed",
      fields: { new_password: ACCOUNTS_MSG.samePassword },
    });
  });

  it("answers a schema failure with each refused field in `fields`", async () => {
    const person = await registerAndConfirm();
    const res = await updatePassword(person.token, { old_password: "", new_password: "12345" });
    expect(res.status).toBe(422);
    const body = await json<{ detail: string; code: string; fields: Record<string, string> }>(res);
    expect(body.detail).toContain("new_password: Must be 6 characters or more");
    expect(body.code).toBe("validation_failed");
    expect(body.fields).toEqual({
      old_password: "Required",
      new_password: "Must be 6 characters or more",
    });
  });

  it("answers a refusal that names no field with the detail and its status's code", async () => {
    const res = await api("/api/v1/private/user/auth/me");
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ detail: "Not authenticated", code: "unauthenticated" });
  });

  it("gives the refusals answered outside any route a code too", async () => {
    const nowhere = await api("/api/v1/no-such-path");
    expect(nowhere.status).toBe(404);
    expect(await json(nowhere)).toEqual({
      detail: "No such path: GET /api/v1/no-such-path",
      code: "not_found",
    });
    const broken = await api("/api/v1/search?q=%zz");
    expect(broken.status).toBe(400);
    expect(await json(broken)).toMatchObject({ code: "bad_request" });
  });

  it("names an unverified e-mail at sign-in with its own code, and a verified one on a second confirm", async () => {
    const { person } = await register();
    const res = await login(person.username, person.password);
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ detail: ACCOUNTS_MSG.unverified, code: "email_unverified" });

    const code = await latestCode(person.email);
    const confirm = () =>
      api(`/api/v1/user/auth/register/email/confirm?code=${code}`, {
        method: "POST",
        headers: from(newAddress()),
      });
    expect((await confirm()).status).toBe(200);
    const again = await confirm();
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ detail: ACCOUNTS_MSG.alreadyVerified, code: "already_verified" });
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
    expect(await json(res)).toEqual({ detail: expect.any(String), code: "rate_limited" });
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
      code: "validation_failed",
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

describe("the error schema in the API description", () => {
  it("requires `code` and lists every code a client may branch on", async () => {
    type ErrorSchema = { required: string[]; properties: { code: { enum: string[] } } };
    const doc = await json<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: ErrorSchema }> }> }>
      >;
    }>(await api("/api/openapi.json"));
    const stepUp =
      doc.paths["/api/v1/private/user/payment/blockchain/solana/confirm/send/coin"]?.post?.responses["403"];
    const schema = stepUp?.content["application/json"]?.schema;
    expect(schema?.required).toEqual(expect.arrayContaining(["detail", "code"]));
    expect(schema?.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(schema?.properties.code.enum).toEqual(
      expect.arrayContaining(["step_up_required", "mfa_setup_required"]),
    );
  });
});
