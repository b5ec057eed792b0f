import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Contact",
  lead: "We read everything people send us. The fastest way to reach the team is the Send Feedback form; for anything else, pick the address that fits.",
  sections: [
    {
      heading: "Questions, ideas and problems",
      paragraphs: [
        "Use Send Feedback in the menu (you need to be logged in). Choose the type that fits (a suggestion, a feature request, an error) and add a link to the page if it helps. Staff answer in the order things arrive, usually within two working days.",
      ],
    },
    {
      heading: "Reporting a post or a person",
      paragraphs: [
        "Use Report in the menu of the post or on the person's profile. Reports go straight to our staff's queue with the link to what you saw, which makes them much faster to act on than an email.",
      ],
    },
    {
      heading: "Your account and your data",
      paragraphs: [
        "You can change your email and password and delete your account yourself in Settings → Account. For a copy of your data or any privacy question, write to privacy@agora.example from the address on your account.",
      ],
    },
    {
      heading: "Business, press and partnerships",
      list: [
        "Advertising and promoted cards: ads@agora.example (see Announce).",
        "Press: press@agora.example.",
        "Partnerships and integrations: partners@agora.example (see Build With Us).",
        "Everything else: hello@agora.example.",
      ],
    },
  ],
} satisfies PageText;
