import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Terms of Use",
  updated: "2026-11-21",
  lead: "These terms are the agreement between you and Agora when you use the site. Please read them: by creating an account or using Agora you accept them.",
  sections: [
    {
      heading: "1. Your account",
      paragraphs: [
        "You must be at least 16 years old, or the age of digital consent where you live if it is higher, to create an account. Give a real email address, keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible for what is done with it.",
        "One person may hold several accounts only if they do not use them to mislead others, to vote more than once or to get around a block or a suspension.",
      ],
    },
    {
      heading: "2. What you post",
      paragraphs: [
        "You keep the rights to what you post. By posting, you give Agora a worldwide, non-exclusive, royalty-free licence to store, show and share it on Agora, for as long as it stays on the site, so that the service can work.",
        "Post only what you have the right to share. You may not post anything unlawful, anything that infringes someone else's rights, or anything the Code of Conduct forbids.",
      ],
    },
    {
      heading: "3. How we keep Agora safe",
      paragraphs: [
        "Our staff may remove content, limit features or suspend accounts that break these terms or the Code of Conduct, and will usually tell you why. Anyone can report a post or a person; we review every report. If you think we made a mistake, write to us through Send Feedback.",
      ],
    },
    {
      heading: "4. Payments, tips and memberships",
      paragraphs: [
        "Memberships are governed by the Subscription Terms. Tips and payments for services are made between people: Agora passes the payment through its providers but is not a party to the deal between you. Crypto transfers cannot be reversed once they are confirmed on the blockchain; check the recipient before you send.",
      ],
    },
    {
      heading: "5. Things you must not do",
      list: [
        "Try to break, overload or get around the security of the site, or collect other people's data with scripts.",
        "Send spam, run automated accounts without our written permission, or buy or sell votes and followers.",
        "Impersonate another person or organisation.",
        "Use Agora for fraud or to break the law.",
      ],
    },
    {
      heading: "6. Ending your use of Agora",
      paragraphs: [
        "You can delete your account at any time in Settings → Account. We may close accounts that seriously or repeatedly break these terms. Some information may be kept after deletion where the law requires it, as the Privacy Policy explains.",
      ],
    },
    {
      heading: "7. Responsibility",
      paragraphs: [
        "We work hard to keep Agora available and correct, but we provide it as it is, and we cannot promise it will never be interrupted or free of errors. To the extent the law allows, Agora is not liable for indirect losses, or for what other people post or do.",
      ],
    },
    {
      heading: "8. Changes",
      paragraphs: [
        "We may change these terms. When a change matters, we will tell you on the site or by email before it takes effect. If you keep using Agora after that, the new terms apply.",
      ],
    },
  ],
} satisfies PageText;
