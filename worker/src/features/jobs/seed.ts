import { inArray } from "drizzle-orm";
import type { ExperienceLevel, JobCategory, JobType, JobWorkMode } from "#shared/enums.ts";
import { companies, jobs, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { makeSlug } from "#worker/lib/ids.ts";
import { DAY } from "#worker/lib/time.ts";
import { initialsSvg, putSvg } from "./demo-images";
import { JOB_LIFETIME_MS } from "./service";

// Demo jobs and services for `bun run dev`: a dozen jobs across categories and companies of the
// demo people, some with salaries, some paying in crypto, and a few services. Logos are small SVGs
// in R2, like the other demo pictures.

const DEMO_COMPANIES = [
  {
    owner: "edgeworks",
    name: "Edgeworks Studio",
    description: "A small studio building fast websites and design systems for startups.",
    location: "Lisbon, Portugal",
    website: "https://edgeworks.example",
  },
  {
    owner: "bruno",
    name: "Remote First",
    description: "Tools that help distributed teams meet less and ship more.",
    location: "São Paulo, Brazil",
    website: "https://remotefirst.example",
  },
  {
    owner: "gus",
    name: "Chainlight Labs",
    description: "Wallet infrastructure and payment rails on Solana.",
    location: "Stockholm, Sweden",
    website: "https://chainlight.example",
  },
  {
    owner: "dev",
    name: "Paperplane",
    description: "A writing app for teams who document everything.",
    location: "Bengaluru, India",
    website: "https://paperplane.example",
  },
  {
    owner: "carmen",
    name: "Lumen Photo",
    description: "Online courses and presets for photographers.",
    location: "Madrid, Spain",
    website: null,
  },
] as const;

type DemoJob = {
  company: (typeof DEMO_COMPANIES)[number]["name"];
  title: string;
  description: string;
  location: string;
  type: JobType;
  category: JobCategory;
  mode: JobWorkMode;
  level: ExperienceLevel;
  salary?: [number, number];
  crypto?: boolean;
  apply: string;
  skills: string[];
};

const DEMO_JOBS: DemoJob[] = [
  {
    company: "Edgeworks Studio",
    title: "Senior Frontend Engineer",
    description:
      "Own the component library our clients build on. React, TypeScript and a sharp eye for accessibility. You will pair with designers every week.",
    location: "Lisbon",
    type: "FULLTIME",
    category: "PROGRAMMING",
    mode: "HYBRID",
    level: "SENIOR",
    salary: [70000, 95000],
    apply: "https://edgeworks.example/careers",
    skills: ["React", "TypeScript", "Accessibility"],
  },
  {
    company: "Edgeworks Studio",
    title: "Product Designer",
    description: "Design flows end to end, from research notes to the last pixel, for three client products.",
    location: "Anywhere in Europe",
    type: "CONTRACT",
    category: "DESIGN",
    mode: "REMOTE",
    level: "MID",
    salary: [50000, 65000],
    apply: "jobs@edgeworks.example",
    skills: ["Figma", "Prototyping", "User research"],
  },
  {
    company: "Remote First",
    title: "Customer Support Specialist",
    description:
      "Be the first voice our customers hear. Answer tickets, write help articles and tell the product team what hurts.",
    location: "Anywhere",
    type: "FULLTIME",
    category: "CUSTOMERSUPPORT",
    mode: "REMOTE",
    level: "JUNIOR",
    salary: [30000, 38000],
    apply: "https://remotefirst.example/jobs/support",
    skills: ["Zendesk", "Writing"],
  },
  {
    company: "Remote First",
    title: "Growth Marketer",
    description:
      "Run experiments across search, newsletters and partnerships, and report what worked with numbers.",
    location: "Anywhere in the Americas",
    type: "FULLTIME",
    category: "MARKETING",
    mode: "REMOTE",
    level: "MID",
    apply: "https://remotefirst.example/jobs/growth",
    skills: ["SEO", "Analytics", "Copywriting"],
  },
  {
    company: "Remote First",
    title: "People Operations Partner",
    description: "Hire across twelve time zones, run onboarding and keep our handbook honest.",
    location: "São Paulo",
    type: "PARTTIME",
    category: "HUMANRESOURCE",
    mode: "HYBRID",
    level: "MID",
    salary: [25000, 32000],
    apply: "people@remotefirst.example",
    skills: ["Recruiting", "Onboarding"],
  },
  {
    company: "Chainlight Labs",
    title: "Rust Engineer, Solana Programs",
    description:
      "Write and audit on-chain programs for our custody product. Paid in USDC or SOL if you prefer.",
    location: "Anywhere",
    type: "FULLTIME",
    category: "BLOCKCHAIN",
    mode: "REMOTE",
    level: "SENIOR",
    salary: [120000, 160000],
    crypto: true,
    apply: "https://chainlight.example/jobs/rust",
    skills: ["Rust", "Solana", "Anchor"],
  },
  {
    company: "Chainlight Labs",
    title: "Smart Contract Auditor",
    description: "Review contracts before they ship and write findings that engineers can act on.",
    location: "Anywhere",
    type: "FREELANCE",
    category: "BLOCKCHAIN",
    mode: "REMOTE",
    level: "SENIOR",
    crypto: true,
    apply: "audits@chainlight.example",
    skills: ["Solidity", "Security"],
  },
  {
    company: "Chainlight Labs",
    title: "Developer Relations Intern",
    description: "Write tutorials and sample apps, and help developers in our community channels.",
    location: "Stockholm",
    type: "INTERNSHIP",
    category: "WRITING",
    mode: "ONSITE",
    level: "NOEXPERIENCEREQUIRED",
    salary: [18000, 18000],
    crypto: true,
    apply: "https://chainlight.example/jobs/devrel-intern",
    skills: ["Writing", "JavaScript"],
  },
  {
    company: "Paperplane",
    title: "Backend Engineer",
    description:
      "Scale our sync engine and keep documents fast for teams of ten thousand. Go and PostgreSQL.",
    location: "Bengaluru",
    type: "FULLTIME",
    category: "PROGRAMMING",
    mode: "ONSITE",
    level: "MID",
    salary: [40000, 60000],
    apply: "https://paperplane.example/careers/backend",
    skills: ["Go", "PostgreSQL", "Distributed systems"],
  },
  {
    company: "Paperplane",
    title: "Product Manager, Editor",
    description:
      "Decide what the editor does next, talk to customers weekly and write the specs we build from.",
    location: "Anywhere in Asia",
    type: "FULLTIME",
    category: "PRODUCT",
    mode: "REMOTE",
    level: "SENIOR",
    apply: "https://paperplane.example/careers/pm",
    skills: ["Product discovery", "Roadmaps"],
  },
  {
    company: "Lumen Photo",
    title: "Photo Retoucher",
    description: "Retouch course material and presets samples. Portfolio required.",
    location: "Madrid",
    type: "PARTTIME",
    category: "DESIGN",
    mode: "ONSITE",
    level: "ALL",
    apply: "hola@lumenphoto.example",
    skills: ["Lightroom", "Photoshop"],
  },
  {
    company: "Lumen Photo",
    title: "Community Manager",
    description: "Run our photo challenges, feature members' work and keep critique kind.",
    location: "Anywhere",
    type: "CONTRACT",
    category: "SERVICE",
    mode: "REMOTE",
    level: "JUNIOR",
    salary: [20000, 26000],
    apply: "https://lumenphoto.example/join",
    skills: ["Community", "Instagram"],
  },
];

/** Seeds the demo jobs once the demo people exist (the dev seed calls it, then the services' seed). */
export async function seedJobsDemo(deps: Deps): Promise<void> {
  const owners = await deps.db.orm
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_COMPANIES.map((c) => c.owner),
      ),
    )
    .all();
  const ownerId = new Map(owners.map((o) => [o.username, o.id]));
  const now = Date.now();

  const company = new Map<string, { id: number; ownerId: number }>();
  for (const [i, c] of DEMO_COMPANIES.entries()) {
    const owner = ownerId.get(c.owner);
    if (owner === undefined) continue;
    const logo = await putSvg(
      deps,
      `seed/logo-${c.owner}-${i}.svg`,
      initialsSvg(c.name, (i * 71 + 190) % 360),
    );
    const row = await deps.db.orm
      .insert(companies)
      .values({
        ownerId: owner,
        name: c.name,
        nameKey: c.name.toLowerCase(),
        description: c.description,
        location: c.location,
        website: c.website,
        logo,
      })
      .returning({ id: companies.id })
      .get();
    company.set(c.name, { id: row.id, ownerId: owner });
  }

  // Oldest first, so ids follow the posting dates and the board reads newest first.
  for (const [i, j] of DEMO_JOBS.entries()) {
    const c = company.get(j.company);
    if (!c) continue;
    const postedAt = now - (DEMO_JOBS.length - i) * 1.5 * DAY;
    await deps.db.orm.insert(jobs).values({
      ownerId: c.ownerId,
      companyId: c.id,
      slug: makeSlug(j.title, "job"),
      title: j.title,
      description: j.description,
      location: j.location,
      jobType: j.type,
      jobCategory: j.category,
      workMode: j.mode,
      experienceLevel: j.level,
      minimumSalary: j.salary?.[0] ?? 0,
      maximumSalary: j.salary?.[1] ?? 0,
      payInCrypto: j.crypto ?? false,
      howToApply: j.apply,
      skills: j.skills,
      status: "CONFIRMED",
      expiresAt: postedAt + JOB_LIFETIME_MS,
      createdAt: postedAt,
      updatedAt: postedAt,
    });
  }
}
