import { COMMUNITY_PAGE_SIZE, FEED_PAGE_SIZE } from "#shared/constants.ts";
import type { FeedOption } from "#shared/enums/feed.ts";
import type { JobType } from "#shared/enums/market.ts";
import type { FirstScreen } from "#shared/schemas/open-web.ts";
import type { FeedItem } from "#shared/schemas/posts.ts";
import type { Deps } from "#worker/deps.ts";
import { toCommunityWithRules } from "#worker/lib/community-json.ts";
import { cursorPageOf } from "#worker/lib/cursor-page.ts";
import { glance } from "#worker/lib/plain-text.ts";
import { iso } from "#worker/lib/time.ts";
import { toUser } from "#worker/lib/user-json.ts";
import { type PageHead, SITE_DESCRIPTION, SITE_NAME } from "./html";
import * as queries from "./queries";

// What the open web answers (docs/decisions/132): each public page's head, structured data and
// first screen, from one D1 round trip; the 404 (or 410) of what is not there to show; robots.txt,
// the sitemaps and the Atom feeds. The SQL is in queries.ts, the HTML in html.ts.

/** A page's answer: its status, its head and (for a visitor) its first screen. */
export interface PageAnswer {
  status: 200 | 404 | 410;
  head: PageHead;
  data: FirstScreen | null;
}

/** The site's card, for pages with no picture of their own (web/public). */
const SITE_CARD = "/og-card.png";
/** A description's length (what previews and search results show). */
const DESCRIPTION_MAX = 160;

