export declare const retryCapsMs: number[];
export declare const maxAttempts: number;
export declare function retryDelayMs(attempts: number, random?: () => number): number;
