// Environment for servers started by the load, fault and hostile suites: every request comes from
// 127.0.0.1, so the per-IP submission limits are turned off (0) except where a suite tests them.
export const benchEnv = {
  LOG_LEVEL: 'error',
  LEADS_RATE_LIMIT_PER_FORM: '0',
  LEADS_RATE_LIMIT_TOTAL: '0',
};

/** The production limits (5 per form, 30 in all, per minute), for the shared-limit check. */
export function limitEnvForTest() {
  return {
    env: { LOG_LEVEL: 'error', LEADS_RATE_LIMIT_PER_FORM: '5', LEADS_RATE_LIMIT_TOTAL: '30', LEADS_RATE_LIMIT_WINDOW: '60' },
    perFormLimit: 5,
  };
}
