export declare const EXCLUDED: Record<string, string>;
export declare const FIXED_CLOCK: Record<string, string>;
