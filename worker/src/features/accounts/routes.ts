import { createRouter } from "../../lib/router";

export const accountsRoutes = createRouter();
