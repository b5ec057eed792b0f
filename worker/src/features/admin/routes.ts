import { createRouter } from "#worker/lib/router.ts";
import { appealsAdminRoutes } from "./appeals/routes";
import { auditRoutes } from "./audit/routes";
import { adminAuthRoutes } from "./auth/routes";
import { blogAdminRoutes } from "./blog/routes";
import { communitiesAdminRoutes } from "./communities/routes";
import { emailTemplatesRoutes } from "./email-templates/routes";
import { feedbacksRoutes } from "./feedbacks/routes";
import { adminFilesRoutes } from "./files/routes";
import { jobsAdminRoutes } from "./jobs/routes";
import { paymentsAdminRoutes } from "./payments/routes";
import { reportsAdminRoutes } from "./reports/routes";
import { usersRoutes } from "./users/routes";
import { versionsAdminRoutes } from "./versions/routes";

// Every staff path of the Worker, in this one folder: staff sign-in (/api/admin/auth/login) and
// everything under /api/admin/private, behind requireAdmin (app.ts): the home page, users and
// admins, communities, feedbacks, blog, e-mail templates, files, jobs, payment mismatches, the
// reports queue and the audit log (docs/decisions/060, docs/decisions/106). Staff's two-factor paths
// are the two-factor feature's own (app.ts mounts them); what a staff screen shares with another
// feature comes from worker/src/lib or through deps (docs/decisions/138).
export const adminRoutes = createRouter()
  .route("/", adminAuthRoutes)
  .route("/", adminFilesRoutes)
  .route("/", usersRoutes)
  .route("/", communitiesAdminRoutes)
  .route("/", feedbacksRoutes)
  .route("/", blogAdminRoutes)
  .route("/", emailTemplatesRoutes)
  .route("/", reportsAdminRoutes)
  .route("/", appealsAdminRoutes)
  .route("/", auditRoutes)
  .route("/", jobsAdminRoutes)
  .route("/", paymentsAdminRoutes)
  .route("/", versionsAdminRoutes);
