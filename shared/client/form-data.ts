// Request bodies of the forms that send files or form fields (uploads, reports, payments).

/** Builds a FormData from an object, skipping undefined and null. */
export function toFormData(
  fields: Record<string, string | number | boolean | Blob | null | undefined>,
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null) continue;
    form.append(k, v instanceof Blob ? v : String(v));
  }
  return form;
}
