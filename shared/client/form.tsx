import { useState } from "react";
import type { z } from "#shared/zod-jitless.ts";

// Forms of both SPAs parse with the same zod schemas as the API (shared/src/schemas), so a field
// shows exactly the message the API would answer. Messages appear once a field was edited and
// left, or a submit was tried; not while people type their first letter, and not when they merely
// pass through an empty field (its message appearing would move what they were about to click).

export interface ZodForm<K extends string, T> {
  values: Record<K, string>;
  /** The parsed values when every field is valid, else null. */
  data: T | null;
  /** The first problem of each field (an i18n key), whether or not it is shown yet. */
  errors: Partial<Record<K, string>>;
  /** The problem to show: only for a field edited and left, or after a submit was tried. */
  shownError: (field: K) => string | undefined;
  setValue: (field: K, value: string) => void;
  touch: (field: K) => void;
  touchAll: () => void;
  /** Back to the initial values, or to these (a draft loaded for editing), as if never edited. */
  reset: (values?: Record<K, string>) => void;
  isDirty: boolean;
  /** The props that bind a TextField (form-fields.tsx, or any input taking them) to one field. */
  field: (field: K) => FieldBinding;
}

export interface FieldBinding {
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}

export function useZodForm<K extends string, S extends z.ZodType>(
  schema: S,
  initial: Record<K, string>,
): ZodForm<K, z.output<S>> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [edited, setEdited] = useState<Partial<Record<K, boolean>>>({});
  const result = schema.safeParse(values);
  const errors: Partial<Record<K, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as K;
      errors[field] ??= issue.message;
    }
  }
  const keys = Object.keys(initial) as K[];
  const shownError = (field: K) => (touched[field] ? errors[field] : undefined);
  const setValue = (field: K, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setEdited((e) => (e[field] ? e : { ...e, [field]: true }));
  };
  const touch = (field: K) => {
    if (edited[field]) setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  };
  return {
    values,
    data: result.success ? (result.data as z.output<S>) : null,
    errors,
    shownError,
    setValue,
    touch,
    touchAll: () => setTouched(Object.fromEntries(keys.map((k) => [k, true])) as Record<K, boolean>),
    reset: (to = initial) => {
      setValues(to);
      setTouched({});
      setEdited({});
    },
    isDirty: keys.some((k) => values[k] !== initial[k]),
    field: (field) => ({
      value: values[field],
      onValue: (value) => setValue(field, value),
      onBlur: () => touch(field),
      error: shownError(field),
    }),
  };
}
