import { createRouter } from "#worker/lib/router.ts";
import { auditRoutes } from "./audit/routes";
import { blogAdminRoutes } from "./blog/routes";
import { communitiesAdminRoutes } from "./communities/routes";
import { emailTemplatesRoutes } from "./email-templates/routes";
import { feedbacksRoutes } from "./feedbacks/routes";
import { reportsAdminRoutes } from "./reports/routes";
import { usersRoutes } from "./users/routes";

// The admin website's API, every path under /api/admin/private behind requireAdmin (app.ts):
// the home page, users and admins, communities, feedbacks, blog, e-mail templates, the reports
// queue and the audit log (docs/decisions/060). Files are in features/admin-files; staff sign-in
// in features/accounts; jobs in features/jobs.
export const adminRoutes = createRouter()
  .route("/", usersRoutes)
  .route("/", communitiesAdminRoutes)
  .route("/", feedbacksRoutes)
  .route("/", blogAdminRoutes)
  .route("/", emailTemplatesRoutes)
  .route("/", reportsAdminRoutes)
  .route("/", auditRoutes);
