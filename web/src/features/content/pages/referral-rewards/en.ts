import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Referral Rewards",
  lead: "Invite the people you want to talk to on Agora. When someone joins with your link and later buys a membership, you earn a reward.",
  sections: [
    {
      heading: "How it works",
      list: [
        "Copy your personal referral link from Settings → Referral.",
        "Share it with friends, colleagues or your audience.",
        "When someone registers with your link, they show up in your list of referred people, and you get a notification.",
        "When they pay for their first month of a User or Business membership, a referral reward is added to your payment history.",
      ],
    },
    {
      heading: "Good to know",
      list: [
        "There is no limit on how many people you can invite.",
        "A person can have one referrer only: the link they registered with.",
        "Rewards are paid for real memberships only. Inviting yourself, or paying for someone else's account to earn a reward, is not allowed.",
        "You can see who joined with your link at any time in Settings → Referral.",
      ],
    },
    {
      heading: "The rules",
      paragraphs: [
        "The full conditions of the program, including when a reward is earned and when it can be withdrawn, are in the Referral Rewards terms.",
      ],
    },
  ],
} satisfies PageText;
