import { createRouter } from "../../lib/router";

export const postsRoutes = createRouter();
