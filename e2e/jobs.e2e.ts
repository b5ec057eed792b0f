import type { APIRequestContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { signIn } from "./sign-in";
import { staffToken } from "./staff";

// The jobs board and the services marketplace as people use them: posting a job through the whole
// form, finding it, opening it, hiding and deleting it; the résumé; offering a service after
// turning the setting on, and finding it; every menu item of Jobs and Marketplace. They sign in as
// demo people (new accounts would spend the run's registrations, which the other journeys need)
// and put back what they change: the jobs and services they make are deleted, the setting turned
// off again, the résumé removed. farah and bruno have no jobs or services in the seed.

/** A 1×1 PNG: the API reads a picture's bytes, not its name. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const picture = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

/** A word nobody else's job or service holds, so a search finds exactly ours. */
const uniqueWord = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

async function session(page: ReturnType<typeof useBrowser>["page"], options?: { width?: number }) {
  const s = await page(options);
  return { ...s, request: s.context.request };
}

/** Answers the open question (the confirm dialog) with its button. */
async function answer(p: Page, button: string) {
  const question = p.getByRole("alertdialog");
  await question.waitFor();
  await question.getByRole("button", { name: button }).click();
  await question.waitFor({ state: "detached" });
}

async function adminToken(_request: APIRequestContext): Promise<string> {
  return staffToken(lane().baseUrl);
}

const value = (locator: Locator) => locator.inputValue();

describe("jobs", () => {
  const { page } = useBrowser();

  it("posts a job through the whole form, finds it with a filter, hides it and deletes it", async () => {
    const { page: p, context, errors, request } = await session(page);
    const me = { username: "farah" };
    await signIn(context, me.username);
    const word = uniqueWord("Quokka");
    const title = `${word} Product Designer`;

    await p.goto("/job");
    await p.getByRole("heading", { name: "First, describe your company" }).waitFor();
    await p.getByRole("heading", { name: "Then, describe your job" }).waitFor();
    const submit = p.getByRole("button", { name: "Post job" });
    await expect(submit.isDisabled()).resolves.toBe(true);

    // Someone else's company: the form takes it, the API refuses it on its field.
    await p.getByLabel(/^Company name/).fill("Edgeworks Studio");
    await p.getByText("Upload a logo file for your company").waitFor();
    await p.getByLabel("Choose a new company logo").setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(1536 * 1024),
    });
    await p.getByText("File size 1.5 MB exceeds limit of 1 MB.").waitFor();
    await p.getByLabel("Choose a new company logo").setInputFiles(picture("logo.png"));
    await p.getByLabel(/^Company description/).fill("We draw maps for people who walk.");
    await p.getByLabel(/^Company location/).fill("Porto, Portugal");
    await p.getByLabel(/^Company website/).fill("quokka.example");

    await p.getByLabel(/^Job title/).fill(title);
    await p
      .getByLabel(/^Job description/)
      .fill("Design the maps and the app around them.\nTwo days a week in Porto.");
    await p.getByLabel(/^Category/).selectOption("DESIGN");
    await p.getByLabel(/^Job type/).selectOption("CONTRACT");
    await p.getByLabel(/^Work mode/).selectOption("HYBRID");
    await p.getByLabel(/^Experience/).selectOption("SENIOR");
    await p.getByLabel(/^Job location/).fill("Porto");

    // The salary toggle: on sets both to 0, a negative amount becomes 0, off clears both.
    const toggle = p.getByRole("switch", { name: "Show Yearly Salary in USD" });
    await toggle.click();
    const min = p.getByLabel(/^Minimum salary/);
    const max = p.getByLabel(/^Maximum salary/);
    await expect(value(min)).resolves.toBe("0");
    await expect(value(max)).resolves.toBe("0");
    await min.fill("-5");
    await expect(value(min)).resolves.toBe("0");
    await toggle.click();
    await expect(min.count()).resolves.toBe(0);
    await toggle.click();
    await expect(value(max)).resolves.toBe("0");
    await min.fill("80000");
    await max.fill("120000");
    await p.getByLabel("Pay in cryptocurrency").check();

    const skills = p.getByLabel("Skills", { exact: true });
    for (const skill of ["Figma", "Cartography", "Illustration", "Prototyping", "Research", "Motion"]) {
      await skills.fill(skill);
      await skills.press("Enter");
    }
    await p.getByText("Maximum 5 skills allowed").waitFor();
    await skills.fill("");
    await p.getByLabel(/^How to apply/).fill("https://quokka.example/jobs");

    await submit.click();
    const question = p.getByRole("alertdialog");
    await expect(question.textContent()).resolves.toContain(
      "Once you submit this job post, it can be edited by admins only. Are you sure you want to post this?",
    );
    await answer(p, "Post job");
    const companyName = p.getByLabel(/^Company name/);
    await p.getByText("This company belongs to someone else. Use the name of your own company.").waitFor();
    await expect(companyName.getAttribute("aria-invalid")).resolves.toBe("true");

    await companyName.fill(`Quokka Maps ${me.username}`);
    await submit.click();
    await answer(p, "Post job");
    await p.waitForURL(new RegExp(`/job/${me.username}/quokka`));
    const job = p.getByTestId("job-page");
    await job.getByRole("heading", { name: title }).waitFor();
    await expect(job.getByTestId("job-salary").textContent()).resolves.toContain("$80,000 – $120,000 a year");
    await expect(job.textContent()).resolves.toContain("Hybrid");
    await expect(job.textContent()).resolves.toContain("Pays in crypto");
    await expect(job.getByRole("list", { name: "Skills" }).getByRole("listitem").count()).resolves.toBe(5);
    await expect(p.getByTestId("job-description").textContent()).resolves.toContain("Two days a week");
    const apply = job.getByTestId("apply-link").first();
    await expect(apply.getAttribute("href")).resolves.toBe("https://quokka.example/jobs");
    await expect(apply.getAttribute("target")).resolves.toBe("_blank");
    await expect(apply.getAttribute("rel")).resolves.toContain("noopener");
    const jobPath = new URL(p.url()).pathname;

    // Found by the filters of Find Jobs, kept in the address, then by its word.
    await p.getByTestId("left-menu").getByRole("link", { name: "Find Jobs" }).click();
    await p.waitForURL(/\/jobs$/);
    await p.getByLabel("Category").selectOption("DESIGN");
    await p.waitForURL(/category=DESIGN/);
    await p.getByLabel("Minimum salary").selectOption("100000");
    await p.waitForURL(/salary=100000/);
    await p.getByLabel("Pays in crypto").check();
    await p.waitForURL(/crypto=true/);
    const card = p.getByTestId("job-card").filter({ hasText: title });
    await card.waitFor();
    await expect(card.getByTestId("job-salary").textContent()).resolves.toBe("$80,000 – $120,000 a year");
    const search = p.getByRole("searchbox", { name: "Search jobs by title, company or skill" });
    await search.fill(word);
    await search.press("Enter");
    await p.waitForURL(new RegExp(`q=${word}`));
    await expect.poll(() => p.getByTestId("job-card").count()).toBe(1);
    // The address is the search: another browser opening it sees the same.
    const shared = await session(page);
    await shared.page.goto(new URL(p.url()).pathname + new URL(p.url()).search);
    await shared.page.getByTestId("job-card").filter({ hasText: title }).waitFor();
    await shared.page.getByLabel("Category").selectOption("PROGRAMMING");
    await shared.page.getByRole("heading", { name: "No jobs match your search" }).waitFor();
    await shared.page.getByRole("button", { name: "Clear filters" }).last().click();
    await shared.page.waitForURL(/\/jobs$/);
    await card.getByRole("link", { name: title }).click();
    await p.waitForURL(`**${jobPath}`);

    // The profile's Jobs tab lists it.
    await p.goto(`/user/${me.username}/jobs`);
    await p.getByTestId("person-jobs").getByRole("link", { name: title }).waitFor();

    // Staff put it on hold: the others get "not found", its owner sees why.
    const admin = await adminToken(request);
    const slug = jobPath.split("/").at(-1)!;
    const held = await request.patch("/api/admin/private/job", {
      headers: { authorization: `Bearer ${admin}` },
      data: { username: me.username, slug, job_status: "HOLD" },
    });
    expect(held.status()).toBe(200);
    await shared.page.goto(jobPath);
    await shared.page.getByRole("heading", { name: "This job does not exist" }).waitFor();
    await p.goto("/jobs/manage");
    const mine = p.getByTestId("my-jobs").getByTestId("job-card").filter({ hasText: title });
    await expect(mine.getByTestId("job-status").textContent()).resolves.toBe("On hold");

    await mine.getByRole("button", { name: `Delete ${title}` }).click();
    await answer(p, "Delete");
    await p.getByText("It was deleted").waitFor();
    await expect(p.getByTestId("job-card").filter({ hasText: title }).count()).resolves.toBe(0);
    await p.goto(jobPath);
    await p.getByRole("heading", { name: "This job does not exist" }).waitFor();
    expect(errors).toEqual([]);
    expect(shared.errors).toEqual([]);
  });

  it("reuses an earlier company and opens an e-mail to apply", async () => {
    const { page: p, context, errors, request } = await session(page, { width: 390 });
    // gus posted for Chainlight Labs before (the seed): its details and logo come back.
    const token = await signIn(context, "gus");
    await p.goto("/job");
    await p.getByLabel("Use a company you posted with before").selectOption("Chainlight Labs");
    await expect(value(p.getByLabel(/^Company name/))).resolves.toBe("Chainlight Labs");
    await expect(value(p.getByLabel(/^Company location/))).resolves.toBe("Stockholm, Sweden");
    await expect(value(p.getByLabel(/^Company website/))).resolves.toBe("https://chainlight.example");
    await p.getByText("The logo you used before stays unless you choose another.").waitFor();
    await expect(p.getByTestId("logo-error").count()).resolves.toBe(0);
    const title = `${uniqueWord("Boat")} Mechanic`;
    await p.getByLabel(/^Job title/).fill(title);
    await p.getByLabel(/^Job description/).fill("Keep the boats afloat.");
    await p.getByLabel(/^Category/).selectOption("SERVICE");
    await p.getByLabel(/^How to apply/).fill("jobs@chainlight.example");
    await p.getByRole("button", { name: "Post job" }).click();
    await answer(p, "Post job");
    await p.getByRole("heading", { name: title }).waitFor();
    const apply = p.getByTestId("apply-link").first();
    await expect(apply.getAttribute("href")).resolves.toBe("mailto:jobs@chainlight.example");
    await expect(apply.getAttribute("target")).resolves.toBeNull();
    await expect(p.getByTestId("job-page").getByTestId("job-salary").count()).resolves.toBe(0);
    const slug = new URL(p.url()).pathname.split("/").at(-1)!;
    const removed = await request.delete("/api/v1/private/user/job", {
      headers: { authorization: `Bearer ${token}` },
      data: { username: "gus", slug },
    });
    expect(removed.status()).toBe(204);
    expect(errors).toEqual([]);
  });

  it("keeps a résumé in the job settings: a PDF by its bytes, replaced and removed", async () => {
    const { page: p, context, errors, request } = await session(page);
    await signIn(context, "farah");
    await p.goto("/settings/job");
    const section = p.getByTestId("resume-section");
    await section.getByText("No résumé yet").waitFor();
    await section.getByLabel("Upload your résumé").setInputFiles({
      name: "cv.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("not a pdf at all"),
    });
    await section.getByText("The résumé must be a PDF file").waitFor();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    await section
      .getByLabel("Upload your résumé")
      .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf });
    const link = section.getByRole("link", { name: "Open your résumé" });
    await link.waitFor();
    const href = (await link.getAttribute("href"))!;
    expect((await request.get(href)).status()).toBe(200);
    await section
      .getByLabel("Replace your résumé")
      .setInputFiles({ name: "cv2.pdf", mimeType: "application/pdf", buffer: pdf });
    await expect.poll(() => link.getAttribute("href")).not.toBe(href);
    await section.getByRole("button", { name: "Remove" }).click();
    await answer(p, "Remove");
    await section.getByText("No résumé yet").waitFor();
    expect(errors).toEqual([]);
  });
});

