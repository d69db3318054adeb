/** Which screen state to draw for a list, or for the one item a screen shows. */
export type ListStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type ItemStatus = 'idle' | 'loading' | 'loaded' | 'notFound' | 'failed';
