import { createRouter } from "../../lib/router";

export const notificationsRoutes = createRouter();
