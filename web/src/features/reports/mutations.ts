import { toFormData } from "#client/form-data.ts";
import { api } from "#web/lib/api.ts";

// The two messages people send to staff, as the forms hold them (strings); the API parses them
// with the same schemas (#shared/schemas/reports.ts). Free text is sent trimmed.

export function sendFeedback(values: { feedback_type: string; text: string; link: string }) {
  return api.post("/api/v1/private/user/feedback", {
    body: toFormData({ ...values, text: values.text.trim(), link: values.link.trim() }),
  });
}

export function sendReport(values: {
  report_cause: string;
  text: string;
  link: string;
  reported_username: string;
}) {
  return api.post("/api/v1/private/user/report", {
    body: toFormData({ ...values, text: values.text.trim() }),
  });
}
