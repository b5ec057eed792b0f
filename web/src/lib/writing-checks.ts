// What the composer gently points out so a post reads well with a screen reader (docs/decisions/152):
// "fancy" Unicode letters (read out one by one as "mathematical bold small b…"), whole sentences in
// capitals (read letter by letter or shouted, and hard to read for people with dyslexia), hashtags
// whose words run together (#blacklivesmatter is read as one long word), and pictures without a
// description. Each finding comes with its fix where one can be made without guessing.

/**
 * Letters a screen reader names instead of reading: the Mathematical Alphanumeric Symbols (𝐛𝐨𝐥𝐝,
 * 𝘪𝘵𝘢𝘭𝘪𝘤, 𝓼𝓬𝓻𝓲𝓹𝓽, 𝕕𝕠𝕦𝕓𝕝𝕖…), fullwidth Latin letters and digits (Ａｂｃ), circled letters (Ⓐⓑ) and the
 * letterlike ones the mathematical block leaves out (ℬ, ℎ, ℝ…).
 */
const FANCY =
  /[\u{1D400}-\u{1D7FF}\u{FF10}-\u{FF19}\u{FF21}-\u{FF3A}\u{FF41}-\u{FF5A}\u{24B6}-\u{24E9}\u{2102}\u{210A}-\u{2113}\u{2115}\u{2119}-\u{211D}\u{2124}\u{2128}\u{212C}\u{212D}\u{212F}-\u{2131}\u{2133}\u{2134}]/gu;

/** Whether `text` has letters a screen reader would spell out one by one. */
export function hasFancyLetters(text: string): boolean {
  FANCY.lastIndex = 0;
  return FANCY.test(text);
}

/** `text` with its fancy letters as plain ones (𝐛𝐨𝐥𝐝 → bold); the rest of the text as it was. */
export function plainLetters(text: string): string {
  // NFKC maps each of these to its plain letter; applied to them alone, so "½" or "ﬁ" stay.
  return text.replace(FANCY, (c) => c.normalize("NFKC"));
}

/** Fewer letters than this is a shout of a word or two ("OK", "NO WAY"), or an acronym: left alone. */
const SHOUT_MIN_LETTERS = 12;

/** The sentences of `text`, each with the spaces and marks that end it. */
function sentences(text: string): string[] {
  return text.match(/[^.!?\n]+[.!?]*[\s]*|[.!?\n]+/g) ?? [];
}

/** Whether a sentence is written all in capitals: at least two words and SHOUT_MIN_LETTERS letters. */
function shouted(sentence: string): boolean {
  const cased = sentence.match(/[\p{Lu}\p{Ll}]/gu) ?? [];
  if (cased.length < SHOUT_MIN_LETTERS) return false;
  if (sentence.trim().split(/\s+/).length < 2) return false;
  return cased.every((c) => c === c.toUpperCase());
}

/** The sentences of `text` written all in capitals, trimmed. */
export function shoutedSentences(text: string): string[] {
  return sentences(text)
    .filter(shouted)
    .map((s) => s.trim());
}

/** "WE ARE OPEN TODAY." → "We are open today." */
export function sentenceCase(sentence: string): string {
  const lower = sentence.toLowerCase();
  return lower.replace(/\p{L}/u, (c) => c.toUpperCase());
}

/** `text` with each sentence written all in capitals in sentence case; the others as they were. */
export function unshout(text: string): string {
  return sentences(text)
    .map((s) => (shouted(s) ? sentenceCase(s) : s))
    .join("");
}

/** A hashtag whose words a screen reader cannot tell apart, with its CamelCase form when one is certain. */
export interface RunTogetherTag {
  tag: string;
  /** The CamelCase form when the words are marked (#black_lives_matter → #BlackLivesMatter); else null. */
  suggestion: string | null;
}

/** Tags this long or longer, all in one case, likely hold more than one word. */
const TAG_MIN_LETTERS = 8;

