// Types of ./create-admin.mjs for the Worker test that runs its SQL against D1.
export const PASSWORD_MIN: number;
export const PASSWORD_MAX: number;
export function hashAdminPassword(password: string, salt?: Uint8Array): Promise<string>;
export function checkAdminInput(input: {
  username?: string;
  email?: string;
  password?: string;
}): string | null;
export function adminSql(input: {
  username: string;
  email?: string;
  passwordHash: string;
  reset?: boolean;
  now?: number;
}): string;
