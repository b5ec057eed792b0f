import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { newAccount } from "./sign-in";
import { signInStaff } from "./staff";

// The admin website's content screens: a staff member writes, publishes and removes a blog post,
// and writes, previews, sends (once) and locks an e-mail template.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const mjml = (words: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${words}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/** The e-mails the dev outbox holds for an address, newest first. */
async function mailTo(request: APIRequestContext, email: string) {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { list: Array<{ subject: string; text: string }> }).list;
}

async function confirmWith(p: Page, question: string) {
  const dialog = p.getByTestId("confirm-dialog");
  await dialog.getByText(question).waitFor();
  await dialog.getByRole("button", { name: "Confirm" }).click();
}

const snackbar = (p: Page, text: string) => p.getByTestId("snackbar").filter({ hasText: text }).first();

describe("the admin website's content screens", () => {
  const { page } = useBrowser();

  async function adminPage(options: { width?: number } = {}): Promise<{ p: Page; errors: string[] }> {
    const { page: p, errors, context } = await page(options);
    await signInStaff(context, lane().baseUrl);
    await p.goto("/admin/");
    await p.getByRole("button", { name: "Admin menu for admin" }).waitFor();
    return { p, errors };
  }

  it("Blog: a post with a cover and a rich body is published, shows on the public blog, is unpublished and deleted", async () => {
    const { p, errors } = await adminPage();
    const title = `E2E post ${Date.now().toString(36)}`;
    await p.getByTestId("admin-menu").getByRole("link", { name: "Blog" }).click();
    await p.getByRole("link", { name: "New blog post" }).click();
    await p.waitForURL((url) => url.pathname === "/admin/blog/new");

    const form = p.getByRole("form", { name: "New blog post" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Category").selectOption("GUIDE");
    await form.getByLabel("Cover").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await form.getByTestId("cover-preview").waitFor();
    const body = form.getByRole("textbox", { name: "Body" });
    await body.click();
    await form.getByRole("button", { name: "Bold" }).click();
    await p.keyboard.type("Bold words");
    // A key makes the editor read the typed words before Bold is turned off (posts.e2e.ts says why).
    await p.keyboard.press("End");
    await form.getByRole("button", { name: "Bold" }).click();
    await p.keyboard.type(" and plain words.");
    await form.getByRole("button", { name: "Save" }).click();
    await snackbar(p, "The blog post was saved").waitFor();
    await p.waitForURL((url) => url.pathname === "/admin/blog");

    const card = p.getByTestId("blog-card").filter({ hasText: title });
    await card.getByText("Guide").waitFor();

    // A card opens the post's form, loaded; a summary written there is saved.
    await card.getByRole("link", { name: title }).click();
    await p.waitForURL((url) => /^\/admin\/blog\/\d+$/.test(url.pathname));
    const edit = p.getByRole("form", { name: "Edit blog post" });
    expect(await edit.getByLabel("Title").inputValue()).toBe(title);
    await edit.getByRole("textbox", { name: "Body" }).getByText("Bold words").waitFor();
    await edit.getByLabel("Summary").fill("A summary written by staff");
    await edit.getByRole("button", { name: "Save" }).click();
    await snackbar(p, "The blog post was saved").waitFor();
    await p.waitForURL((url) => url.pathname === "/admin/blog");
    expect(await card.locator("img").getAttribute("src")).toMatch(/^\/?.+/);
    const toggle = card.getByRole("switch", { name: `Published: ${title}` });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await confirmWith(p, "Do you really want to publish this?");
    await snackbar(p, "It was published").waitFor();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");

    // The public blog lists it, and its page shows the rich body.
    const href = await card.getByRole("link", { name: `View ${title}` }).getAttribute("href");
    expect(href).toMatch(/^\/blog\/e2e-post-/);
    await p.goto("/blog");
    await p.getByText(title).first().waitFor();
    await p.getByText("A summary written by staff").first().waitFor();
    await p.goto(href!);
    await p.locator("strong", { hasText: "Bold words" }).waitFor();

    // Unpublished, it leaves the public blog.
    await p.goto("/admin/blog");
    await toggle.click();
    await confirmWith(p, "This blog was already published. Do you want to unpublish it?");
    await snackbar(p, "It was unpublished").waitFor();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    const publicList = await (await p.request.get("/api/v1/blog/list?limit=100")).json();
    expect(JSON.stringify(publicList)).not.toContain(title);

    await card.getByRole("button", { name: `Delete ${title}` }).click();
    await confirmWith(p, "Do you really want to delete it?");
    await snackbar(p, "It was deleted").waitFor();
    await card.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  });

  it("E-mail templates: live preview, broken MJML reported, sent once to subscribers, a locked one kept", async () => {
    const { p, errors } = await adminPage();
    const subscriber = await newAccount(p.request);
    const subject = `E2E newsletter ${Date.now().toString(36)}`;
    await p.getByTestId("admin-menu").getByRole("link", { name: "Email Templates" }).click();
    await p.getByRole("link", { name: "New email template" }).click();
    await p.waitForURL((url) => url.pathname === "/admin/email/template/new");

    const form = p.getByRole("form", { name: "New email template" });
    await form.getByLabel("Subject").fill(subject);
    const text = form.getByLabel("MJML");
    await text.fill(mjml("Hello from the preview"));
    const preview = p.frameLocator('iframe[title="Preview"]');
    await preview.getByText("Hello from the preview").waitFor();
    // The preview frame runs nothing and reaches nothing of the admin site.
    expect(await p.locator('iframe[title="Preview"]').getAttribute("sandbox")).toBe("");

    await text.fill("<mjml><mj-body><mj-nonsense>broken</mj-nonsense></mj-body></mjml>");
    await p.getByTestId("mjml-preview").getByRole("alert").getByText("Failed to render MJML").waitFor();

    await text.fill(mjml("Our news of the week"));
    await preview.getByText("Our news of the week").waitFor();
    await form.getByRole("button", { name: "Save" }).click();
    await snackbar(p, "The email template was saved").waitFor();
    await p.waitForURL((url) => /^\/admin\/email\/template\/\d+$/.test(url.pathname));

    await p.getByRole("button", { name: "Send" }).click();
    await confirmWith(p, "Do you really want to send this?");
    await snackbar(p, "The email will be sent").waitFor();
    await p.getByTestId("delivery-totals").waitFor();

    await p.getByRole("button", { name: "Send" }).click();
    await confirmWith(p, "Do you really want to send this?");
    await snackbar(p, "This email was already sent. Create a new email to send instead.").waitFor();

    // The queue delivers it to the subscriber, once.
    await expect
      .poll(
        async () => (await mailTo(p.request, subscriber.email)).filter((m) => m.subject === subject).length,
        {
          timeout: 45_000,
          interval: 1_000,
        },
      )
      .toBe(1);
    const [mail] = (await mailTo(p.request, subscriber.email)).filter((m) => m.subject === subject);
    expect(mail?.text).toContain("Our news of the week");

    // Locked, it cannot be deleted; unlocked, it can.
    await p.getByRole("switch", { name: "Lock" }).click();
    await snackbar(p, "The template was locked").waitFor();
    await p.getByText("This template is locked. Unlock it before deleting it.").waitFor();
    expect(await p.getByRole("button", { name: "Delete" }).isDisabled()).toBe(true);
    await p.getByRole("switch", { name: "Unlock" }).click();
    await snackbar(p, "The template was unlocked").waitFor();
    await p.getByRole("button", { name: "Delete" }).click();
    await confirmWith(p, "Do you really want to delete it?");
    await snackbar(p, "It was deleted").waitFor();
    await p.waitForURL((url) => url.pathname === "/admin/email/template");
    await p.getByTestId("template-card").first().waitFor();
    expect(await p.getByTestId("template-card").filter({ hasText: subject }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("the demo's locked template cannot be deleted, and both lists work at phone width", async () => {
    const { p, errors } = await adminPage({ width: 390 });
    await p.goto("/admin/email/template");
    const locked = p.getByTestId("template-card").filter({ hasText: "Locked" }).first();
    await locked.click();
    await p.waitForURL((url) => /^\/admin\/email\/template\/\d+$/.test(url.pathname));
    expect(await p.getByRole("button", { name: "Delete" }).isDisabled()).toBe(true);
    await p.getByTestId("mjml-preview").locator("iframe").waitFor();

    await p.goto("/admin/blog");
    await p.getByTestId("blog-card").first().waitFor();
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });
});
