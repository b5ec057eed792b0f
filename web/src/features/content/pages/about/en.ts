import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "About Agora",
  lead: "Agora is a place to talk, learn and work with people who care about the same things you do: communities for conversation, chat for the one-to-one, and a marketplace for jobs and services, in one fast site.",
  sections: [
    {
      heading: "Why we built it",
      paragraphs: [
        "The best conversations online happen in small, focused groups. Most social networks bury them under an endless feed that is tuned for attention instead of usefulness. We wanted a place where a good question gets a good answer, where people can see who they are talking to, and where the work that comes out of a conversation (a job, a project, a tip for a helpful answer) can happen right there.",
        "Agora is our attempt. Anyone can start a community, write a post, follow people whose ideas they value and message them directly.",
      ],
    },
    {
      heading: "What you can do here",
      list: [
        "Join communities (c/name) and write text or media posts, then vote and comment in threaded discussions.",
        "Follow people (u/name) and read what they share in the Following feed.",
        "Chat one-to-one in real time, with pictures and link previews.",
        "Find a job or hire someone, and offer your services in the marketplace.",
        "Thank people with a tip by card or in crypto, and get a verified membership that supports the site.",
      ],
    },
    {
      heading: "How we work",
      paragraphs: [
        "Agora runs on Cloudflare's network, close to every reader, so pages stay quick even on a slow phone connection. We keep as little personal data as we can, we never sell it, and you can delete your account whenever you want.",
        "Communities are looked after by the people who run them and by our staff, under a short Code of Conduct that applies to everyone, staff included.",
      ],
    },
    {
      heading: "Who pays for it",
      paragraphs: [
        "Agora is paid for by its members. The User and Business plans give you a verified mark and extra tools, and every subscription keeps the lights on without turning your attention into the product. Promoted cards are always labelled, and they are never disguised as posts.",
      ],
    },
  ],
} satisfies PageText;
