/** Over HTTPS a page's Content-Security-Policy also upgrades insecure requests. */
export function withUpgrade(policy: string, https: boolean): string {
  return https && !policy.includes('upgrade-insecure-requests') ? `${policy.replace(/;\s*$/, '')}; upgrade-insecure-requests` : policy;
}
