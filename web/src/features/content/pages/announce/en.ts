import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Announce on Agora",
  lead: "Reach people who already talk about your field, without interrupting them. Announcements on Agora are few, clearly labelled and relevant to where they appear.",
  sections: [
    {
      heading: "Where announcements appear",
      list: [
        "Featured cards: the carousel in the sidebar, with a picture, a title and a short line. A card can lead to a page on Agora or to your own site.",
        "Promoted: one short text in the sidebar, marked as promoted.",
        "Job posts: publish an opening in the Jobs section and it is shown to people looking for work in its category.",
      ],
    },
    {
      heading: "What we accept",
      paragraphs: [
        "Products, services, events, courses and jobs that are honest about what they offer. We do not accept announcements for gambling, weapons, adult content, political campaigns, or anything that breaks our Terms of Use or Code of Conduct. Every announcement is reviewed by our staff before it goes live.",
      ],
    },
    {
      heading: "How it works",
      paragraphs: [
        "Write to ads@agora.example with what you want to announce, the audience you want to reach and the dates. We reply with the options, the price and a preview. Announcements are never disguised as posts, never follow people around the web, and never use anyone's private messages.",
      ],
    },
    {
      heading: "Verified businesses",
      paragraphs: [
        "With the Business plan your company gets a verified mark, a professional profile, business filters and newsletters to your followers, which is often the simplest way to be seen by the right people.",
      ],
    },
  ],
} satisfies PageText;
