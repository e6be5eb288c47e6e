export declare const passwordMin: number;
export declare const passwordMax: number;
export declare function passwordProblem(password: unknown): string | null;
export declare function hashPassword(password: string): Promise<string>;
export declare function verifyPassword(passwordHash: string | null | undefined, password: unknown): Promise<boolean>;
