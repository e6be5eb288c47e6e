export declare const migrationsFolder: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export declare function runMigrations(handle: { kind: 'pglite' | 'postgres'; client: any }, folder?: string): Promise<void>;
