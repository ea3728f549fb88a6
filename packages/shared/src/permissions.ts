/** Permission levels of workspace-spec section 6, weakest first: write implies read, admin implies both. */
export const AUTH_TYPES = ["read", "write", "admin"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

const RANK: Record<AuthType, number> = { read: 1, write: 2, admin: 3 };

/** Chinese names of the levels as the spec shows them. */
export const AUTH_TYPE_LABELS: Record<AuthType, string> = { read: "可读", write: "可写", admin: "可管理" };

/** True when a granted level covers the asked one; with nothing asked, any grant counts. */
export function covers(granted: AuthType, asked?: AuthType): boolean {
  return asked === undefined || RANK[granted] >= RANK[asked];
}

/** The strongest of several granted levels, or null when there are none. */
export function strongest(levels: Iterable<AuthType>): AuthType | null {
  let best: AuthType | null = null;
  for (const level of levels) if (best === null || RANK[level] > RANK[best]) best = level;
  return best;
}