/** The site's address without a trailing slash. */
const baseOf = (deps: Deps) => deps.env.PUBLIC_URL.replace(/\/+$/, "");
/** A path of this site (or an address already absolute) as an absolute address. */
const absolute = (deps: Deps, path: string) => (/^https?:\/\//i.test(path) ? path : `${baseOf(deps)}${path}`);
const describe = (text: string) => glance(text, DESCRIPTION_MAX);
/** Plain text (a headline, a bio) as a description: one line, cut at the description's length. */
const describePlain = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= DESCRIPTION_MAX ? line : `${line.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
};
const titled = (text: string) => `${text} · ${SITE_NAME}`;

function siteHead(deps: Deps, overrides: Partial<PageHead> = {}): PageHead {
  return {
    title: SITE_NAME,
    heading: SITE_NAME,
    description: SITE_DESCRIPTION,
    canonical: null,
    type: "website",
    image: absolute(deps, SITE_CARD),
    largeImage: false,
    feed: null,
    noindex: false,
    jsonLd: null,
    ...overrides,
  };
}

/** What is not there (or not shown): the shell, the site's head, nothing of the item. */
function notFound(deps: Deps, status: 404 | 410 = 404): PageAnswer {
  return { status, head: siteHead(deps, { noindex: true }), data: null };
}

/** A private route (settings, chat, wallet…): the shell, kept out of search engines. */
export function privatePage(deps: Deps): PageAnswer {
  return { status: 200, head: siteHead(deps, { noindex: true }), data: null };
}

/** The first card's picture, when the first card of a list has one: the first screen's largest paint. */
function firstPicture(list: FeedItem[]): string | null {
  return list[0]?.micropost.user_file_list.find((f) => f.file_type === "IMAGE")?.file ?? null;
}

/** The picture of a page: the first of its own, else the next that exists, else the site's card. */
function pictureOf(deps: Deps, ...candidates: Array<string | null | undefined>) {
  const found = candidates.find((c): c is string => Boolean(c));
  return { image: absolute(deps, found ?? SITE_CARD), largeImage: Boolean(found) };
}

const personName = (owner: { username: string; profile_name: string | null }) =>
  owner.profile_name ? `${owner.profile_name} (@${owner.username})` : `@${owner.username}`;

const communityFeed = (deps: Deps, name: string) => ({
  href: absolute(deps, `/c/${encodeURIComponent(name)}/feed.xml`),
  title: `c/${name}`,
});

/** The home page: the site's head and, for a visitor, the feed's first page in `option`. */
export async function homePage(deps: Deps, option: FeedOption, visitor: boolean): Promise<PageAnswer> {
  const head = siteHead(deps, {
    canonical: absolute(deps, "/"),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: SITE_NAME,
      url: absolute(deps, "/"),
    },
  });
  if (!visitor) return { status: 200, head, data: null };
  const page = await deps.posts.visitorFeed(option, FEED_PAGE_SIZE);
  return {
    status: 200,
    head: { ...head, preload: firstPicture(page.list) },
    data: { feed: { option, page } },
  };
}

/** A post's page, or 404 (missing, draft) or 410 (removed by staff or a moderator). */
export async function postPage(deps: Deps, publicId: string, visitor: boolean): Promise<PageAnswer> {
  const read = await deps.posts.forVisitor({ post: publicId }, [queries.postStateStatement(publicId)]);
  const { state, indexable } = queries.postStateOf(read.items.length > 0, read.extra[0] ?? []);
  const [item] = state === "shown" ? read.items : [];
  if (!item) return notFound(deps, state === "removed" ? 410 : 404);
  const { micropost: post, community, owner } = item;
  const canonical = absolute(deps, post.link);
  const picture = post.user_file_list.find((f) => f.file_type === "IMAGE")?.file;
  const text = glance(post.body, 5_000);
  const head: PageHead = {
    title: `${post.title} · c/${community.name} · ${SITE_NAME}`,
    heading: post.title,
    description: describe(post.body) || `A post in c/${community.name} by @${owner.username}.`,
    canonical,
    type: "article",
    ...pictureOf(deps, picture, community.image, owner.profile_image),
    feed: communityFeed(deps, community.name),
    noindex: !indexable,
    jsonLd: discussionPosting(deps, item, canonical, text),
    preload: picture ?? null,
  };
  return { status: 200, head, data: visitor ? { post: item } : null };
}

/** schema.org DiscussionForumPosting of a post (Google's discussion forum structured data). */
function discussionPosting(deps: Deps, item: FeedItem, url: string, text: string): object {
  const { micropost: post, community, owner } = item;
  const images = post.user_file_list
    .filter((f) => f.file_type === "IMAGE")
    .map((f) => absolute(deps, f.file));
  return {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": url,
    url,
    mainEntityOfPage: url,
    headline: post.title,
    text: text || post.title,
    ...(images.length ? { image: images } : {}),
    author: {
      "@type": "Person",
      name: owner.profile_name ?? owner.username,
      alternateName: `@${owner.username}`,
      url: absolute(deps, `/user/${encodeURIComponent(owner.username)}`),
    },
    datePublished: post.published_at ?? post.created_at,
    dateModified: post.edited_at ?? post.published_at ?? post.created_at,
    commentCount: post.total_micropost_comments,
    interactionStatistic: [
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/LikeAction",
        userInteractionCount: post.total_micropost_votes,
      },
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/CommentAction",
        userInteractionCount: post.total_micropost_comments,
      },
    ],
    isPartOf: {
      "@type": "WebPage",
      name: `c/${community.name}`,
      url: absolute(deps, `/c/${community.name}`),
    },
  };
}

/** A community's page, or 404. */
export async function communityPage(deps: Deps, name: string, visitor: boolean): Promise<PageAnswer> {
  const read = await deps.posts.forVisitor({ community: name, limit: COMMUNITY_PAGE_SIZE }, [
    queries.communityStatement(name),
  ]);
  const row = queries.communityOf(read.extra[0] ?? []);
  if (!row) return notFound(deps);
  const community = toCommunityWithRules(row, null);
  const about = community.description || community.display_name || "";
  const head: PageHead = {
    title: titled(`c/${community.name}`),
    heading: community.display_name
      ? `${community.display_name} (c/${community.name})`
      : `c/${community.name}`,
    description:
      describe(about) ||
      `c/${community.name} on ${SITE_NAME}: ${community.total_members} members, ${community.total_microposts} posts.`,
    canonical: absolute(deps, `/c/${encodeURIComponent(community.name)}`),
    type: "website",
    ...pictureOf(deps, community.image, community.cover),
    feed: communityFeed(deps, community.name),
    noindex: false,
    jsonLd: null,
  };
  if (!visitor) return { status: 200, head, data: null };
  const list = read.items;
  const posts = cursorPageOf(list, community.total_microposts, COMMUNITY_PAGE_SIZE, read.cursor);
  return {
    status: 200,
    head: { ...head, preload: firstPicture(list) },
    data: { community: { community, posts } },
  };
}

/** A person's page, or 404 (nobody active by that name). */
export async function profilePage(deps: Deps, username: string, visitor: boolean): Promise<PageAnswer> {
  const row = await queries.readPerson(deps.db, username);
  if (!row) return notFound(deps);
  const user = toUser(row);
  const url = absolute(deps, `/user/${encodeURIComponent(user.username)}`);
  const name = personName(user);
  const about = [row.jobTitle, `${user.total_followers} followers`].filter(Boolean).join(" · ");
  const head: PageHead = {
    title: titled("Profile"),
    heading: name,
    // The person's own words first; without them, who they are here.
    description:
      describePlain([user.headline, user.bio].filter(Boolean).join(" · ")) ||
      describe(`${name} on ${SITE_NAME}. ${about}.`),
    canonical: url,
    type: "profile",
    ...pictureOf(deps, user.profile_image),
    feed: { href: absolute(deps, `/user/${encodeURIComponent(user.username)}/feed.xml`), title: name },
    noindex: !row.searchEngineIndexing,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      url,
      dateCreated: user.created_at,
      mainEntity: {
        "@type": "Person",
        name: user.profile_name ?? user.username,
        alternateName: `@${user.username}`,
        identifier: user.username,
        url,
        ...(user.profile_image ? { image: absolute(deps, user.profile_image) } : {}),
        ...(row.jobTitle ? { jobTitle: row.jobTitle } : {}),
        ...(user.bio ? { description: user.bio } : {}),
        ...(user.links.length > 0 ? { sameAs: user.links } : {}),
        interactionStatistic: {
          "@type": "InteractionCounter",
          interactionType: "https://schema.org/FollowAction",
          userInteractionCount: user.total_followers,
        },
      },
    },
  };
  return { status: 200, head, data: visitor ? { profile: user } : null };
}

/** schema.org employment types of our job types (Google's JobPosting `employmentType`). */
const EMPLOYMENT_TYPE: Record<JobType, string> = {
  FULLTIME: "FULL_TIME",
  PARTTIME: "PART_TIME",
  CONTRACT: "CONTRACTOR",
  FREELANCE: "CONTRACTOR",
  INTERNSHIP: "INTERN",
};

/** A public job's page (with its JobPosting), or 404 (missing, closed, expired, on hold). */
export async function jobPage(deps: Deps, username: string, slug: string, now: number): Promise<PageAnswer> {
  const read = await queries.readJob(deps.db, username, slug, now);
  if (!read) return notFound(deps);
  const { job, company } = read;
  const url = absolute(deps, `/job/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`);
  const remote = job.workMode !== "ONSITE";
  const place = job.location.trim();
  const salary = job.minimumSalary > 0 || job.maximumSalary > 0;
  const organization = {
    "@type": "Organization",
    name: company.name,
    ...(company.logo ? { logo: absolute(deps, company.logo) } : {}),
    ...(company.website ? { sameAs: company.website } : {}),
  };
  const posting = {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: job.description,
    datePosted: iso(job.createdAt),
    validThrough: iso(job.expiresAt),
    employmentType: EMPLOYMENT_TYPE[job.jobType],
    hiringOrganization: organization,
    identifier: { "@type": "PropertyValue", name: company.name, value: job.slug },
    url,
    directApply: false,
    ...(job.skills.length ? { skills: job.skills.join(", ") } : {}),
    // Remote and hybrid work as Google asks: TELECOMMUTE, with where applicants may live; an office
    // (onsite, hybrid) as the job's place.
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: place || "Worldwide" },
        }
      : {}),
    ...(!remote || (job.workMode === "HYBRID" && place)
      ? { jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: place } } }
      : {}),
    ...(salary
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: "USD",
            value: {
              "@type": "QuantitativeValue",
              minValue: job.minimumSalary || job.maximumSalary,
              maxValue: job.maximumSalary || job.minimumSalary,
              unitText: "YEAR",
            },
          },
        }
      : {}),
  };
  const head: PageHead = {
    title: titled("Job"),
    heading: `${job.title} · ${company.name}`,
    description: describe(job.description) || `${job.title} at ${company.name}.`,
    canonical: url,
    type: "website",
    ...pictureOf(deps, company.logo),
    feed: { href: absolute(deps, "/jobs/feed.xml"), title: `${SITE_NAME} jobs` },
    noindex: false,
    jsonLd: posting,
  };
  return { status: 200, head, data: null };
}

/** An active service's page, or 404 (missing or paused). */
export async function servicePage(deps: Deps, username: string, slug: string): Promise<PageAnswer> {
  const read = await queries.readService(deps.db, username, slug);
  if (!read) return notFound(deps);
  const { service, owner } = read;
  const url = absolute(deps, `/service/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`);
  const head: PageHead = {
    title: titled("Service"),
    heading: service.title,
    description: describe(service.description) || service.title,
    canonical: url,
    type: "website",
    ...pictureOf(deps, service.images[0], owner.profileImage),
    feed: null,
    noindex: false,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Service",
      name: service.title,
      description: describe(service.description),
      url,
      provider: {
        "@type": "Person",
        name: owner.profileName ?? owner.username,
        alternateName: `@${owner.username}`,
      },
      offers: { "@type": "Offer", price: (service.price / 100).toFixed(2), priceCurrency: "USD" },
    },
  };
  return { status: 200, head, data: null };
}

/** A published blog post's page, or 404. */
export async function blogPage(deps: Deps, slug: string, now: number): Promise<PageAnswer> {
  const post = await queries.readBlogPost(deps.db, slug, now);
  if (!post) return notFound(deps);
  const url = absolute(deps, `/blog/${encodeURIComponent(slug)}`);
  const head: PageHead = {
    title: titled("Blog"),
    heading: post.title,
    description: describe(post.summary || post.body) || post.title,
    canonical: url,
    type: "article",
    ...pictureOf(deps, post.cover),
    feed: { href: absolute(deps, "/blog/feed.xml"), title: `${SITE_NAME} blog` },
    noindex: false,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      url,
      datePublished: iso(post.publishedAt ?? post.createdAt),
      dateModified: iso(post.updatedAt),
      ...(post.cover ? { image: absolute(deps, post.cover) } : {}),
      publisher: { "@type": "Organization", name: SITE_NAME },
    },
  };
  return { status: 200, head, data: null };
}

// ---------------------------------------------------------------------------------------------
// robots.txt, sitemaps, feeds

/** Paths no search engine should read: the API, staff's site and each person's own pages. */
const PRIVATE_PATHS = [
  "/api/",
  "/admin/",
  "/settings",
  "/chat",
  "/wallet",
  "/drafts",
  "/notifications",
  "/saved",
  "/post",
  "/jobs/manage",
  "/services/manage",
  "/account/",
];

export function robotsTxt(deps: Deps): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${absolute(deps, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/** Characters XML 1.0 does not allow, dropped from text before it is escaped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** How many sitemaps of each kind there are: one per SITEMAP_MAX ids of its table. */
const sitemapCount = (lastId: number) => Math.ceil(lastId / queries.SITEMAP_MAX);

/** The sitemap index: every kind's sitemaps, newest range first. One round trip. */
export async function sitemapIndex(deps: Deps): Promise<string> {
  const last = await queries.lastIds(deps.db);
  const names = queries.SITEMAP_KINDS.flatMap((kind) => {
    const files = sitemapCount(last[kind]);
    return Array.from({ length: files }, (_, i) => `${kind}-${files - i}.xml`);
  });
  const entries = names.map(
    (n) => `<sitemap><loc>${escapeXml(absolute(deps, `/sitemaps/${n}`))}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">${entries.join("")}</sitemapindex>\n`;
}

