export declare const EXCLUDED: Record<string, string>;
export declare const BLUR_BEFORE_SCREENSHOT: Record<string, string>;
