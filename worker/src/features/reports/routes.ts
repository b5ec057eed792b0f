import { createRouter } from "../../lib/router";

export const reportsRoutes = createRouter();