const enc = encodeURIComponent;
/** Each kind's page, from its sitemap row. */
const PAGE_OF: Record<queries.SitemapKind, (r: queries.SitemapRow) => string> = {
  posts: (r) => `/c/${enc(r.a)}/p/${enc(r.b ?? "")}/${enc(r.c ?? "")}`,
  communities: (r) => `/c/${enc(r.a)}`,
  people: (r) => `/user/${enc(r.a)}`,
  jobs: (r) => `/job/${enc(r.a)}/${enc(r.b ?? "")}`,
  services: (r) => `/service/${enc(r.a)}/${enc(r.b ?? "")}`,
  blog: (r) => `/blog/${enc(r.a)}`,
};

const isSitemapKind = (name: string): name is queries.SitemapKind =>
  (queries.SITEMAP_KINDS as readonly string[]).includes(name);

/** One sitemap by its file name (`<kind>-<n>.xml`), or null when there is no such sitemap. */
export async function sitemap(deps: Deps, file: string, now: number): Promise<string | null> {
  const found = /^([a-z]+)-([1-9]\d{0,6})\.xml$/.exec(file);
  const kind = found?.[1] ?? "";
  if (!found || !isSitemapKind(kind)) return null;
  const n = Number(found[2]);
  const rows = await queries.sitemapRows(
    deps.db,
    kind,
    (n - 1) * queries.SITEMAP_MAX,
    n * queries.SITEMAP_MAX,
    now,
  );
  // A range past the last id is no sitemap; a range with nothing shown in it is an empty one.
  if (rows.length === 0 && n > 1 && n > sitemapCount((await queries.lastIds(deps.db))[kind])) return null;
  const urls = rows.map(
    (r) =>
      `<url><loc>${escapeXml(absolute(deps, PAGE_OF[kind](r)))}</loc><lastmod>${iso(r.lastmod)}</lastmod></url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">${urls.join("")}</urlset>\n`;
}

/** An Atom feed (RFC 4287) of `entries`, newest first. */
function atom(
  deps: Deps,
  feed: { self: string; alternate: string; title: string; subtitle: string; since: number },
  entries: queries.FeedRow[],
): string {
  const updated = iso(Math.max(feed.since, ...entries.map((e) => e.updated)));
  const items = entries.map((e) => {
    const link = absolute(deps, e.path);
    return [
      "<entry>",
      `<id>${escapeXml(link)}</id>`,
      `<title type="text">${escapeXml(e.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `<published>${iso(e.published)}</published>`,
      `<updated>${iso(e.updated)}</updated>`,
      `<author><name>${escapeXml(e.author ?? SITE_NAME)}</name>${
        e.author ? `<uri>${escapeXml(absolute(deps, `/user/${enc(e.author)}`))}</uri>` : ""
      }</author>`,
      `<content type="html">${escapeXml(e.content)}</content>`,
      "</entry>",
    ].join("");
  });
  return [
    XML_HEAD,
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escapeXml(absolute(deps, feed.self))}</id>`,
    `<title type="text">${escapeXml(feed.title)}</title>`,
    `<subtitle type="text">${escapeXml(feed.subtitle)}</subtitle>`,
    `<updated>${updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(absolute(deps, feed.self))}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(absolute(deps, feed.alternate))}"/>`,
    `<generator>${SITE_NAME}</generator>`,
    ...items,
    "</feed>\n",
  ].join("");
}

/** A community's feed, or null when there is no such community. */
export async function communityAtom(deps: Deps, name: string): Promise<string | null> {
  const { found, entries } = await queries.communityFeed(deps.db, name);
  if (!found) return null;
  const path = `/c/${enc(found.name)}`;
  return atom(
    deps,
    {
      self: `${path}/feed.xml`,
      alternate: path,
      title: `c/${found.name} · ${SITE_NAME}`,
      subtitle: describe(found.description ?? "") || `The newest posts of c/${found.name}`,
      since: 0,
    },
    entries,
  );
}

/** A person's feed, or null when nobody active has that name. */
export async function personAtom(deps: Deps, username: string): Promise<string | null> {
  const { found, entries } = await queries.personFeed(deps.db, username);
  if (!found) return null;
  const path = `/user/${enc(found.username)}`;
  const name = found.name ? `${found.name} (@${found.username})` : `@${found.username}`;
  return atom(
    deps,
    {
      self: `${path}/feed.xml`,
      alternate: path,
      title: `${name} · ${SITE_NAME}`,
      subtitle: `Posts by ${name}`,
      since: 0,
    },
    entries,
  );
}

export async function jobsAtom(deps: Deps, now: number): Promise<string> {
  const entries = await queries.jobsFeed(deps.db, now);
  return atom(
    deps,
    {
      self: "/jobs/feed.xml",
      alternate: "/jobs",
      title: `Jobs · ${SITE_NAME}`,
      subtitle: "The newest jobs",
      since: 0,
    },
    entries,
  );
}

export async function blogAtom(deps: Deps, now: number): Promise<string> {
  const entries = await queries.blogFeed(deps.db, now);
  return atom(
    deps,
    {
      self: "/blog/feed.xml",
      alternate: "/blog",
      title: `Blog · ${SITE_NAME}`,
      subtitle: "News from Agora",
      since: 0,
    },
    entries,
  );
}
