/** Permission levels of workspace-spec section 6, weakest first: write implies read, admin implies both. */
export const AUTH_TYPES = ["read", "write", "admin"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

const RANK: Record<AuthType, number> = { read: 1, write: 2, admin: 3 };

/** True when a granted level covers the asked one; with nothing asked, any grant counts. */
export function covers(granted: AuthType, asked?: AuthType): boolean {
  return asked === undefined || RANK[granted] >= RANK[asked];
}
