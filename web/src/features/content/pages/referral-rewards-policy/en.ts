import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Referral Rewards Terms",
  updated: "2026-11-21",
  lead: "These terms govern the Referral Rewards program, in addition to the Terms of Use.",
  sections: [
    {
      heading: "Who can take part",
      paragraphs: [
        "Any person with an active Agora account in good standing can refer others with the personal link shown in Settings → Referral.",
      ],
    },
    {
      heading: "A valid referral",
      list: [
        "The new person registers with your link and confirms their email address.",
        "They are a real, different person, who did not have an Agora account before.",
        "A person has one referrer only: the link they registered with. It cannot be changed later.",
      ],
    },
    {
      heading: "Earning a reward",
      paragraphs: [
        "You earn a reward when a person you referred pays for their first month of a User or Business membership. The reward is recorded in your payment history as a referral reward. Only the first paid month of each referred person counts.",
      ],
    },
    {
      heading: "What is not allowed",
      list: [
        "Referring yourself, for example with a second account.",
        "Paying for someone's membership in order to earn the reward.",
        "Sharing your link in spam, in other people's communities against their rules, or in paid ads that use the Agora name.",
      ],
      paragraphs: ["We may cancel rewards obtained this way and close the accounts involved."],
    },
    {
      heading: "Changes and end of the program",
      paragraphs: ["We may change or end the program. Rewards already earned before a change stay yours."],
    },
  ],
} satisfies PageText;
