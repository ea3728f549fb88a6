import type { Db } from "../../db/client";
import { type Allowance, forget, refundAttempt, spendAttempt } from "./throttle";

/** Attempts allowed per minute: for one account from one address, and from one address in all. */
export const LOGIN_LIMITS = { perIpAndName: 10, perIp: 100 } as const;

// Per account AND address, never per account alone: an attacker elsewhere cannot lock the owner out.
const allowances = (ip: string, nameKey: string): Allowance[] => [
  { key: `ipname:${ip}:${nameKey}`, limit: LOGIN_LIMITS.perIpAndName, windowSeconds: 60 },
  { key: `ip:${ip}`, limit: LOGIN_LIMITS.perIp, windowSeconds: 60 },
];

/**
 * Counts a login attempt BEFORE the password is checked, atomically; true means refuse it (429).
 * A successful login then gives its attempt back, so only failures add up.
 */
export function spendLoginAttempt(db: Db, ip: string, nameKey: string): Promise<boolean> {
  return spendAttempt(db, allowances(ip, nameKey));
}

/** After a successful login: the name's failures from this address are forgotten, the address's attempt returned. */
export async function loginSucceeded(db: Db, ip: string, nameKey: string): Promise<void> {
  const [ipName, ipOnly] = allowances(ip, nameKey);
  if (ipName) await forget(db, [ipName.key]);
  if (ipOnly) await refundAttempt(db, [ipOnly.key]);
}

/** Registrations allowed from one address per hour (REGISTER_LIMIT_PER_HOUR). */
export function spendRegistration(db: Db, ip: string, perHour: number): Promise<boolean> {
  return spendAttempt(db, [{ key: `register:${ip}`, limit: perHour, windowSeconds: 3600 }]);
}
