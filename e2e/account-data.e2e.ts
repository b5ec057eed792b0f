import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { newAccount, signIn } from "./sign-in";

// A person's own view of Agora: a muted word takes a post out of their feed, and their data comes
// back to them as an archive the queue builds.

describe("your account, your view", () => {
  const { page } = useBrowser();

  it("mutes a post's title and the feed leaves it out, still full; then asks for the data archive and downloads it", async () => {
    const { page: p, context, errors } = await page();
    const me = await newAccount(context.request);
    await signIn(context, me);
    await p.goto("/");
    const cards = p.getByTestId("post-card");
    await cards.first().waitFor();
    const title = (await cards.first().locator("h2").textContent())!.trim().slice(0, 100);

    await p.goto("/settings/muted");
    await p.getByRole("textbox", { name: "Word or phrase" }).fill(title);
    await p.getByLabel("Whole word only").uncheck();
    await p.getByLabel("For how long").selectOption("7");
    await p.getByRole("button", { name: "Mute", exact: true }).click();
    await p.getByTestId("muted-word").getByText(title).waitFor();

    await p.goto("/");
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(4);
    const titles = (await cards.locator("h2").allTextContents()).map((t) => t.trim());
    expect(titles).not.toContain(title);

    await p.goto("/settings/account");
    await p.getByRole("button", { name: "Request archive" }).click();
    await expect
      .poll(() => p.getByTestId("export-status").textContent(), { timeout: 30_000 })
      .toMatch(/Your archive is ready/);
    const download = p.waitForEvent("download");
    await p.getByRole("button", { name: "Download archive" }).click();
    expect((await download).suggestedFilename()).toBe("agora-data.zip");
    expect(errors).toEqual([]);
  });
});