/**
 * The hashtags of `text` that are not CamelCase: all lower or all upper case and long enough to be
 * several words (#blacklivesmatter), or with words joined by "_" (#black_lives). Tags of one short
 * word (#rust) and tags already mixing cases (#BlackLivesMatter) pass.
 */
export function runTogetherTags(text: string): RunTogetherTag[] {
  const found = new Map<string, RunTogetherTag>();
  for (const match of text.matchAll(/(?:^|[^\p{L}\p{N}_&#/])#([\p{L}\p{N}_]+)/gu)) {
    const name = match[1]!;
    const letters = name.match(/\p{L}/gu) ?? [];
    if (letters.length === 0) continue;
    const words = name.split("_").filter(Boolean);
    if (words.length > 1) {
      const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
      found.set(name, { tag: `#${name}`, suggestion: `#${camel}` });
      continue;
    }
    const oneCase =
      letters.every((c) => c === c.toLowerCase()) || letters.every((c) => c === c.toUpperCase());
    if (oneCase && letters.length >= TAG_MIN_LETTERS) found.set(name, { tag: `#${name}`, suggestion: null });
  }
  return [...found.values()];
}

/** `text` with each hashtag whose CamelCase form is certain written that way. */
export function camelCaseTags(text: string): string {
  const fixes = new Map(
    runTogetherTags(text)
      .filter((t) => t.suggestion)
      .map((t) => [t.tag, t.suggestion!]),
  );
  if (fixes.size === 0) return text;
  return text.replace(
    /(^|[^\p{L}\p{N}_&#/])(#[\p{L}\p{N}_]+)/gu,
    (_all, before: string, tag: string) => `${before}${fixes.get(tag) ?? tag}`,
  );
}

/** What the composer found in a post, kind by kind. */
export interface WritingFindings {
  fancy: boolean;
  shouting: string[];
  tags: RunTogetherTag[];
  picturesWithoutAlt: number;
}

/** The text a reader sees in the body's HTML, paragraph by paragraph (an inert document). */
function textOf(html: string): string {
  const spaced = html.replace(/<\/(p|li|h[1-6]|div|blockquote|pre)>|<br\s*\/?>/gi, "$&\n");
  return new DOMParser().parseFromString(spaced, "text/html").body.textContent ?? "";
}

/** The findings of a post's title and body (the editor's HTML). */
export function checkWriting(title: string, bodyHtml: string): WritingFindings {
  const body = textOf(bodyHtml);
  const text = `${title}\n${body}`;
  const doc = new DOMParser().parseFromString(bodyHtml, "text/html");
  return {
    fancy: hasFancyLetters(text),
    shouting: shoutedSentences(text),
    tags: runTogetherTags(text),
    picturesWithoutAlt: Array.from(doc.querySelectorAll("img")).filter(
      (img) => !img.getAttribute("alt")?.trim(),
    ).length,
  };
}

/**
 * The body's HTML with `fix` applied to each of its text nodes (tags and attributes untouched): how
 * the fixes reach the editor's text without touching its marks.
 */
export function fixBodyText(bodyHtml: string, fix: (text: string) => string): string {
  const doc = new DOMParser().parseFromString(bodyHtml, "text/html");
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  let changed = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const next = fix(node.nodeValue ?? "");
    if (next !== node.nodeValue) {
      node.nodeValue = next;
      changed = true;
    }
  }
  return changed ? doc.body.innerHTML : bodyHtml;
}

/** The body's HTML with `alt` on its first picture that has no description. */
export function describeFirstPicture(bodyHtml: string, alt: string): string {
  const doc = new DOMParser().parseFromString(bodyHtml, "text/html");
  const img = Array.from(doc.querySelectorAll("img")).find((i) => !i.getAttribute("alt")?.trim());
  if (!img || !alt.trim()) return bodyHtml;
  img.setAttribute("alt", alt.trim());
  return doc.body.innerHTML;
}
