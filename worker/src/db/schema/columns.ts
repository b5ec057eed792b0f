import { integer } from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch; the API shows them as ISO strings. */
export const createdAt = () =>
  integer("created_at")
    .notNull()
    .$defaultFn(() => Date.now());
export const updatedAt = () =>
  integer("updated_at")
    .notNull()
    .$defaultFn(() => Date.now())
    .$onUpdateFn(() => Date.now());
export const flag = (name: string, value: boolean) =>
  integer(name, { mode: "boolean" }).notNull().default(value);
export const counter = (name: string) => integer(name).notNull().default(0);
