import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Our Roadmap",
  lead: "What we are building now, what comes next and what we are still thinking about. Plans change when we learn something: tell us what matters to you with Send Feedback, or in c/agora.",
  sections: [
    {
      heading: "Now",
      list: [
        "Better search: filters by community and by date, and results that show the words that matched.",
        "Community moderation tools: moderators, pinned rules and a queue of reported posts.",
        "Faster pages on slow connections, and a lighter first visit.",
      ],
    },
    {
      heading: "Next",
      list: [
        "Group chats for communities and teams, with the same real-time delivery as one-to-one chat.",
        "Saved posts and reading lists.",
        "Richer profiles for businesses: a portfolio, reviews of services and a public job board per company.",
        "Email digests of the communities you follow, at the rhythm you choose.",
      ],
    },
    {
      heading: "Later",
      list: [
        "Apps for Android and iOS.",
        "Events inside communities, with reminders.",
        "More payout options for tips and services, in more countries.",
      ],
    },
    {
      heading: "Recently shipped",
      list: [
        "Search across posts, comments, communities and people.",
        "Notifications for followers, mentions, comments, replies, upvotes and referrals, each with its own switch.",
        "Real-time one-to-one chat with pictures, emoji and link previews.",
        "Night and day themes, in English, Spanish and Portuguese.",
      ],
    },
  ],
} satisfies PageText;
