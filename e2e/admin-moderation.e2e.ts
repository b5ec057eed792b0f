import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { accessToken, newAccount } from "./sign-in";
import { signInStaff, staffToken } from "./staff";

// The admin website's moderation screens, one journey each: staff sign in through the form and do
// each screen's main task, then find what they did in the audit log.

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const res = await fetch(`${lane().baseUrl}${path}`, { ...init, headers });
  expect(res.ok, `${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

describe("the admin website's moderation screens", () => {
  const { page } = useBrowser();

  async function adminPage(options: { width?: number } = {}) {
    const opened = await page(options);
    await signInStaff(opened.context, lane().baseUrl);
    await opened.page.goto("/admin/");
    await opened.page.getByRole("button", { name: "Admin menu for admin" }).waitFor();
    return { p: opened.page, errors: opened.errors, context: opened.context };
  }

  async function openMenu(p: Page, name: string) {
    const menu = p.getByTestId("admin-menu");
    if (!(await menu.isVisible())) await p.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name, exact: true }).click();
  }

  /** The audit log, filtered by one action, lists a change to `target`. */
  async function seeInAudit(p: Page, action: string, target: string) {
    await openMenu(p, "Audit");
    await p.getByRole("heading", { name: /^Audit log/ }).waitFor();
    await p.getByLabel("Action").selectOption(action);
    const row = p.getByTestId("audit-row").filter({ hasText: target });
    await row.first().waitFor();
    expect(await row.first().getByTestId("audit-action").textContent()).toBe(action);
    // Every row shown is of that action.
    const actions = await p.getByTestId("audit-action").allTextContents();
    expect(actions.every((a) => a === action)).toBe(true);
  }

  it("Communities finds a community by the start of its name, and says when none matches", async () => {
    const { p, errors } = await adminPage({ width: 390 });
    await openMenu(p, "Communities");
    await p.getByTestId("community-row").first().waitFor();
    await p.getByRole("searchbox", { name: "Search communities" }).fill("cryp");
    await p.getByTestId("community-row").filter({ hasText: "c/crypto" }).waitFor();
    await p.waitForFunction(() =>
      Array.from(document.querySelectorAll("[data-testid=community-row]")).every((r) =>
        r.textContent?.includes("c/cryp"),
      ),
    );
    await p.getByRole("searchbox", { name: "Search communities" }).fill("zz-nothing-like-this");
    await p.getByTestId("empty-list").getByText("No Communities").waitFor();
    expect(errors).toEqual([]);
  });

  it("Feedbacks cut the text to 21 characters and open the whole text as text", async () => {
    const person = await newAccount((await page()).page.request);
    const text = `<b>not bold</b> The upload button on phones hides behind the keyboard ${Date.now()}`;
    await api("/api/v1/private/user/feedback", {
      method: "POST",
      token: person.token,
      body: form({ feedback_type: "ERROR", text }),
    });
    const { p, errors } = await adminPage();
    await openMenu(p, "Feedbacks");
    const row = p.getByTestId("feedback-row").filter({ hasText: person.email });
    await row.waitFor();
    expect(await row.getByText(`${[...text].slice(0, 21).join("")}…`).count()).toBe(1);
    expect(await row.textContent()).not.toContain(text);
    await row.getByRole("button", { name: "Read all" }).click();
    const dialog = p.getByTestId("feedback-dialog");
    expect(await dialog.getByTestId("feedback-text").textContent()).toBe(text);
    expect(await dialog.locator("b").count()).toBe(0);
    await p.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  });

  it("Files uploads an image, copies its link and deletes it after asking", async () => {
    const { p, errors, context } = await adminPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: lane().baseUrl });
    await openMenu(p, "Files");
    await p.getByRole("heading", { name: /^Files/ }).waitFor();
    // The new file's card, found by the path the upload answered (the list may still be loading,
    // or refetch, while the file goes up).
    const [uploaded] = await Promise.all([
      p.waitForResponse(
        (r) => r.url().endsWith("/api/admin/private/file") && r.request().method() === "POST",
      ),
      p.getByLabel("Upload a file").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG }),
    ]);
    const path = ((await uploaded.json()) as { file: string }).file;
    await p.getByTestId("snackbar").filter({ hasText: "The file was uploaded" }).waitFor();
    const card = p.getByTestId("file-card").filter({ hasText: path });
    // Newest first: the list shows it at the top once it has refetched.
    await expect
      .poll(() => p.getByTestId("file-card").first().locator("p.font-mono").textContent())
      .toBe(path);
    await card.getByRole("button", { name: "Copy link" }).click();
    await p.getByTestId("snackbar").filter({ hasText: "Saved the link to clipboard" }).waitFor();
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(`${lane().baseUrl}${path}`);
    expect((await fetch(`${lane().baseUrl}${path}`)).status).toBe(200);

    await card.getByRole("button", { name: "Delete" }).click();
    await p.getByTestId("confirm-dialog").getByText("Do you really want to delete it?").waitFor();
    await p.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm" }).click();
    await p.getByTestId("snackbar").filter({ hasText: "It was deleted" }).waitFor();
    await card.waitFor({ state: "detached" });
    expect((await fetch(`${lane().baseUrl}${path}`)).status).toBe(404);
    const publicId = path
      .split("/")
      .pop()!
      .replace(/\.\w+$/, "");
    await seeInAudit(p, "FILE_DELETE", publicId);
    expect(errors).toEqual([]);
  });

  it("the header's Upload image copies the link and the Files page lists the file at once", async () => {
    const { p, errors, context } = await adminPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: lane().baseUrl });
    await openMenu(p, "Files");
    await p.getByTestId("file-card").first().waitFor();
    const newest = await p.getByTestId("file-card").first().locator("p.font-mono").textContent();
    await p.getByRole("button", { name: "Admin menu for admin" }).click();
    const [chooser] = await Promise.all([
      p.waitForEvent("filechooser"),
      p.getByRole("menuitem", { name: "Upload image" }).click(),
    ]);
    await chooser.setFiles({ name: "header.png", mimeType: "image/png", buffer: PNG });
    await p.getByText("Saved the link to clipboard").waitFor();
    const link = await p.evaluate(() => navigator.clipboard.readText());
    const first = p.getByTestId("file-card").first().locator("p.font-mono");
    await p.waitForFunction(
      (before) => document.querySelector("[data-testid=file-card] p.font-mono")?.textContent !== before,
      newest,
    );
    expect(link).toBe(`${lane().baseUrl}${await first.textContent()}`);
    expect(errors).toEqual([]);
  });

  it("Files loads more when the list comes within 400 px of the bottom", async () => {
    const token = await staffToken(lane().baseUrl);
    const { total_list: stored } = await api<{ total_list: number }>("/api/admin/private/file/list", {
      token,
    });
    for (let i = stored; i < 30; i++) {
      const body = new FormData();
      body.set("file", new File([PNG], `dot-${i}.png`, { type: "image/png" }));
      await api("/api/admin/private/file", { method: "POST", token, body });
    }
    const { p, errors } = await adminPage();
    await openMenu(p, "Files");
    await p.getByTestId("file-card").nth(23).waitFor();
    expect(await p.getByTestId("file-card").count()).toBe(24);
    await p.mouse.wheel(0, 100_000);
    await p.getByTestId("file-card").nth(24).waitFor();
    expect(errors).toEqual([]);
    // Thirty uploads one after another: a minute is not enough on two busy cores.
  }, 180_000);

  it("Reports resolves a post's reports by removing it, and the post is gone from the main site", async () => {
    const title = `A post to report ${Date.now()}`;
    const post = await api<{ public_id: string; link: string }>("/api/v1/private/user/micropost", {
      method: "POST",
      token: await accessToken("gus"),
      body: form({ title, community_name: "crypto", body: "<p>Buy my coin now, it only goes up!</p>" }),
    });
    const reporterRequest = (await page()).page.request;
    for (const cause of ["SPAM", "FRAUD"]) {
      const reporter = await newAccount(reporterRequest);
      await api("/api/v1/private/user/report", {
        method: "POST",
        token: reporter.token,
        body: form({
          report_cause: cause,
          link: post.link,
          text: "<i>This post</i> promises money for nothing and links to a scam site.",
        }),
      });
    }

    const { p, errors } = await adminPage({ width: 390 });
    await openMenu(p, "Reports");
    const group = p.getByTestId("report-group").filter({ hasText: title });
    await group.waitFor();
    expect(await group.getByTestId("total-reports").textContent()).toBe("Reports: 2");
    await group.getByText("What reporters wrote (2)").click();
    await group.getByText("<i>This post</i> promises money", { exact: false }).first().waitFor();
    await group.getByRole("button", { name: "Resolve" }).click();
    const dialog = p.getByTestId("resolve-dialog");
    await dialog.getByLabel("Remove the post or comment").check();
    await dialog.getByLabel("Note").fill("Scam links");
    await dialog.getByRole("button", { name: "Resolve" }).click();
    await p.getByTestId("snackbar").filter({ hasText: "The reports were resolved" }).waitFor();
    await group.waitFor({ state: "detached" });

    // Resolved ones stay visible with who did what.
    await p.getByRole("button", { name: "Resolved" }).click();
    const resolved = p.getByTestId("report-group").filter({ hasText: "Scam links" });
    await resolved.waitFor();
    expect(await resolved.getByTestId("resolution").textContent()).toContain("Remove the post or comment");
    expect(await resolved.getByTestId("resolution").textContent()).toContain("by admin");

    // The main site no longer has the post.
    const res = await fetch(`${lane().baseUrl}/api/v1/micropost?public_id=${post.public_id}`);
    expect(res.status).toBe(404);
    const { page: visitor } = await page();
    await visitor.goto(post.link);
    await visitor.getByText("Post not found").first().waitFor();

    await seeInAudit(p, "REPORT_REMOVE_CONTENT", "report:");
    expect(errors).toEqual([]);
  });

  it("Jobs moves a job to HOLD after asking and edits it, and the audit log shows both", async () => {
    const { p, errors } = await adminPage();
    await openMenu(p, "Jobs");
    await p.getByLabel("Status").selectOption("CONFIRMED");
    const row = p.getByTestId("job-row").first();
    await row.waitFor();
    const title = (await row.locator("p").first().textContent())!;
    await row.getByRole("button", { name: "HOLD" }).click();
    await p.getByTestId("confirm-dialog").getByText("Are you sure about this?").waitFor();
    await p.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm" }).click();
    await p.getByTestId("snackbar").filter({ hasText: "The job is now HOLD" }).waitFor();
    await p.getByLabel("Status").selectOption("HOLD");
    const held = p.getByTestId("job-row").filter({ hasText: title });
    await held.waitFor();
    expect(await held.getByTestId("job-status").textContent()).toBe("HOLD");
    expect(await held.getByRole("button", { name: "HOLD" }).getAttribute("aria-pressed")).toBe("true");

    // Staff edit the job's title in the dialog; the list shows the new one. The first job may be
    // another file's, with a title already at the limit, so the new title is not built on it.
    const newTitle = `Checked job ${Date.now().toString(36)}`;
    await held.getByRole("button", { name: "Edit" }).click();
    const dialog = p.getByTestId("job-edit-dialog");
    await dialog.getByLabel("Job title").fill(newTitle);
    await dialog.getByRole("button", { name: "Save" }).click();
    await p.getByTestId("snackbar").filter({ hasText: "The job was saved" }).waitFor();
    await p.getByTestId("job-row").filter({ hasText: newTitle }).waitFor();

    await seeInAudit(p, "JOB_UPDATE", "job:");
    await seeInAudit(p, "JOB_STATUS", "job:");
    expect(await p.getByTestId("audit-row").filter({ hasText: "CONFIRMED → HOLD" }).first().isVisible()).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  it("Payments lists what the daily reconciliation found, and says so when everything matches", async () => {
    const { p, errors } = await adminPage({ width: 390 });
    await openMenu(p, "Payments");
    await p.getByRole("heading", { name: /^Payments/ }).waitFor();
    // The demo's memberships were never sold through a provider, so nothing disagrees.
    await p.getByText("Every membership matches its provider").waitFor();
    expect(errors).toEqual([]);
  });
});
