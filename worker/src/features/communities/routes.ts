import { createRouter } from "../../lib/router";

export const communitiesRoutes = createRouter();
