export declare const EXCLUDED: Record<string, string>;
