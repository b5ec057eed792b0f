import { describe, expect, it } from "vitest";
import { sniffMedia } from "#worker/lib/media.ts";
import {
  findMentions,
  linkAddresses,
  linkMentions,
  plainTextToHtml,
  sanitizeHtml,
  toSafeHtml,
} from "#worker/lib/post-html.ts";
import { MP4_BYTES, PNG_BYTES } from "#worker-test/posts.ts";

describe("the body sanitiser", () => {
  it.each([
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="&#106;avascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', "<a>x</a>"],
    ['<a href="//evil.example/">x</a>', "<a>x</a>"],
    ['<a href="/&#x2F;evil.example/">x</a>', "<a>x</a>"],
    ['<img src="javascript:alert(1)">', ""],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ""],
    // Another site's picture (a tracking pixel, or one the site's CSP would refuse) is dropped.
    ['<p>a</p><img src="https://tracker.example/pixel.gif">', "<p>a</p>"],
    ['<img src="//tracker.example/pixel.gif">', ""],
    ["<p onclick=\"alert(1)\" onmouseover='alert(2)'>hi</p>", "<p>hi</p>"],
    ["<scr<script>ipt>alert(1)</script>", ""],
    ["<script>alert(1)", "alert(1)"],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', '"&gt;'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ""],
    ['<object data="x"></object><embed src="x">', ""],
    ["<!-- <script>alert(1)</script> -->ok", "ok"],
  ])("neutralises %s", (input, output) => {
    expect(sanitizeHtml(input)).not.toMatch(/<script|<object|<embed|onerror|onclick|javascript:/i);
    expect(sanitizeHtml(input)).toBe(output);
  });

  it("keeps the editor's formatting, and opens outside links in a new tab without an opener", () => {
    const html =
      '<h2>Head</h2><p>a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s> <code>f</code></p><ol start="3"><li>x</li></ol><blockquote>q</blockquote><pre>pre</pre><a href="https://example.com" title="t">out</a><a href="/c/agora">in</a><img src="/media/posts/a.png" alt="a" width="10">';
    expect(sanitizeHtml(html)).toBe(
      '<h2>Head</h2><p>a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s> <code>f</code></p><ol start="3"><li>x</li></ol><blockquote>q</blockquote><pre>pre</pre><a href="https://example.com" title="t" target="_blank" rel="noopener noreferrer nofollow">out</a><a href="/c/agora">in</a><img src="/media/posts/a.png" alt="a" width="10">',
    );
  });

  it("turns plain text into escaped paragraphs", () => {
    expect(plainTextToHtml("a < b & c\nnext\n\nsecond")).toBe("<p>a &lt; b &amp; c<br>next</p><p>second</p>");
    expect(toSafeHtml("<b>bold</b>")).toBe("<b>bold</b>");
    expect(toSafeHtml("1 < 2")).toBe("<p>1 &lt; 2</p>");
  });

  it("links addresses typed in an editor body, opening in a new tab without an opener, as chat does", () => {
    const out = ' target="_blank" rel="noopener noreferrer nofollow"';
    expect(toSafeHtml("<p>See https://example.com/a?b=1&amp;c=2. Or www.agora.example, ok?</p>")).toBe(
      `<p>See <a href="https://example.com/a?b=1&amp;c=2"${out}>https://example.com/a?b=1&amp;c=2</a>. Or <a href="https://www.agora.example"${out}>www.agora.example</a>, ok?</p>`,
    );
    // Inside a link, code or pre, and anything that is not http(s), stays as written.
    const kept =
      '<p><a href="/c/x">https://in.link</a> <code>https://in.code</code> javascript:alert(1) ftp://x.example</p><pre>http://in.pre</pre>';
    expect(toSafeHtml(kept)).toBe(kept);
    // Quotes and brackets end an address, so nothing can break out of the attribute.
    expect(toSafeHtml('<p>"https://a.example/x" &lt;https://b.example&gt;</p>')).toBe(
      `<p>"<a href="https://a.example/x"${out}>https://a.example/x</a>" &lt;<a href="https://b.example"${out}>https://b.example</a>&gt;</p>`,
    );
    expect(linkAddresses("<p>no address here</p>")).toBe("<p>no address here</p>");
  });

  it("finds @mentions outside links and code, and links the ones that exist", () => {
    const html = '<p>hi @alice and @Bob, mail a@b.com</p><code>@carol</code><a href="/x">@dave</a>';
    expect(findMentions(html)).toEqual(["alice", "bob"]);
    expect(linkMentions(html, new Map([["alice", "alice"]]))).toBe(
      '<p>hi <a href="/user/alice">@alice</a> and @Bob, mail a@b.com</p><code>@carol</code><a href="/x">@dave</a>',
    );
  });
});

describe("media sniffing", () => {
  it("knows files by their bytes, not their names", () => {
    expect(sniffMedia(PNG_BYTES)?.contentType).toBe("image/png");
    expect(sniffMedia(MP4_BYTES)?.contentType).toBe("video/mp4");
    expect(sniffMedia(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))?.kind).toBe("IMAGE");
    expect(sniffMedia(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>"))).toBeNull();
    expect(sniffMedia(new TextEncoder().encode("GIF89a but really text"))?.contentType).toBe("image/gif");
    expect(sniffMedia(new TextEncoder().encode("hello world, I am text"))).toBeNull();
  });
});
