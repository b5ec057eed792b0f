import { createRouter } from "../../lib/router";

export const peopleRoutes = createRouter();
