/**
 * When a camera that stays open counts a code read again. A camera reads the code in view on every frame (about every
 * 150 ms), so holding one item up must count it once; the next item of the same kind is a new read once the code has
 * been out of view for a moment. A code counts when it was not read in the last REREAD_GAP_MS.
 */
export const REREAD_GAP_MS = 800;

/** A gate over the reads of one camera session: `counts(code, at)` is true when this read of `code` counts. */
export function cameraReadGate(gapMs = REREAD_GAP_MS) {
  const lastRead = new Map<string, number>();
  return {
    counts(code: string, at: number): boolean {
      const previous = lastRead.get(code);
      lastRead.set(code, at);
      return previous === undefined || at - previous >= gapMs;
    },
  };
}
