import type { Deps } from "./deps";
import type { ChatThread } from "./features/chat/chat-thread";
import type { JobMessage } from "./queue";

/** Every binding and variable of wrangler.toml, typed once. Optional ones are provider settings. */
export interface Bindings {
  DB: D1Database;
  MEDIA: R2Bucket;
  CHAT_THREAD: DurableObjectNamespace<ChatThread>;
  JOBS: Queue<JobMessage>;
  ASSETS: Fetcher;
  ENVIRONMENT: "development" | "test" | "production" | string;
  PUBLIC_URL: string;
  JWT_SECRET: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_JWKS_URL?: string;
  ADMIN_PASSWORD?: string;
  /** The wallet's sources (docs/decisions/080); unset outside production means "not configured". */
  SOLANA_RPC_URL?: string;
  ETHEREUM_RPC_URL?: string;
  BITCOIN_API_URL?: string;
  PRICE_API_URL?: string;
  /** 32 bytes, base64: seals the custodial keys (AES-GCM). A secret: never in vars. */
  WALLET_ENCRYPTION_KEY?: string;
}

export interface AuthUser {
  id: number;
  username: string;
}
export interface AuthAdmin {
  id: number;
  username: string;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    requestId: string;
    /** The request's data handle and bindings, for services (middleware/database.ts). */
    deps: Deps;
    user: AuthUser;
    admin: AuthAdmin;
    /** Set for any request with a valid user token, also on public paths. */
    viewer: AuthUser | null;
  };
}

export function isDevelopment(env: Pick<Bindings, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";
}
