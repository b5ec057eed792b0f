// Types of ./dev-settings.mjs for the TypeScript files that import it.
export const DEVELOPMENT_JWT_SECRET: string;
export const DEVELOPMENT_VARS: Readonly<{ ENVIRONMENT: "development"; JWT_SECRET: string }>;
