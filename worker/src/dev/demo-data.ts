import type { Subject } from "./illustrations";
import type { CommentSeed } from "./seed";

// Demo content for a newcomer's first `bun run dev`: enough people, communities and talk that
// every screen has something real to show.

export const DEMO_USERS: Array<{
  username: string;
  name: string;
  staff?: boolean;
  verified?: boolean;
  business?: boolean;
}> = [
  { username: "alice", name: "Alice Moreau", staff: true },
  { username: "bruno", name: "Bruno Silva", verified: true },
  { username: "carmen", name: "Carmen Ortega" },
  { username: "dev", name: "Devika Rao", verified: true },
  { username: "edgeworks", name: "Edgeworks Studio", business: true },
  { username: "farah", name: "Farah Haddad" },
  { username: "gus", name: "Gus Lindqvist" },
  { username: "hana", name: "Hana Sato" },
];

export const DEMO_COMMUNITIES: Array<{
  name: string;
  displayName: string;
  description: string;
  owner: string;
  members: string[];
  verified?: boolean;
}> = [
  {
    name: "agora",
    displayName: "Agora",
    description: "News, questions and ideas about Agora itself. Tell us what to build next.",
    owner: "alice",
    members: ["alice", "bruno", "carmen", "dev", "edgeworks", "farah", "gus", "hana"],
    verified: true,
  },
  {
    name: "webdev",
    displayName: "Web Development",
    description: "Frameworks, browsers, performance and the craft of building for the web.",
    owner: "dev",
    members: ["dev", "bruno", "edgeworks", "gus", "hana"],
  },
  {
    name: "photography",
    displayName: "Photography",
    description: "Share your shots, gear and techniques. Critique is welcome, kindness required.",
    owner: "carmen",
    members: ["carmen", "farah", "hana", "alice"],
  },
  {
    name: "remotework",
    displayName: "Remote Work",
    description: "Working from anywhere: tools, habits, hiring and time zones.",
    owner: "bruno",
    members: ["bruno", "edgeworks", "dev", "farah"],
  },
  {
    name: "crypto",
    displayName: "Crypto",
    description: "Wallets, chains and payments, without the hype.",
    owner: "gus",
    members: ["gus", "bruno", "dev"],
  },
  {
    name: "cooking",
    displayName: "Home Cooking",
    description: "Recipes that work on a weeknight and the stories behind them.",
    owner: "farah",
    members: ["farah", "carmen", "hana"],
  },
];

export const DEMO_POSTS: Array<{
  owner: string;
  community: string;
  title: string;
  body: string;
  voters: string[];
  pinned?: boolean;
  comments: CommentSeed[];
}> = [
  {
    owner: "alice",
    community: "agora",
    title: "Welcome to Agora",
    body: '<p>Agora is a place for communities, conversations and work. Join a community, write your first post, and say hello below.</p><h2>Where to start</h2><ul><li>Browse <a href="/search?type=communities">communities</a></li><li>Set up your profile in Settings</li><li>Start a chat with someone you follow</li></ul>',
    voters: ["bruno", "carmen", "dev", "edgeworks", "farah", "gus", "hana"],
    pinned: true,
    comments: [
      {
        by: "bruno",
        text: "Happy to be here! The night theme is lovely.",
        replies: [
          {
            by: "alice",
            text: "Thank you! There is a day theme in the user menu too.",
            replies: [
              {
                by: "carmen",
                text: "Day theme for the mornings, night for the evenings.",
                replies: [{ by: "dev", text: "Same here.", replies: [{ by: "hana", text: "Count me in." }] }],
              },
            ],
          },
        ],
      },
      { by: "farah", text: "Is there a way to follow people without joining their communities?" },
    ],
  },
  {
    owner: "dev",
    community: "webdev",
    title: "Edge rendering vs. a single region: what we measured",
    body: "<p>We moved our API from one region to the edge and measured p50 and p99 from six continents. The p99 dropped by more than half for users far from the old region.</p><p>The surprise: the database became the bottleneck, not the network.</p>",
    voters: ["bruno", "edgeworks", "gus"],
    comments: [
      {
        by: "gus",
        text: "Did you try read replicas close to the users?",
        replies: [{ by: "dev", text: "Next on the list." }],
      },
    ],
  },
  {
    owner: "carmen",
    community: "photography",
    title: "Golden hour in Lisbon",
    body: "<p>Shot on a 35mm prime at f/2.8. The light on the tiles was unreal for about ten minutes.</p>",
    voters: ["farah", "hana", "alice"],
    comments: [{ by: "hana", text: "The colours are beautiful. Any editing?" }],
  },
  {
    owner: "bruno",
    community: "remotework",
    title: "How do you handle a team spread over nine time zones?",
    body: "<p>We have people from Vancouver to Tokyo. Async writing helps, but decisions still stall. What works for you?</p>",
    voters: ["edgeworks", "dev"],
    comments: [
      {
        by: "edgeworks",
        text: "Two overlapping windows a week, everything else written down.",
        replies: [{ by: "bruno", text: "How long are the windows?" }],
      },
      { by: "farah", text: "A decision log with a deadline for objections." },
    ],
  },
  {
    owner: "gus",
    community: "crypto",
    title: "Sending SOL: what the fee actually pays for",
    body: "<p>A short explainer on base fees, priority fees and why a transfer can cost less than a cent.</p>",
    voters: ["bruno"],
    comments: [],
  },
  {
    owner: "farah",
    community: "cooking",
    title: "A weeknight shakshuka that takes 20 minutes",
    body: "<p>Onion, peppers, garlic, cumin, paprika, tomatoes, eggs. Bread for dipping is not optional.</p>",
    voters: ["carmen", "hana"],
    comments: [{ by: "carmen", text: "Made it tonight. Added feta on top." }],
  },
  {
    owner: "edgeworks",
    community: "webdev",
    title: "We are hiring two front-end engineers (remote)",
    body: "<p>React, TypeScript, and a love for fast pages. See our job post in the Jobs section.</p>",
    voters: ["dev"],
    comments: [],
  },
  {
    owner: "hana",
    community: "photography",
    title: "Film or digital for a first camera?",
    body: "<p>I want to learn properly. Friends say film teaches patience, others say digital teaches faster. Thoughts?</p>",
    voters: ["carmen"],
    comments: [{ by: "alice", text: "Digital to learn quickly, then a cheap film camera for fun." }],
  },
  {
    owner: "alice",
    community: "agora",
    title: "Roadmap: what is coming this quarter",
    body: "<p>Group chats, better search filters and community moderation tools. Vote on what matters to you.</p>",
    voters: ["dev", "gus"],
    comments: [],
  },
  {
    owner: "gus",
    community: "webdev",
    title: "SQLite at the edge is underrated",
    body: "<p>Full-text search, JSON, window functions, and it fits in a Worker's database. What are you building on it?</p>",
    voters: ["dev", "bruno", "hana"],
    comments: [{ by: "dev", text: "FTS5 with bm25 is all the search most apps need." }],
  },
  {
    owner: "carmen",
    community: "cooking",
    title: "Grandma's bread, finally written down",
    body: "<p>500 g flour, 350 g water, 10 g salt, 5 g yeast, and patience. Full method in the comments.</p>",
    voters: ["farah"],
    comments: [],
  },
  {
    owner: "bruno",
    community: "agora",
    title: "Tip: share a post with one click",
    body: "<p>Every post has a Share button that copies its link. Paste it in a chat and the preview shows up.</p>",
    voters: ["alice"],
    comments: [],
  },
];

