import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Build With Us",
  lead: "Agora is built by a small team and a lot of people who use it every day. There are several ways to help shape it, whether you write code, run a community or run a business.",
  sections: [
    {
      heading: "Tell us what to build",
      paragraphs: [
        "Every feature on our roadmap started as someone's post in c/agora or a message through Send Feedback. Describe the problem you have rather than the button you want: it helps us find a solution that works for everyone.",
      ],
    },
    {
      heading: "Run a community",
      paragraphs: [
        "Communities are the heart of Agora. If you know a subject well and want a calm place to talk about it, create a community, write its first posts and invite the people you know. We help active communities grow: we feature them in the sidebar and in our newsletter.",
      ],
    },
    {
      heading: "Work with us",
      paragraphs: [
        "We hire rarely and carefully, and we post every opening in the Jobs section first. We look for engineers who care about fast, accessible pages, moderators who are fair and patient, and writers who can explain things simply.",
      ],
    },
    {
      heading: "Partners and integrations",
      paragraphs: [
        "Agora's API is documented at /api/docs. If you want to build a tool for communities, bring your service to the marketplace or connect a payment method, write to partners@agora.example with what you have in mind.",
      ],
    },
  ],
} satisfies PageText;
