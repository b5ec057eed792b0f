import { describe, expect, it } from "vitest";
import { bodyLength, checkEditorLink, isBlankBody, postFieldsSchema } from "./posts";

describe("the editor's link rule", () => {
  it.each([
    ["example.com", "https://example.com"],
    ["http://example.com/a?b=c#d", "http://example.com/a?b=c#d"],
    ["https://sub.example.co.uk/path", "https://sub.example.co.uk/path"],
    ["localhost:8787/c/agora", "https://localhost:8787/c/agora"],
    ["http://192.168.0.1", "http://192.168.0.1"],
  ])("accepts %s", (input, link) => {
    expect(checkEditorLink(input)).toEqual({ link });
  });

  it.each([
    ["", "Enter a link"],
    ["   ", "Enter a link"],
    ["javascript:alert(1)", "Invalid link"],
    ["ftp://example.com", "Invalid link"],
    ["example", "Invalid link"],
    ["example.c0m", "Invalid link"],
    ["300.1.1.1", "Invalid link"],
    ["exa mple.com", "Invalid link"],
    ["https://user:pw@example.com", "Invalid link"],
  ])("refuses %s with %s", (input, error) => {
    expect(checkEditorLink(input)).toEqual({ error });
  });
});

describe("post fields", () => {
  it("counts visible characters and treats an empty editor as blank", () => {
    expect(bodyLength("<p>a&amp;b</p>")).toBe(3);
    expect(isBlankBody("<p></p>")).toBe(true);
    expect(isBlankBody('<p><img src="/media/a.png"></p>')).toBe(false);
  });

  it("needs a body for text posts only", () => {
    const base = { title: "T", community_name: "c" };
    expect(postFieldsSchema.safeParse({ ...base, body: "<p> </p>" }).success).toBe(false);
    expect(postFieldsSchema.safeParse({ ...base, body: "", post_type: "media" }).success).toBe(true);
  });
});
