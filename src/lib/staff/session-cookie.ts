/**
 * The staff session cookie's names (lib/staff/auth.ts): `__Host-` over HTTPS pins it to this host, path /
 * and HTTPS (no sub-domain can set or shadow it). Listed on /cookies (src/content/legal.ts).
 */
export const staffSessionCookieNames = { https: '__Host-staff_session', http: 'staff_session' } as const;
