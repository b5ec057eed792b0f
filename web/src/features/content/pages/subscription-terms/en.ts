import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Subscription Terms",
  updated: "2026-11-21",
  lead: "These terms apply when you buy a User or Business membership on Agora, in addition to the Terms of Use.",
  sections: [
    {
      heading: "The plans",
      list: [
        "User: $10 per month. A verified mark, search visibility, the ability to withdraw tips, priority support and a place at the top of the feed.",
        "Business: $100 per month. All User benefits, plus a professional profile, business filters, newsletters and our highest level of support.",
      ],
      paragraphs: [
        "Prices are in US dollars and may show in your local currency for convenience; your bank may convert them and charge a fee. Taxes are added where the law requires it.",
      ],
    },
    {
      heading: "Payment and renewal",
      paragraphs: [
        "A membership is paid monthly in advance by card or PayPal, through our payment providers. It renews automatically every month on the same day until you cancel. If a payment fails, we try again for a few days; if it still fails, the membership ends.",
      ],
    },
    {
      heading: "Cancellation",
      paragraphs: [
        "You can cancel at any time from Settings → Account → Manage Your Subscription. Cancellation is immediate: the membership, the verified mark and its benefits end at the moment you cancel, with no grace period until the end of the month already paid. Nothing more will be charged after that.",
        "Because cancellation takes effect at once, please cancel only when you no longer need the benefits.",
      ],
    },
    {
      heading: "Refunds",
      paragraphs: [
        "Payments already made are not refunded, including for the unused part of a month, except where the law requires it or we charged you by mistake. If you think a charge is wrong, write to us through Send Feedback within 30 days.",
      ],
    },
    {
      heading: "Changes to plans and prices",
      paragraphs: [
        "We may change the plans or their prices. We will tell you at least 30 days before a new price applies to your membership, and you can cancel before then.",
      ],
    },
    {
      heading: "Losing the membership",
      paragraphs: [
        "If your account is suspended or closed for breaking the Terms of Use or the Code of Conduct, your membership ends too, without a refund.",
      ],
    },
  ],
} satisfies PageText;
