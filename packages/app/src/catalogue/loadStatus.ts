/** Which screen state to draw for the one item a screen shows. */
export type ItemStatus = 'idle' | 'loading' | 'loaded' | 'notFound' | 'failed';
