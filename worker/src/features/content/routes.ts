import { createRouter } from "../../lib/router";

export const contentRoutes = createRouter();
