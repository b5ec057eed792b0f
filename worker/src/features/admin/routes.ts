import { createRouter } from "#worker/lib/router.ts";
import { appealsAdminRoutes } from "./appeals/routes";
import { auditRoutes } from "./audit/routes";
import { adminAuthRoutes } from "./auth/routes";
import { blogAdminRoutes } from "./blog/routes";
import { communitiesAdminRoutes } from "./communities/routes";
import { emailTemplatesRoutes } from "./email-templates/routes";
import { feedbacksRoutes } from "./feedbacks/routes";
import { adminFilesRoutes } from "./files/routes";
import { paymentsAdminRoutes } from "./payments/routes";
import { reportsAdminRoutes } from "./reports/routes";
import { usersRoutes } from "./users/routes";
import { versionsAdminRoutes } from "./versions/routes";

// The staff paths of the Worker: staff sign-in (/api/admin/auth/login) and everything under
// /api/admin/private, behind requireAdmin (app.ts): the home page, users and admins, communities,
// feedbacks, blog, e-mail templates, files, payment mismatches, the reports queue and the audit log
// (docs/decisions/060, docs/decisions/106). Staff's paths over another feature's own data live with
// that feature and app.ts mounts them (two-factor, jobs: docs/decisions/196); what a staff screen
// shares with another feature comes from worker/src/lib (docs/decisions/138).
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
  .route("/", paymentsAdminRoutes)
  .route("/", versionsAdminRoutes);
