import { skipSchema } from "../api";
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SERVICE_DELIVERY_DAYS_MAX,
  SERVICE_DELIVERY_DAYS_MIN,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_IMAGE_MAX_MB,
  SERVICE_IMAGES_MAX,
  SERVICE_PRICE_MAX_CENTS,
  SERVICE_PRICE_MIN_CENTS,
  SERVICE_TITLE_MAX,
} from "../constants";
import { JOB_CATEGORIES } from "../enums";
import { z } from "../zod-jitless";
import {
  choiceSchema,
  formBoolean,
  formSkillsSchema,
  JOBS_MSG,
  marketSearchText,
  optionalChoiceSchema,
  optionalFile,
  requiredText,
} from "./jobs";
import { usernameLookupSchema } from "./people";
import { ownerSchema } from "./user";

// The services marketplace (docs/decisions/050): people who turned on the service-provider setting
// offer a service at a price in cents. Messages are i18n keys' English text.

const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US")}`;

export const SERVICES_MSG = {
  required: JOBS_MSG.required,
  titleMax: `Must be ${SERVICE_TITLE_MAX} characters or less`,
  descriptionMax: `Must be ${SERVICE_DESCRIPTION_MAX} characters or less`,
  wholeNumber: JOBS_MSG.wholeNumber,
  priceMin: `The price must be at least ${dollars(SERVICE_PRICE_MIN_CENTS)}`,
  priceMax: `The price must be ${dollars(SERVICE_PRICE_MAX_CENTS)} or less`,
  deliveryDays: `Delivery takes ${SERVICE_DELIVERY_DAYS_MIN} to ${SERVICE_DELIVERY_DAYS_MAX} days`,
  imagesMax: `Maximum ${SERVICE_IMAGES_MAX} images allowed`,
  imageType: JOBS_MSG.imageType,
  priceRange: "Must be at least the lowest price",
  notProvider: "Turn on the service provider setting to offer services",
  serviceNotFound: "This service does not exist",
  notYourService: "You can only change your own services",
} as const;

/** An integer from a form field or JSON; absent stays absent so that "Required" can be said. */
function integerSchema() {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.trim()) : v),
    z.number({
      error: (issue) => (issue.input === undefined ? SERVICES_MSG.required : SERVICES_MSG.wholeNumber),
    }),
  );
}

const priceSchema = integerSchema().pipe(
  z
    .number()
    .int(SERVICES_MSG.wholeNumber)
    .min(SERVICE_PRICE_MIN_CENTS, SERVICES_MSG.priceMin)
    .max(SERVICE_PRICE_MAX_CENTS, SERVICES_MSG.priceMax),
);

const deliveryDaysSchema = integerSchema().pipe(
  z
    .number()
    .int(SERVICES_MSG.wholeNumber)
    .min(SERVICE_DELIVERY_DAYS_MIN, SERVICES_MSG.deliveryDays)
    .max(SERVICE_DELIVERY_DAYS_MAX, SERVICES_MSG.deliveryDays),
);

const imageFile = optionalFile(SERVICE_IMAGE_MAX_MB);

/** Up to three pictures, sent as repeated `images` parts (or `images[]`). */
export const serviceImagesSchema = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(imageFile)
    .transform((files) => files.filter((f): f is File => f instanceof File))
    .pipe(z.array(z.instanceof(File)).max(SERVICE_IMAGES_MAX, SERVICES_MSG.imagesMax)),
);

export const serviceFieldsSchema = z.object({
  title: requiredText(SERVICE_TITLE_MAX, SERVICES_MSG.titleMax),
  description: requiredText(SERVICE_DESCRIPTION_MAX, SERVICES_MSG.descriptionMax),
  /** One of the job categories. */
  category: choiceSchema(JOB_CATEGORIES),
  /** In cents, at least 500 ($5). */
  price: priceSchema,
  delivery_days: deliveryDaysSchema,
  images: serviceImagesSchema,
  /** At most five, comma-joined like job_skills. */
  skills: formSkillsSchema,
});

/** `POST /api/v1/private/user/service` (multipart). */
export const serviceFormSchema = serviceFieldsSchema;
export type ServiceFormInput = z.input<typeof serviceFormSchema>;
export type ServiceForm = z.output<typeof serviceFormSchema>;

/** A service named the way its address names it: /service/{username}/{slug}. */
export const serviceKeySchema = z.object({
  username: usernameLookupSchema,
  slug: z.string({ error: SERVICES_MSG.required }).trim().min(1, SERVICES_MSG.required).max(120),
});
export type ServiceKey = z.infer<typeof serviceKeySchema>;

/**
 * `PATCH /api/v1/private/user/service` (multipart or JSON): the owner's service by slug, with the
 * fields to change. New `images` replace the old ones. `is_active` false pauses it (hidden from
 * everyone but its owner), true publishes it again.
 */
export const servicePatchSchema = serviceFieldsSchema.omit({ images: true }).partial().extend({
  slug: serviceKeySchema.shape.slug,
  username: usernameLookupSchema.optional(),
  images: serviceImagesSchema.optional(),
  is_active: formBoolean.optional(),
});
export type ServicePatch = z.output<typeof servicePatchSchema>;

/** A price filter in cents; "" is none. */
const priceFilter = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number().int().min(0).optional(),
);

/** `GET /api/v1/service/list`: active services, newest first. */
export const serviceListQuerySchema = z
  .object({
    q: marketSearchText,
    category: optionalChoiceSchema(JOB_CATEGORIES),
    /** Lowest and highest price in cents. */
    price_min: priceFilter,
    price_max: priceFilter,
    skip: skipSchema,
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    cursor: z.string().max(40).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max)
      ctx.addIssue({ code: "custom", path: ["price_max"], message: SERVICES_MSG.priceRange });
  });
export type ServiceListQuery = z.output<typeof serviceListQuerySchema>;

export const myServiceListQuerySchema = z.object({
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(40).optional(),
});

/** A service as the lists and its page show it. */
export const serviceSchema = z
  .object({
    slug: z.string(),
    username: z.string(),
    /** The service's page in the SPA: /service/{username}/{slug}. */
    link: z.string(),
    owner: ownerSchema,
    title: z.string(),
    description: z.string(),
    category: z.enum(JOB_CATEGORIES),
    /** In cents. */
    price: z.number().int(),
    delivery_days: z.number().int(),
    images: z.array(z.string()),
    skills: z.array(z.string()),
    /** false while paused: only its owner sees it. */
    is_active: z.boolean(),
    user_is_owner: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Service" });
export type Service = z.infer<typeof serviceSchema>;

export const serviceCreatedSchema = z.object({ slug: z.string(), link: z.string() });
