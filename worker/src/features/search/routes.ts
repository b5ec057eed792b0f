import { createRouter } from "../../lib/router";

export const searchRoutes = createRouter();
