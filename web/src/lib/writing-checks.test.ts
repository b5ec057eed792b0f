import { describe, expect, it } from "vitest";
import {
  camelCaseTags,
  checkWriting,
  describeFirstPicture,
  fixBodyText,
  hasFancyLetters,
  plainLetters,
  runTogetherTags,
  sentenceCase,
  shoutedSentences,
  unshout,
} from "./writing-checks";

describe("writing checks: what a screen reader stumbles on", () => {
  it("finds fancy Unicode letters and turns them into plain ones, leaving the rest", () => {
    expect(hasFancyLetters("A 𝐛𝐨𝐥𝐝 move")).toBe(true);
    expect(hasFancyLetters("plain words, ½ and ﬁ")).toBe(false);
    expect(plainLetters("A 𝐛𝐨𝐥𝐝 𝘪𝘵𝘢𝘭𝘪𝘤 𝓼𝓬𝓻𝓲𝓹𝓽 𝕕𝕠𝕦𝕓𝕝𝕖 move")).toBe("A bold italic script double move");
    expect(plainLetters("Ｆｕｌｌ ⓦⓘⓓⓣⓗ ℝeal 𝟏𝟐")).toBe("Full width Real 12");
    // Only the fancy letters change: a fraction and a ligature stay as they were.
    expect(plainLetters("½ ﬁne 𝐱")).toBe("½ ﬁne x");
  });

  it("finds whole sentences in capitals and offers sentence case; short shouts and acronyms pass", () => {
    expect(shoutedSentences("WE ARE OPEN ALL WEEKEND. Come and see us!")).toEqual([
      "WE ARE OPEN ALL WEEKEND.",
    ]);
    expect(shoutedSentences("The NASA launch was OK. WOW!")).toEqual([]);
    expect(sentenceCase("WE ARE OPEN ALL WEEKEND.")).toBe("We are open all weekend.");
    expect(unshout("Hi. WE ARE OPEN ALL WEEKEND! Come and see us.")).toBe(
      "Hi. We are open all weekend! Come and see us.",
    );
    expect(unshout("Nothing to change here, NASA.")).toBe("Nothing to change here, NASA.");
  });

  it("finds hashtags that are not CamelCase and fixes those whose words are marked", () => {
    expect(runTogetherTags("Go #blacklivesmatter #rust #BlackLivesMatter #open_source_software")).toEqual([
      { tag: "#blacklivesmatter", suggestion: null },
      { tag: "#open_source_software", suggestion: "#OpenSourceSoftware" },
    ]);
    expect(runTogetherTags("#SHOUTINGTAG")).toEqual([{ tag: "#SHOUTINGTAG", suggestion: null }]);
    // An address's fragment and an HTML entity are not hashtags.
    expect(runTogetherTags("see https://example.com/#somefragment and &#1234567890;")).toEqual([]);
    expect(camelCaseTags("Love #open_source and #rust")).toBe("Love #OpenSource and #rust");
  });

  it("reads a post's title and body, counting pictures without a description", () => {
    const findings = checkWriting(
      "𝐁𝐢𝐠 news",
      '<p>THIS IS A WHOLE SENTENCE IN CAPITALS.</p><p><img src="/a.png"><img src="/b.png" alt="A cat"> #catsofagora</p>',
    );
    expect(findings).toEqual({
      fancy: true,
      shouting: ["THIS IS A WHOLE SENTENCE IN CAPITALS."],
      tags: [{ tag: "#catsofagora", suggestion: null }],
      picturesWithoutAlt: 1,
    });
    expect(checkWriting("A calm title", "<p>Calm words.</p>")).toEqual({
      fancy: false,
      shouting: [],
      tags: [],
      picturesWithoutAlt: 0,
    });
  });

  it("fixes the body's text without touching its marks, and describes the first bare picture", () => {
    expect(fixBodyText("<p><strong>𝐛𝐨𝐥𝐝</strong> and <em>𝘪𝘵</em></p>", plainLetters)).toBe(
      "<p><strong>bold</strong> and <em>it</em></p>",
    );
    const same = "<p>Nothing to fix</p>";
    expect(fixBodyText(same, plainLetters)).toBe(same);
    expect(
      describeFirstPicture('<p><img src="/a.png" alt="Done"><img src="/b.png"></p>', " A red door "),
    ).toBe('<p><img src="/a.png" alt="Done"><img src="/b.png" alt="A red door"></p>');
  });
});
