import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Privacy Policy",
  updated: "2026-11-21",
  lead: "We collect as little about you as we can, we use it only to run Agora, and we never sell it. This page says what we keep, why, and what you can do about it.",
  sections: [
    {
      heading: "What we collect",
      list: [
        "Account details: your username, email address, and a salted hash of your password (never the password itself).",
        "Your profile: display name, pictures, job title and skills, if you add them.",
        "What you create: posts, comments, votes, messages, reports and feedback.",
        "Your settings, such as the theme and which notifications you want.",
        "Payments: the membership you bought and a record of tips and transfers. Card details are handled by our payment provider and never reach our servers.",
        "Technical data needed to keep the site safe, such as your IP address when you log in, kept for a short time.",
      ],
    },
    {
      heading: "Why we use it",
      paragraphs: [
        "To run your account and show your posts, to deliver messages and notifications, to process payments, to keep Agora safe from abuse and fraud, and to answer you when you write to us. We send the newsletter only while the Newsletter setting is on.",
      ],
    },
    {
      heading: "What others can see",
      paragraphs: [
        "Your username, display name, pictures, badges, posts, comments, followers and the people you follow are public. Your email address is shown only to you. Chat messages are visible only to the people in the conversation.",
      ],
    },
    {
      heading: "Who we share it with",
      paragraphs: [
        "With the providers that run parts of the service for us (hosting, email delivery, payments), each bound to use it only for that purpose, and with authorities when the law requires it. Never with advertisers, and never for sale.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "We use one cookie to keep you logged in (access_token, for 7 days) and local storage to remember your theme and language. There are no advertising or tracking cookies.",
      ],
    },
    {
      heading: "Your choices and rights",
      list: [
        "Change your profile, email, password and notification settings at any time in Settings.",
        "Block people so that they cannot follow, message or reach you.",
        "Delete your account in Settings → Account; your profile disappears at once.",
        "Ask for a copy of your data, or for a correction, by writing to privacy@agora.example.",
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        "As long as your account exists. After you delete it we remove your personal data, except records we must keep by law (for example, payment records) and copies in backups, which expire within 30 days.",
      ],
    },
  ],
} satisfies PageText;