export const DEMO_FEATURED: Array<{
  link: string;
  title: string;
  subtitle: string;
  art: Subject;
  translations: Record<"es" | "pt", { title: string; subtitle: string }>;
}> = [
  {
    link: "/c/agora",
    title: "Join c/agora",
    subtitle: "News and ideas about Agora",
    art: "people",
    translations: {
      es: { title: "Únete a c/agora", subtitle: "Noticias e ideas sobre Agora" },
      pt: { title: "Entre em c/agora", subtitle: "Novidades e ideias sobre a Agora" },
    },
  },
  {
    link: "/account/subscription",
    title: "Get verified",
    subtitle: "Plans from $10 a month",
    art: "badge",
    translations: {
      es: { title: "Verifícate", subtitle: "Planes desde 10 US$ al mes" },
      pt: { title: "Seja verificado", subtitle: "Planos a partir de US$ 10 por mês" },
    },
  },
  {
    link: "/jobs",
    title: "Find your next job",
    subtitle: "Remote and on-site roles",
    art: "briefcase",
    translations: {
      es: { title: "Encuentra tu próximo empleo", subtitle: "Puestos remotos y presenciales" },
      pt: { title: "Encontre seu próximo emprego", subtitle: "Vagas remotas e presenciais" },
    },
  },
  {
    link: "/blog",
    title: "Read the blog",
    subtitle: "Guides and announcements",
    art: "book",
    translations: {
      es: { title: "Lee el blog", subtitle: "Guías y anuncios" },
      pt: { title: "Leia o blog", subtitle: "Guias e anúncios" },
    },
  },
  {
    link: "https://developers.cloudflare.com/workers/",
    title: "Built on Workers",
    subtitle: "How Agora runs at the edge",
    art: "cloud",
    translations: {
      es: { title: "Hecho con Workers", subtitle: "Cómo Agora funciona en el borde de la red" },
      pt: { title: "Feito com Workers", subtitle: "Como a Agora roda na borda da rede" },
    },
  },
];

export const PLAN_FEATURES = {
  USER: ["Verified mark", "Search visibility", "Ability to withdraw tips", "Priority support", "Top of feed"],
  BUSINESS: [
    "All User benefits",
    "Professional profile",
    "Business filters",
    "Newsletters",
    "Highest support",
  ],
};

export const DEMO_BLOG: Array<{
  title: string;
  art: Subject;
  category: "ANNOUNCEMENT" | "GUIDE" | "COMMUNITY" | "SECURITY" | "INSIGHTS" | "OTHER";
  summary: string;
  body: string;
}> = [
  {
    title: "Introducing Agora",
    art: "megaphone",
    category: "ANNOUNCEMENT",
    summary: "A social platform that is fast everywhere, kind to your data, and yours to shape.",
    body: "<p>Agora brings communities, chat, jobs and payments together on one fast site that runs close to every reader.</p><p>We built it to be quick on a slow phone and safe with your money and data.</p>",
  },
  {
    title: "How to start a community that lasts",
    art: "people",
    category: "GUIDE",
    summary: "Five habits of communities that are still lively a year later.",
    body: "<ol><li>Write a clear description.</li><li>Post first, and often.</li><li>Answer every early comment.</li><li>Invite ten people you know.</li><li>Write down the rules before you need them.</li></ol>",
  },
  {
    title: "How we keep your account safe",
    art: "shield",
    category: "SECURITY",
    summary: "Hashed passwords, signed tokens, and limits on repeated attempts.",
    body: "<p>Passwords are hashed with PBKDF2 and a per-user salt. Changing your password ends every other session at once.</p>",
  },
  {
    title: "Community spotlight: c/photography",
    art: "camera",
    category: "COMMUNITY",
    summary: "Golden hours, first cameras and a lot of kindness.",
    body: "<p>This month we look at c/photography, where beginners and professionals trade tips every day.</p>",
  },
];
