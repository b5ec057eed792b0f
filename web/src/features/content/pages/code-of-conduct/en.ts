import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Code of Conduct",
  updated: "2026-11-21",
  lead: "Agora works when people can disagree without fear. These rules apply to everyone, in every community and every chat, staff included.",
  sections: [
    {
      heading: "Be kind, even when you disagree",
      list: [
        "Criticise ideas, not people. No insults, slurs or personal attacks.",
        "No harassment: do not follow someone around the site, pile on, or keep contacting someone who has asked you to stop.",
        "No hate: do not attack people for who they are, including their race, ethnicity, nationality, religion, gender, sexual orientation, disability or age.",
      ],
    },
    {
      heading: "Be honest",
      list: [
        "Do not pretend to be someone else, or a brand or an organisation you do not represent.",
        "Do not spread information you know to be false, and correct yourself when you get something wrong.",
        "No scams, fake giveaways or misleading offers, in posts, chats, jobs or services.",
      ],
    },
    {
      heading: "Keep it safe and legal",
      list: [
        "No illegal content, and nothing that puts anyone in danger.",
        "No sexual content involving minors, ever. We report it to the authorities.",
        "Mark adult or graphic content where a community allows it; it is not allowed elsewhere.",
        "Do not share other people's private information without their consent.",
      ],
    },
    {
      heading: "Respect the space",
      list: [
        "Post in the community where it belongs and follow its rules.",
        "No spam: no repeated posts, no mass messages, no vote manipulation.",
      ],
    },
    {
      heading: "What happens when the rules are broken",
      paragraphs: [
        "Use Report on a post or a profile to tell our staff. Depending on what happened, we may remove content, warn the person, limit what they can do, or suspend the account. Serious or repeated breaches lead to a permanent ban. You can always block someone yourself: they will no longer be able to follow you, message you or reach you.",
      ],
    },
  ],
} satisfies PageText;
