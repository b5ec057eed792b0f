import { eq, inArray } from "drizzle-orm";
import type { JobCategory } from "#shared/enums.ts";
import { services, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { makeSlug } from "#worker/lib/ids.ts";
import { DAY } from "#worker/lib/time.ts";
import { putSvg } from "../features/jobs/demo-images";
import { illustration, type Subject } from "./illustrations";

// Demo services (seeded after the jobs demo): three demo people offer services, so their
// service-provider setting is on.

const DEMO_SERVICES: Array<{
  owner: string;
  title: string;
  description: string;
  category: JobCategory;
  price: number;
  days: number;
  skills: string[];
  /** The pictures' subjects (drawn at seed time, 480×270, a few KB each); none shows the category's art. */
  images: Subject[];
  paused?: boolean;
}> = [
  {
    owner: "carmen",
    title: "Portrait session editing",
    description: "I edit up to 40 photos of a portrait session: colour, skin, light. Two rounds of changes.",
    category: "DESIGN",
    price: 12000,
    days: 5,
    skills: ["Lightroom", "Retouching"],
    images: ["photo", "camera"],
  },
  {
    owner: "carmen",
    title: "Product photos for your shop",
    description: "Ten clean product photos on white or in context, ready for any marketplace.",
    category: "MARKETING",
    price: 25000,
    days: 10,
    skills: ["Product photography"],
    images: ["camera", "photo", "briefcase"],
  },
  {
    owner: "dev",
    title: "Code review of your React app",
    description:
      "A written review of structure, performance and accessibility, with the ten fixes that matter most.",
    category: "PROGRAMMING",
    price: 30000,
    days: 4,
    skills: ["React", "TypeScript", "Performance"],
    images: ["code"],
  },
  {
    owner: "hana",
    title: "Japanese to English translation",
    description: "Natural English for your app, website or documents, up to 2,000 words.",
    category: "WRITING",
    price: 8000,
    days: 3,
    skills: ["Translation", "Japanese", "Localisation"],
    images: ["chat"],
  },
  {
    owner: "hana",
    title: "Newsletter writing",
    description: "A weekly newsletter written from your notes. Paused while I travel.",
    category: "WRITING",
    price: 6000,
    days: 7,
    skills: ["Writing", "Email"],
    images: [],
    paused: true,
  },
];

export async function seedServicesDemo(deps: Deps): Promise<void> {
  const owners = await deps.db.orm
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...new Set(DEMO_SERVICES.map((s) => s.owner))]))
    .all();
  const ownerId = new Map(owners.map((o) => [o.username, o.id]));
  for (const id of ownerId.values())
    await deps.db.orm.update(users).set({ serviceProvider: true }).where(eq(users.id, id));

  const now = Date.now();
  for (const [i, s] of DEMO_SERVICES.entries()) {
    const owner = ownerId.get(s.owner);
    if (owner === undefined) continue;
    const images: string[] = [];
    for (const [k, subject] of s.images.entries())
      images.push(
        await putSvg(
          deps,
          `seed/service-${i}-${k}.svg`,
          illustration(subject, i * 5 + k + 1, i + k, { w: 480, h: 270 }),
        ),
      );
    const at = now - (DEMO_SERVICES.length - i) * 2 * DAY;
    await deps.db.orm.insert(services).values({
      ownerId: owner,
      slug: makeSlug(s.title, "service"),
      title: s.title,
      description: s.description,
      category: s.category,
      price: s.price,
      deliveryDays: s.days,
      images,
      skills: s.skills,
      isActive: !s.paused,
      createdAt: at,
      updatedAt: at,
    });
  }
}
