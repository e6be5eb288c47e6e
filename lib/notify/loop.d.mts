import type { Logger } from 'pino';

type Queryable = { query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }> }; // eslint-disable-line @typescript-eslint/no-explicit-any

export type DeliveryLoop = {
  start(): void;
  nudge(): void;
  runOnce(): Promise<number>;
  stop(): Promise<void>;
};

export declare function createDeliveryLoop(options: {
  handle?: { client: Queryable };
  client?: Queryable;
  env?: Record<string, string | undefined>;
  log?: Logger;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  webhookTimeoutMs?: number;
  random?: () => number;
}): DeliveryLoop;
