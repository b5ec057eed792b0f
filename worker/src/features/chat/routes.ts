import { createRouter } from "../../lib/router";

export const chatRoutes = createRouter();
