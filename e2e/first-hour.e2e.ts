import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { newAccount, signIn } from "./sign-in";

// A new person's first hour, tried as they would: what they type is kept, a phone photo goes up,
// a removal and its appeal read as one story, limits and muted words explain themselves.

/** With E2E_SCREENSHOTS=<folder>, the screens are saved there to be looked at. */
async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

const visible = async (locator: ReturnType<Page["locator"]>) => {
  await locator.waitFor({ state: "visible", timeout: 15_000 });
  return true;
};

describe("the first hour", () => {
  const { page: open } = useBrowser();

  it("keeps what a newcomer types, asks before leaving it, and joins a community from the picker", async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    const person = await newAccount(context.request);
    await signIn(context, { token: person.token });
    await page.goto("/post");

    // No community joined: the picker offers to join one where the person is.
    const panel = page.getByTestId("community-join-panel");
    await expect(visible(panel)).resolves.toBe(true);
    await page.getByLabel("Title").fill("My first words here");
    await page.getByRole("textbox", { name: "Body" }).click();
    await page.keyboard.type("Typed on a phone, not to be lost");
    await panel.getByLabel("Find a community to join").fill("cook");
    await panel.getByRole("button", { name: "Join c/cooking" }).waitFor();
    await shot(page, "first-hour-1-join-panel-390");
    await panel.getByRole("button", { name: "Join c/cooking" }).click();
    await expect.poll(() => page.getByTestId("community-picker").inputValue()).toBe("cooking");
    await expect(page.getByLabel("Title").inputValue()).resolves.toBe("My first words here");
    await shot(page, "first-hour-1-joined-from-picker-390");

    // Leaving asks first; staying keeps everything.
    await page.getByTestId("drafts-link").click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(visible(dialog.getByText("Leave this post?"))).resolves.toBe(true);
    await shot(page, "first-hour-1-leave-question-390");
    await dialog.getByRole("button", { name: "Keep writing" }).click();
    expect(new URL(page.url()).pathname).toBe("/post");

    // Leaving anyway, and coming back (or reloading): the words are still there.
    await page.getByTestId("drafts-link").click();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL(/\/drafts$/);
    await page.goto("/post");
    await expect(visible(page.getByTestId("restored-text"))).resolves.toBe(true);
    await expect(page.getByLabel("Title").inputValue()).resolves.toBe("My first words here");
    await expect(
      page.getByRole("textbox", { name: "Body" }).textContent(),
    ).resolves.toContain("Typed on a phone, not to be lost");
    await expect.poll(() => page.getByTestId("community-picker").inputValue()).toBe("cooking");
    await shot(page, "first-hour-1-text-back-390");

    // Posting takes it off the device: the next post starts empty.
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.waitForURL(/\/c\/cooking\/p\/[^/]+\/my-first-words-here$/);
    await page.goto("/post");
    await page.getByTestId("community-picker").waitFor();
    await expect(page.getByLabel("Title").inputValue()).resolves.toBe("");
    expect(await page.getByTestId("restored-text").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