describe("services", () => {
  const { page } = useBrowser();

  it("offers a first service without a trip to settings, finds it in /services, pauses it", async () => {
    const { page: p, context, errors, request } = await session(page);
    const me = { username: "farah" };
    const token = await signIn(context, me.username);
    const word = uniqueWord("Otter");
    const title = `${word} watercolour portraits`;

    // From the marketplace, a person who has never offered anything goes straight to the form.
    await p.goto("/services");
    await p.getByRole("link", { name: "Offer a service" }).first().click();
    await p.waitForURL(/\/services\/manage$/);
    await p
      .getByTestId("provider-off")
      .getByText("Listing a service turns on “I offer services” in your job settings.")
      .waitFor();
    await p.getByRole("button", { name: "Offer a service" }).first().click();
    const dialog = p.getByRole("dialog", { name: "Offer a service" });
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel(/^Description/).fill("A portrait of you or your pet, painted and scanned.");
    await dialog.getByLabel(/^Category/).selectOption("DESIGN");
    await dialog.getByLabel(/^Price/).fill("4");
    await dialog.getByLabel(/^Price/).blur();
    await dialog.getByText("The price must be at least $5").waitFor();
    await dialog.getByLabel(/^Price/).fill("25.50");
    await dialog.getByLabel(/^Delivery/).fill("5");
    await dialog.getByLabel("Add pictures").setInputFiles([picture("a.png"), picture("b.png")]);
    // Each picture is checked (and shrunk when too big) in the browser before it is listed.
    await expect.poll(() => dialog.getByRole("button", { name: /^Remove picture/ }).count()).toBe(2);
    const skills = dialog.getByLabel("Skills", { exact: true });
    await skills.fill("Watercolour");
    await skills.press("Enter");
    await dialog.getByRole("button", { name: "List service" }).click();
    await dialog.waitFor({ state: "detached" });
    const mine = p.getByTestId("my-services").getByTestId("service-card").filter({ hasText: title });
    await expect(mine.getByTestId("service-status").textContent()).resolves.toBe("Active");
    await expect(mine.getByTestId("service-price").textContent()).resolves.toBe("$25.50");
    // Listing it said "I offer services": the note is gone and the job settings show it on.
    await expect.poll(() => p.getByTestId("provider-off").count()).toBe(0);

    // Someone else finds it by a word and a price range, and can message the provider.
    const other = await session(page);
    await signIn(other.context, "bruno");
    await other.page.goto("/services");
    await other.page.getByRole("searchbox", { name: "Search services" }).fill(word);
    await other.page.getByRole("searchbox", { name: "Search services" }).press("Enter");
    await other.page.waitForURL(new RegExp(`q=${word}`));
    await other.page.getByLabel("Lowest price").fill("20");
    await other.page.getByLabel("Highest price").fill("30");
    await other.page.getByRole("button", { name: "Apply" }).click();
    await other.page.waitForURL(/min=20&max=30|max=30.*min=20/);
    const found = other.page.getByTestId("service-card").filter({ hasText: title });
    await found.waitFor();
    await expect.poll(() => other.page.getByTestId("service-card").count()).toBe(1);
    await found.getByRole("link", { name: title }).click();
    const servicePage = other.page.getByTestId("service-page");
    await servicePage.getByRole("heading", { name: title }).waitFor();
    await expect(servicePage.getByRole("link", { name: "Message" }).getAttribute("href")).resolves.toBe(
      `/chat/thread/new/${me.username}`,
    );
    // Ordering by card is the payments journey's (e2e/payments.e2e.ts); here the button is there.
    await servicePage.getByTestId("order-button").waitFor();
    const servicePath = new URL(other.page.url()).pathname;

    // Paused, it is gone for others and marked for its owner.
    await mine.getByRole("button", { name: "Pause" }).click();
    await expect.poll(() => mine.getByTestId("service-status").textContent()).toBe("Paused");
    await other.page.goto(servicePath);
    await other.page.getByRole("heading", { name: "This service does not exist" }).waitFor();
    await mine.getByRole("button", { name: "Resume" }).click();
    await expect.poll(() => mine.getByTestId("service-status").textContent()).toBe("Active");

    await mine.getByRole("button", { name: "Delete" }).click();
    await answer(p, "Delete");
    await expect.poll(() => mine.count()).toBe(0);
    // farah offers no services again, as the seed has it.
    const off = await request.patch(
      "/api/v1/private/user/setting/boolean?user_boolean_setting=SERVICE_PROVIDER",
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(await off.json()).toEqual({ result: false });
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});

describe("the Jobs and Marketplace menus", () => {
  const { page } = useBrowser();
  const ITEMS: Array<[string, RegExp, string]> = [
    ["Services", /\/services$/, "Services"],
    ["Manage Services", /\/services\/manage$/, "Manage Services"],
    ["Find Jobs", /\/jobs$/, "Find Jobs"],
    ["Create Job", /\/job$/, "Post a job"],
    ["Manage Jobs", /\/jobs\/manage$/, "Manage Jobs"],
  ];

  it("leads a signed-in person to each screen", async () => {
    const { page: p, context, errors } = await session(page);
    await signIn(context, "bruno");
    await p.goto("/");
    for (const [label, url, heading] of ITEMS) {
      await p.getByTestId("left-menu").getByRole("link", { name: label, exact: true }).click();
      await p.waitForURL(url);
      // Manage Jobs adds its count to the heading once the list is in.
      await p.getByRole("heading", { level: 1, name: new RegExp(`^${heading}( \\(\\d+\\))?$`) }).waitFor();
      await expect(p.getByText("There is nothing here").count()).resolves.toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it("gives a visitor the public screens and the login dialog for the private ones", async () => {
    const { page: p, errors } = await session(page);
    await p.goto("/");
    for (const [label, url, heading] of ITEMS) {
      await p.getByTestId("left-menu").getByRole("link", { name: label, exact: true }).click();
      await p.waitForURL(url);
      if (label === "Services" || label === "Find Jobs") {
        await p.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
      } else {
        const login = p.getByRole("dialog", { name: "Log In" });
        await login.waitFor();
        await login.getByRole("button", { name: "Close" }).click();
        await p.getByRole("heading", { name: "Log in to see this page" }).waitFor();
      }
      await expect(p.getByText("There is nothing here").count()).resolves.toBe(0);
    }
    expect(errors).toEqual([]);
  });
});
