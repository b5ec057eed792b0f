import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shot, useBrowser } from "./browser";
import { newAccount, signIn } from "./sign-in";

// A new person's first hour, tried as they would: what they type is kept, a phone photo goes up,
// a removal and its appeal read as one story, limits and muted words explain themselves.

/** With E2E_SCREENSHOTS=<folder>, the screens are saved there to be looked at. */
const visible = async (locator: ReturnType<Page["locator"]>) => {
  await locator.waitFor({ state: "visible", timeout: 15_000 });
  return true;
};

/**
 * A phone photo: 4032 × 3024 JPEG of about 4.5 MB drawn in the page (smooth shapes and some grain,
 * as a photo has), then an EXIF block put in front as a camera does: Orientation 6 (the phone was
 * held upright, so the picture must turn a quarter) and a GPS block naming where it was taken.
 */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4032, 3024);
    const c = canvas.getContext("2d")!;
    const sky = c.createLinearGradient(0, 0, 4032, 3024);
    sky.addColorStop(0, "#3b82f6");
    sky.addColorStop(1, "#f59e0b");
    c.fillStyle = sky;
    c.fillRect(0, 0, 4032, 3024);
    // The top left corner is red: after turning it a quarter clockwise it is at the top right.
    c.fillStyle = "#ff0000";
    c.fillRect(0, 0, 600, 600);
    const grain = c.getImageData(0, 0, 4032, 3024);
    let seed = 7;
    for (let i = 0; i < grain.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % 48) - 24;
      grain.data[i] = grain.data[i]! + n;
      grain.data[i + 1] = grain.data[i + 1]! + n;
      grain.data[i + 2] = grain.data[i + 2]! + n;
    }
    c.putImageData(grain, 0, 0);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  const jpeg = Buffer.from(base64, "base64");
  // TIFF, big-endian: IFD0 holds Orientation = 6 and the GPS block's place; the GPS block holds
  // GPSLatitudeRef "N" and a GPSAreaInformation text that must not survive the upload.
  const place = Buffer.from("ASCII\0\0\0SECRET-PLACE-12.34N-56.78W", "latin1");
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4 + 2 + 2 * 12 + 4 + place.length);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(2, 8);
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(6, 18);
  const gpsAt = 8 + 2 + 24 + 4;
  tiff.writeUInt16BE(0x8825, 22); // GPSInfo
  tiff.writeUInt16BE(4, 24);
  tiff.writeUInt32BE(1, 26);
  tiff.writeUInt32BE(gpsAt, 30);
  tiff.writeUInt32BE(0, 34);
  const placeAt = gpsAt + 2 + 24 + 4;
  tiff.writeUInt16BE(2, gpsAt);
  tiff.writeUInt16BE(0x0001, gpsAt + 2); // GPSLatitudeRef
  tiff.writeUInt16BE(2, gpsAt + 4);
  tiff.writeUInt32BE(2, gpsAt + 6);
  tiff.write("N\0", gpsAt + 10, "latin1");
  tiff.writeUInt16BE(0x001c, gpsAt + 14); // GPSAreaInformation
  tiff.writeUInt16BE(7, gpsAt + 16);
  tiff.writeUInt32BE(place.length, gpsAt + 18);
  tiff.writeUInt32BE(placeAt, gpsAt + 22);
  tiff.writeUInt32BE(0, gpsAt + 26);
  place.copy(tiff, placeAt);
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), app1, body, jpeg.subarray(2)]);
}

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
    await expect(page.getByRole("textbox", { name: "Body" }).textContent()).resolves.toContain(
      "Typed on a phone, not to be lost",
    );
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

  it("shrinks a 4.5 MB phone photo to fit 1 MB, turned upright and without its location, for a post and a profile picture", async () => {
    const { page, errors, context } = await open({ width: 1280 });
    const person = await newAccount(context.request);
    await signIn(context, { token: person.token });
    await page.goto("/post?community_name=photography");
    await page.waitForURL(/\/post$/);
    const photo = await phonePhoto(page);
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(photo.includes("SECRET-PLACE")).toBe(true);

    await page.getByRole("tab", { name: "Media" }).click();
    await page.getByLabel("Title").fill("From my phone");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "IMG_0042.JPG", mimeType: "image/jpeg", buffer: photo });
    await expect(visible(page.getByTestId("media-preview"))).resolves.toBe(true);
    // No "File size should not exceed 1MB": the photo was made to fit.
    expect(await page.getByText("File size should not exceed 1MB").count()).toBe(0);
    await page.getByLabel("Describe the picture").fill("A red square in a blue and orange sky");
    await shot(page, "first-hour-2-phone-photo-ready-1280");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.waitForURL(/\/from-my-phone$/);
    const img = page
      .getByTestId("post-detail")
      .getByRole("button", { name: "Show the picture full size" })
      .locator("img");
    const src = (await img.getAttribute("src"))!;
    const served = Buffer.from(await (await context.request.get(src)).body());
    expect(served.length).toBeLessThanOrEqual(1024 * 1024);
    expect(served.subarray(0, 2).toString("hex")).toBe("ffd8");
    // No EXIF block at all: neither the place nor the orientation is left to read.
    expect(served.includes("Exif")).toBe(false);
    expect(served.includes("SECRET-PLACE")).toBe(false);
    // Turned as the camera was held: upright, with the red corner now at the top right.
    const seen = await img.evaluate(async (el: HTMLImageElement) => {
      await el.decode();
      const c = new OffscreenCanvas(el.naturalWidth, el.naturalHeight).getContext("2d")!;
      c.drawImage(el, 0, 0);
      const at = (x: number, y: number) => [...c.getImageData(x, y, 1, 1).data.slice(0, 3)];
      return {
        width: el.naturalWidth,
        height: el.naturalHeight,
        topRight: at(el.naturalWidth - 20, 20),
        topLeft: at(20, 20),
      };
    });
    expect(seen.height).toBe(2048);
    expect(seen.width).toBe(1536);
    expect(seen.topRight[0]).toBeGreaterThan(200);
    expect(seen.topLeft[0]).toBeLessThan(150);
    await shot(page, "first-hour-2-phone-photo-posted-1280");

    // The same photo as a profile picture.
    await page.goto("/settings/profile");
    await page
      .getByLabel("Choose a new profile picture")
      .setInputFiles({ name: "IMG_0042.JPG", mimeType: "image/jpeg", buffer: photo });
    await expect(
      visible(page.getByTestId("snackbar").filter({ hasText: "Your profile was saved" }).first()),
    ).resolves.toBe(true);
    expect(await page.getByText("File size should not exceed 1MB").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("says on the form how many posts are left today, and when a new person can post again apart from when they get more", async () => {
    const { page, errors, context } = await open({ width: 390, height: 844 });
    // The page's timers run on a clock this test can move on (it flows as usual until then).
    await page.clock.install();
    const person = await newAccount(context.request, { trustLevel: 0 });
    await signIn(context, { token: person.token });
    const auth = { authorization: `Bearer ${person.token}` };
    expect(
      (
        await context.request.post("/api/v1/private/user/community/join?name=cooking", { headers: auth })
      ).ok(),
    ).toBe(true);
    for (let i = 1; i <= 4; i++) {
      const res = await context.request.post("/api/v1/private/user/micropost", {
        headers: auth,
        multipart: {
          title: `Soup number ${i}`,
          community_name: "cooking",
          body: "<p>Hot.</p>",
          post_type: "TEXT",
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const write = async (title: string) => {
      await page.getByTestId("community-picker").selectOption("cooking");
      await page.getByLabel("Title").fill(title);
      await page.getByRole("textbox", { name: "Body" }).click();
      await page.keyboard.type("Still hot.");
      await page.getByRole("button", { name: "Post", exact: true }).click();
    };
    await page.goto("/post");
    await expect(
      visible(page.getByTestId("posts-left").filter({ hasText: "1 post left today" })),
    ).resolves.toBe(true);
    await write("Soup number 5");
    await page.waitForURL(/\/soup-number-5$/);

    await page.goto("/post");
    await expect(
      visible(page.getByTestId("posts-left").filter({ hasText: "0 posts left today" })),
    ).resolves.toBe(true);
    await write("Soup number 6");
    const limit = page.getByTestId("post-limit");
    await expect(visible(limit)).resolves.toBe(true);
    const said = (await limit.textContent()) ?? "";
    expect(said).toContain("New accounts can publish 5 posts a day.");
    expect(said).toMatch(/You can try again on \w+day \d/);
    expect(said).toMatch(/Your daily allowance grows on \w+day, \w+ \d+\./);
    // It stays on the form (a notice would have gone: a notice's 6 s run out at once, and a second
    // more), and the words are still there to post later.
    await page.clock.runFor(7000);
    await expect(limit.isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Title").inputValue()).resolves.toBe("Soup number 6");
    await shot(page, "first-hour-4-limit-on-form-390");
    expect(errors).toEqual([]);
  });

  it("logs out from Settings to Home without a Log In dialog, keeping the day theme; muting is Forever", async () => {
    const { page, errors, context } = await open({ width: 1280 });
    const person = await newAccount(context.request);
    await signIn(context, { token: person.token });
    await page.goto("/settings/muted");
    const howLong = page.getByLabel("For how long");
    await howLong.waitFor();
    expect(await howLong.locator("option").allTextContents()).toContain("Forever");
    expect(await howLong.locator("option").allTextContents()).not.toContain("Never");

    await page.getByRole("button", { name: `Account menu for ${person.username}` }).click();
    await page.getByRole("menuitem", { name: /Night Mode/ }).click();
    await expect.poll(() => page.locator("html").getAttribute("data-theme")).toBe("day");
    if (!(await page.getByRole("menuitem", { name: "Log Out" }).isVisible()))
      await page.getByRole("button", { name: `Account menu for ${person.username}` }).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("button", { name: "Sign In" }).first().waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("day");
    await shot(page, "first-hour-7-logged-out-day-1280");
    expect(errors).toEqual([]);
  });

  it("names profile tabs and the job form in the title, and says what was not found with a way on", async () => {
    const { page, errors } = await open({ width: 390, height: 844 });
    await page.goto("/user/carmen/followers");
    await expect.poll(() => page.title()).toBe("u/carmen · Followers · Agora");
    await page.goto("/user/carmen");
    await expect.poll(() => page.title()).toBe("u/carmen · Posts · Agora");
    await page.goto("/job");
    await expect.poll(() => page.title()).toBe("Post a job · Agora");

    const cases = [
      { path: "/c/no-such-place", heading: "Community not found", way: "Find Communities" },
      { path: "/c/agora/p/nosuchpost/a-title", heading: "Post not found", way: "Search" },
      { path: "/no/such/address", heading: "Page not found", way: "Search" },
    ];
    for (const { path, heading, way } of cases) {
      await page.goto(path);
      const empty = page.getByTestId("empty-state");
      await empty.getByRole("heading", { name: heading }).waitFor();
      await empty.getByRole("link", { name: way }).waitFor();
      await empty.getByRole("link", { name: "Return to Home" }).waitFor();
      await expect.poll(() => page.title()).toBe(`${heading} · Agora`);
      await shot(page, `first-hour-13-${heading.toLowerCase().replaceAll(" ", "-")}-390`);
    }
    expect(errors).toEqual([]);
  });

  it("asks what a picture added in the editor shows, and marks the Media tab's description as required", async () => {
    const { page, errors, context } = await open({ width: 1280 });
    const person = await newAccount(context.request);
    await signIn(context, { token: person.token });
    await page.goto("/post");
    await page.getByRole("textbox", { name: "Body" }).click();
    await page.locator('input[type="file"][aria-label="Add a picture"]').setInputFiles({
      name: "IMG_2041.png",
      mimeType: "image/png",
      buffer: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    });
    const dialog = page.getByRole("dialog", { name: "Describe the picture" });
    await dialog.waitFor();
    await shot(page, "first-hour-10-editor-alt-1280");
    await dialog.getByRole("textbox").fill("An orange dot");
    await dialog.getByRole("button", { name: "Save" }).click();
    const img = page.getByRole("textbox", { name: "Body" }).locator("img");
    await expect.poll(() => img.getAttribute("alt")).toBe("An orange dot");
    expect(await img.getAttribute("alt")).not.toContain("IMG_2041");

    await page.getByRole("tab", { name: "Media" }).click();
    await page
      .locator('input[type="file"]')
      .last()
      .setInputFiles({
        name: "dot.png",
        mimeType: "image/png",
        buffer: Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
          "base64",
        ),
      });
    const label = page.locator("label", { hasText: "Describe the picture" });
    await label.waitFor();
    expect(await label.locator('[title="This is required field"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("edits a headline, a bio with its lines and https links in Settings; the profile and its page's head show them", async () => {
    const { page, errors, context } = await open({ width: 1280 });
    const person = await newAccount(context.request);
    await signIn(context, { token: person.token });
    await page.goto("/settings/profile");
    // Every settings tab fits at 1280 px: Muted words is not cut off at the edge.
    const tabs = page.getByRole("navigation", { name: "Settings sections" });
    const muted = await tabs.getByRole("link", { name: "Muted words" }).boundingBox();
    const bar = await tabs.boundingBox();
    expect(muted!.x + muted!.width).toBeLessThanOrEqual(bar!.x + bar!.width);

    const about = page.getByRole("form", { name: "About you" });
    await about.getByLabel("Headline").fill("Baker and teacher");
    await about.getByLabel("Bio").fill("Sourdough every morning.\nClasses on Saturdays.");
    await about.getByLabel("Link 1").fill("http://bread.example.com");
    await about.getByRole("button", { name: "Save" }).click();
    await about.getByText("Use a full https:// address").waitFor();
    await about.getByLabel("Link 1").fill("https://bread.example.com");
    await about.getByRole("button", { name: "Save" }).click();
    await page.getByText("Your profile was saved").waitFor();
    await shot(page, "first-hour-12-settings-about-1280");

    await page.goto(`/user/${person.username}`);
    await expect(visible(page.getByTestId("profile-headline").getByText("Baker and teacher"))).resolves.toBe(
      true,
    );
    expect(await page.getByTestId("profile-bio").textContent()).toBe(
      "Sourdough every morning.\nClasses on Saturdays.",
    );
    const link = page.getByRole("list", { name: "Links" }).getByRole("link", { name: "bread.example.com" });
    expect(await link.getAttribute("href")).toBe("https://bread.example.com/");
    expect(await link.getAttribute("rel")).toBe("me nofollow noopener");
    await shot(page, "first-hour-12-profile-1280");
    const html = await (await context.request.get(`/user/${person.username}`)).text();
    expect(html).toContain(
      '<meta name="description" content="Baker and teacher · Sourdough every morning. Classes on Saturdays.">',
    );
    expect(errors).toEqual([]);
  });
});
