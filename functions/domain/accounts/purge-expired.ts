/** The daily purge of expired sign-in data: sessions, tokens, remembered devices, pending sign-ups. */

/** Daily housekeeping (the cron, which has no request): expired sessions, devices and pending sign-ups, expired or long-used tokens. */
export async function purgeExpiredAuth(d1: D1Database, now: number) {
  const [sessions, tokens, devices, signups] = await d1.batch([
    d1.prepare("DELETE FROM sessions WHERE expires_at <= ?").bind(now),
    d1.prepare("DELETE FROM auth_tokens WHERE expires_at <= ? OR used_at <= ?").bind(now, now - 86_400_000),
    d1.prepare("DELETE FROM remembered_devices WHERE expires_at <= ?").bind(now),
    d1.prepare("DELETE FROM pending_signups WHERE expires_at <= ?").bind(now),
  ]);
  return { sessions: sessions?.meta.changes ?? 0, tokens: tokens?.meta.changes ?? 0, devices: devices?.meta.changes ?? 0, signups: signups?.meta.changes ?? 0 };
}
