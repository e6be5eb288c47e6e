export declare class ConfigError extends Error {}
export declare function parseDatabaseUrl(raw: string): URL;
export declare function openDatabase(options?: { databaseUrl?: string; dataDir?: string }): Promise<{
  kind: 'pglite' | 'postgres';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  client: any;
  describe: string;
  close: () => Promise<void>;
}>;
