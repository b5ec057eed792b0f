import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { emailTemplateDetailSchema } from "#shared/schemas/admin.ts";
import { createDeps, type Deps } from "#worker/deps.ts";
import { app } from "#worker/dev-index.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { sendEmail } from "#worker/providers/email.ts";
import { handleQueue, type JobMessage } from "#worker/queue.ts";
import { api, deps, detail, env, json, jsonBody } from "#worker-test/api.ts";
import { createAdmin, createUser, login, type TestAdmin } from "#worker-test/people.ts";
import { deliverTemplateBatch, deliveryJobs, type Send, type TemplateEmailJob } from "./delivery";
import { sendTemplate } from "./service";

const MJML = (words: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${words}</mj-text></mj-column></mj-section></mj-body></mjml>`;
let subjects = 0;
const newSubject = () => `Newsletter ${Date.now()}-${++subjects}`;

function call(admin: TestAdmin, method: string, path: string, body?: unknown) {
  const init = body === undefined ? { headers: admin.auth } : jsonBody(body, admin.auth);
  return api(`/api/admin/private/email/template${path}`, { method, ...init });
}

async function createTemplate(admin: TestAdmin, fields: Record<string, unknown> = {}) {
  const res = await call(admin, "POST", "", {
    subject: newSubject(),
    mjml_text: MJML("Hello from Agora"),
    ...fields,
  });
  expect(res.status).toBe(201);
  return emailTemplateDetailSchema.parse(await json(res));
}

/** Everyone who should get a newsletter now: the send freezes exactly these. */
async function subscribers(): Promise<Array<{ id: number; email: string }>> {
  const rows = await env.DB.prepare(
    "SELECT id, email FROM users WHERE newsletter = 1 AND status = 'ACTIVE' AND deleted_at IS NULL ORDER BY id",
  ).all<{ id: number; email: string }>();
  return rows.results;
}

/** How many e-mails with this subject each address got, from the dev outbox. */
async function received(subject: string): Promise<Map<string, number>> {
  const rows = await env.DB.prepare(
    'SELECT "to" AS email, count(*) AS n FROM dev_outbox WHERE subject = ?1 GROUP BY "to"',
  )
    .bind(subject)
    .all<{ email: string; n: number }>();
  return new Map(rows.results.map((r) => [r.email, r.n]));
}

async function pending(templateId: number): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM email_deliveries WHERE template_id = ?1 AND status = 'PENDING'",
  )
    .bind(templateId)
    .first<{ n: number }>();
  return row!.n;
}

async function waitUntilDelivered(templateId: number): Promise<void> {
  for (let i = 0; i < 150 && (await pending(templateId)) > 0; i++)
    await new Promise((r) => setTimeout(r, 100));
  expect(await pending(templateId)).toBe(0);
}

/** A queue that keeps what it is given, so a test plays the consumer itself. */
function capturingDeps(): { deps: Deps; messages: JobMessage[] } {
  const messages: JobMessage[] = [];
  const jobs = {
    send: async (body: JobMessage) => void messages.push(body),
    sendBatch: async (batch: Iterable<{ body: JobMessage }>) => {
      for (const m of batch) messages.push(m.body);
    },
  } as unknown as Queue<JobMessage>;
  return { deps: createDeps({ ...env, JOBS: jobs }), messages };
}

const asAuth = (admin: TestAdmin): AuthAdmin => ({ id: admin.id, username: admin.username });

describe("e-mail templates: create, read, change, lock, delete", () => {
  it("creates, lists newest first, reads one and changes the fields given", async () => {
    const admin = await createAdmin();
    const first = await createTemplate(admin);
    const second = await createTemplate(admin, { is_locked: true });
    expect(first).toMatchObject({ published_at: null, is_locked: false, delivery: null });
    expect(second.is_locked).toBe(true);

    const list = await json<{ list: Array<{ id: number }>; total_list: number }>(
      await call(admin, "GET", "/list?skip=0&limit=2"),
    );
    expect(list.list.map((t) => t.id)).toEqual([second.id, first.id]);
    expect(list.total_list).toBeGreaterThanOrEqual(2);

    const changed = await call(admin, "PATCH", "", { id: first.id, subject: "New subject" });
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({
      id: first.id,
      subject: "New subject",
      mjml_text: first.mjml_text,
    });
    const one = await call(admin, "GET", `?id=${first.id}`);
    expect(await json(one)).toMatchObject({ subject: "New subject" });
  });

  it("answers the bounds and messages of every field", async () => {
    const admin = await createAdmin();
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ["POST", "", { mjml_text: MJML("x") }, "subject: Required"],
      ["POST", "", { subject: "  ", mjml_text: MJML("x") }, "subject: Required"],
      [
        "POST",
        "",
        { subject: "x".repeat(201), mjml_text: MJML("x") },
        "subject: Must be 200 characters or less",
      ],
      ["POST", "", { subject: "Hi" }, "mjml_text: Required"],
      [
        "POST",
        "",
        { subject: "Hi", mjml_text: "x".repeat(200_001) },
        "mjml_text: Must be 200000 characters or less",
      ],
      [
        "POST",
        "",
        { subject: "Hi", mjml_text: MJML("x"), is_locked: "maybe" },
        "is_locked: Must be true or false",
      ],
      ["PATCH", "", { subject: "Hi" }, "id: Must be a positive whole number"],
      ["PATCH", "/lock", { id: 0, is_locked: true }, "id: Must be a positive whole number"],
      ["DELETE", "", { id: "abc" }, "id: Must be a positive whole number"],
      ["POST", "/send", {}, "id: Must be a positive whole number"],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await call(admin, method, path, body);
      expect(res.status, message).toBe(422);
      expect(await detail(res)).toBe(message);
    }
    expect((await call(admin, "GET", "?id=999999")).status).toBe(404);
    expect((await call(admin, "GET", "/list?limit=101")).status).toBe(422);
  });

  it("refuses to delete a locked template (409) until it is unlocked", async () => {
    const admin = await createAdmin();
    const template = await createTemplate(admin, { is_locked: true });
    const locked = await call(admin, "DELETE", "", { id: template.id });
    expect(locked.status).toBe(409);
    expect(await detail(locked)).toBe("This template is locked. Unlock it before deleting it.");

    const unlock = await call(admin, "PATCH", "/lock", { id: template.id, is_locked: false });
    expect(unlock.status).toBe(200);
    expect((await json<{ is_locked: boolean }>(unlock)).is_locked).toBe(false);
    expect((await call(admin, "DELETE", "", { id: template.id })).status).toBe(204);
    expect((await call(admin, "GET", `?id=${template.id}`)).status).toBe(404);
    expect((await call(admin, "DELETE", "", { id: template.id })).status).toBe(404);
  });

  it("accepts forms as well as JSON", async () => {
    const admin = await createAdmin();
    const body = new FormData();
    body.append("subject", "From a form");
    body.append("mjml_text", MJML("form"));
    body.append("is_locked", "true");
    const res = await api("/api/admin/private/email/template", { method: "POST", headers: admin.auth, body });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ subject: "From a form", is_locked: true });
  });
});

describe("sending a template", () => {
  it("sends once to everyone with the newsletter on, through the queue; a second send is 409", async () => {
    const admin = await createAdmin();
    const reader = await createUser();
    const quiet = await createUser({ newsletter: false });
    const suspended = await createUser({ status: "SUSPENDED" });
    const template = await createTemplate(admin);
    const expected = await subscribers();
    expect(expected.map((s) => s.id)).toContain(reader.id);

    const res = await call(admin, "POST", "/send", { id: template.id });
    expect(res.status).toBe(202);
    expect(await json(res)).toEqual({ detail: "The email will be sent", total_recipients: expected.length });

    const again = await call(admin, "POST", "/send", { id: template.id });
    expect(again.status).toBe(409);
    expect(await detail(again)).toBe("This email was already sent. Create a new email to send instead.");

    await waitUntilDelivered(template.id);
    const inbox = await received(template.subject);
    for (const person of expected) expect(inbox.get(person.email), person.email).toBe(1);
    expect(inbox.size).toBe(expected.length);
    expect(inbox.has(`${quiet.username}@example.com`)).toBe(false);
    expect(inbox.has(`${suspended.username}@example.com`)).toBe(false);

    const one = emailTemplateDetailSchema.parse(await json(await call(admin, "GET", `?id=${template.id}`)));
    expect(one.published_at).not.toBeNull();
    expect(one.delivery).toEqual({
      total_recipients: expected.length,
      total_sent: expected.length,
      total_skipped: 0,
      total_pending: 0,
    });
    const html = await env.DB.prepare('SELECT html, text FROM dev_outbox WHERE "to" = ?1 AND subject = ?2')
      .bind(`${reader.username}@example.com`, template.subject)
      .first<{ html: string; text: string }>();
    expect(html!.html).toContain("Hello from Agora");
    expect(html!.text).toContain("Hello from Agora");

    // What went out stays as it was.
    const rewrite = await call(admin, "PATCH", "", { id: template.id, subject: "Changed" });
    expect(rewrite.status).toBe(409);
    expect((await call(admin, "PATCH", "/lock", { id: template.id, is_locked: true })).status).toBe(200);
  });

  it("sends nothing twice when every batch is delivered again", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 3; i++) await createUser();
    const template = await createTemplate(admin);
    expect((await call(admin, "POST", "/send", { id: template.id })).status).toBe(202);
    await waitUntilDelivered(template.id);
    const before = await received(template.subject);

    const jobs = await deliveryJobs(deps, template.id);
    const batch = createMessageBatch<JobMessage>(
      "agora-jobs",
      jobs.map((body, i) => ({ id: `again-${i}`, timestamp: new Date(), attempts: 2, body })),
    );
    const ctx = createExecutionContext();
    await handleQueue(batch, deps);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.length).toBe(jobs.length);
    expect(await received(template.subject)).toEqual(before);
    expect([...before.values()].every((n) => n === 1)).toBe(true);
  });

  it("a consumer killed part way, then the batch delivered again: everyone gets exactly one", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 5; i++) await createUser();
    const template = await createTemplate(admin);
    const { deps: captured, messages } = capturingDeps();
    const { total_recipients } = await sendTemplate(captured, asAuth(admin), template.id);
    const jobs = messages as TemplateEmailJob[];
    expect(jobs.length).toBeGreaterThan(0);
    expect(total_recipients).toBe((await subscribers()).length);

    // The first delivery dies after 3 e-mails, in the middle of its batch.
    let calls = 0;
    const dying: Send = async (d, email, key) => {
      if (++calls > 3) throw new Error("consumer killed");
      await sendEmail(d, email, { idempotencyKey: key });
    };
    await expect(deliverTemplateBatch(deps, jobs[0]!, dying)).rejects.toThrow("consumer killed");
    expect([...(await received(template.subject)).values()].reduce((a, b) => a + b, 0)).toBe(3);

    // The queue delivers every message again (twice, even): the rest go out, nothing twice.
    for (const job of [...jobs, ...jobs]) await deliverTemplateBatch(deps, job);
    const inbox = await received(template.subject);
    expect(inbox.size).toBe(total_recipients);
    expect([...inbox.values()].every((n) => n === 1)).toBe(true);
    expect(await pending(template.id)).toBe(0);
  });

  it("leaves rows a live consumer holds, and takes them over once its lease ran out", async () => {
    const admin = await createAdmin();
    await createUser();
    const template = await createTemplate(admin);
    const { deps: captured, messages } = capturingDeps();
    await sendTemplate(captured, asAuth(admin), template.id);
    const job = messages[0] as TemplateEmailJob;

    // Another consumer claimed the batch a moment ago and is still sending.
    await env.DB.prepare("UPDATE email_deliveries SET claimed_at = ?1 WHERE template_id = ?2")
      .bind(Date.now(), template.id)
      .run();
    const busy = await deliverTemplateBatch(deps, job);
    expect(busy.sent).toBe(0);
    expect(busy.busy).toBeGreaterThan(0);
    expect((await received(template.subject)).size).toBe(0);

    // It died without a word: ten minutes later its claim is void and the retry sends.
    await env.DB.prepare("UPDATE email_deliveries SET claimed_at = ?1 WHERE template_id = ?2")
      .bind(Date.now() - 10 * 60_000, template.id)
      .run();
    const outcome = await deliverTemplateBatch(deps, job);
    expect(outcome.busy).toBe(0);
    expect(outcome.sent).toBe(busy.busy);
  });

  it("skips people who left the newsletter or were suspended after the send started, and adds nobody", async () => {
    const admin = await createAdmin();
    const leaving = await createUser();
    const template = await createTemplate(admin);
    const { deps: captured, messages } = capturingDeps();
    await sendTemplate(captured, asAuth(admin), template.id);
    await env.DB.prepare("UPDATE users SET newsletter = 0 WHERE id = ?1").bind(leaving.id).run();
    const late = await createUser();
    for (const job of messages as TemplateEmailJob[]) await deliverTemplateBatch(deps, job);
    const inbox = await received(template.subject);
    expect(inbox.has(`${leaving.username}@example.com`)).toBe(false);
    expect(inbox.has(`${late.username}@example.com`)).toBe(false);
    const one = emailTemplateDetailSchema.parse(await json(await call(admin, "GET", `?id=${template.id}`)));
    expect(one.delivery?.total_skipped).toBe(1);
  });

  it("refuses MJML that does not render (422) and leaves the template unsent", async () => {
    const admin = await createAdmin();
    const template = await createTemplate(admin, {
      mjml_text: "<mjml><mj-body><mj-sectionx></mj-sectionx></mj-body></mjml>",
    });
    const res = await call(admin, "POST", "/send", { id: template.id });
    expect(res.status).toBe(422);
    expect(await detail(res)).toMatch(/^mjml_text: Failed to render MJML/);
    const one = emailTemplateDetailSchema.parse(await json(await call(admin, "GET", `?id=${template.id}`)));
    expect(one.published_at).toBeNull();
    expect((await call(admin, "POST", "/send", { id: 999_999 })).status).toBe(404);
  });

  it("an unconfirmed person is no recipient and cannot sign in", async () => {
    const person = await createUser({ status: "UNCONFIRMED" });
    expect((await login(person.username, "password")).status).toBe(403);
    expect((await subscribers()).map((s) => s.id)).not.toContain(person.id);
  });
});

/** The HTML kept beside a template's MJML (not part of the API: what the send will use). */
async function storedHtml(id: number): Promise<string | null> {
  const row = await env.DB.prepare("SELECT html FROM email_templates WHERE id = ?1")
    .bind(id)
    .first<{ html: string | null }>();
  return row!.html;
}

/** The outbox copy one person got of a template. */
async function outboxHtml(email: string, subject: string): Promise<string | undefined> {
  const row = await env.DB.prepare('SELECT html FROM dev_outbox WHERE "to" = ?1 AND subject = ?2')
    .bind(email, subject)
    .first<{ html: string }>();
  return row?.html;
}

describe("rendering in the renderer Worker (service binding MJML)", () => {
  it("the renderer turns MJML into HTML and names the first problem of MJML that does not render", async () => {
    const good = await env.MJML.render(MJML("Straight from the renderer"));
    expect(good.ok).toBe(true);
    expect(good.ok && good.html).toMatch(/<body[\s\S]*Straight from the renderer/);
    const bad = await env.MJML.render("<mjml><mj-body><mj-sectionx></mj-sectionx></mj-body></mjml>");
    expect(bad.ok).toBe(false);
    expect(bad.ok === false && bad.error).toMatch(/mj-sectionx/);
    expect((await env.MJML.render("plain words")).ok).toBe(false);
  });

  it("keeps the HTML when a template is saved, and renders a new text again; the API answer is unchanged", async () => {
    const admin = await createAdmin();
    const template = await createTemplate(admin, { mjml_text: MJML("First words") });
    expect(Object.keys(template).sort()).toEqual([
      "created_at",
      "delivery",
      "id",
      "is_locked",
      "mjml_text",
      "published_at",
      "purpose",
      "subject",
      "updated_at",
    ]);
    expect(await storedHtml(template.id)).toContain("First words");

    expect((await call(admin, "PATCH", "", { id: template.id, subject: "Only the subject" })).status).toBe(
      200,
    );
    expect(await storedHtml(template.id)).toContain("First words");
    expect(
      (await call(admin, "PATCH", "", { id: template.id, mjml_text: MJML("Second words") })).status,
    ).toBe(200);
    const html = await storedHtml(template.id);
    expect(html).toContain("Second words");
    expect(html).not.toContain("First words");

    // MJML that does not render is saved as before, with no HTML; the send refuses it (above).
    const broken = await call(admin, "PATCH", "", { id: template.id, mjml_text: "<mjml><mj-bodyx/></mjml>" });
    expect(broken.status).toBe(200);
    expect(await storedHtml(template.id)).toBeNull();
  });

  it("sends the HTML kept at save time", async () => {
    const admin = await createAdmin();
    const reader = await createUser();
    const template = await createTemplate(admin, { mjml_text: MJML("Saved words") });
    // What the send uses is what was kept: the MJML is not rendered again.
    await env.DB.prepare(
      "UPDATE email_templates SET html = replace(html, 'Saved words', 'Kept words') WHERE id = ?1",
    )
      .bind(template.id)
      .run();
    expect((await call(admin, "POST", "/send", { id: template.id })).status).toBe(202);
    await waitUntilDelivered(template.id);
    const html = await outboxHtml(`${reader.username}@example.com`, template.subject);
    expect(html).toContain("Kept words");
    expect(html).not.toContain("Saved words");
  });

  it("a template saved before the HTML was kept is rendered when it is sent", async () => {
    const admin = await createAdmin();
    const reader = await createUser();
    const template = await createTemplate(admin, { mjml_text: MJML("Older template") });
    await env.DB.prepare("UPDATE email_templates SET html = NULL WHERE id = ?1").bind(template.id).run();
    expect((await call(admin, "POST", "/send", { id: template.id })).status).toBe(202);
    await waitUntilDelivered(template.id);
    expect(await outboxHtml(`${reader.username}@example.com`, template.subject)).toContain("Older template");
    expect(await storedHtml(template.id)).toContain("Older template");
  });

  it("renderer unreachable: the template is still saved, and its send answers 503 and sends nothing", async () => {
    const admin = await createAdmin();
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The same API with a binding whose Worker does not answer.
    const down = { ...env, MJML: { render: () => Promise.reject(new Error("renderer is down")) } };
    const apiWhileDown = (path: string, method: string, body: unknown) =>
      app.request(
        `/api/admin/private/email/template${path}`,
        { method, ...jsonBody(body, admin.auth) },
        down,
      );

    const created = await apiWhileDown("", "POST", {
      subject: newSubject(),
      mjml_text: MJML("While it was down"),
    });
    expect(created.status).toBe(201);
    const saved = emailTemplateDetailSchema.parse(await json(created));
    expect(await storedHtml(saved.id)).toBeNull();
    const send = await apiWhileDown("/send", "POST", { id: saved.id });
    expect(send.status).toBe(503);
    expect(await detail(send)).toBe("E-mails cannot be rendered right now. Try again in a minute.");
    const one = emailTemplateDetailSchema.parse(await json(await call(admin, "GET", `?id=${saved.id}`)));
    expect(one.published_at).toBeNull();
    // Once the renderer answers again the same template goes out.
    expect((await call(admin, "POST", "/send", { id: saved.id })).status).toBe(202);
    await waitUntilDelivered(saved.id);
    vi.restoreAllMocks();
  });
});
