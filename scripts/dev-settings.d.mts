// Types of ./dev-settings.mjs for the TypeScript files that import it.
export const DEVELOPMENT_JWT_SECRET: string;
export const DEVELOPMENT_VAPID_PUBLIC_KEY: string;
export const DEVELOPMENT_VAPID_PRIVATE_KEY: string;
export const DEVELOPMENT_VARS: Readonly<{
  ENVIRONMENT: "development";
  JWT_SECRET: string;
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
  NOTIFY_EMAIL_DELAY_S: string;
}>;
