import { SCANNED_CODE_MAX } from '@inventory/contract/rules';

/*
 * How a keyboard-wedge scanner (USB or Bluetooth, typing like a keyboard) is told from a person typing, when focus
 * is on no field (0028). A scanner types a whole code in a burst, a few milliseconds a character, then Enter; a
 * person's keys come about 100 ms or more apart, and even a fast typist's average stays well above 40 ms.
 *
 * The rules:
 * - a burst is at least `minLength` printable characters (one-character keys without Ctrl, Alt or Meta), then Enter;
 * - no gap between two of its keys (the Enter included) exceeds `maxGapMs`; a longer gap starts a new burst;
 * - its keys came `maxAverageGapMs` apart or less on average, the Enter included;
 * - Shift (scanners hold it for capitals) neither counts nor breaks a burst; any other key breaks it;
 * - a burst longer than any code (SKU, part number, GTIN) can be is not a scan.
 * Where the keys are typed is the caller's rule: into a field they belong to the field (the search box handles
 * Enter itself), and so are ignored here.
 */
export const WEDGE_SCAN_RULES = {
  minLength: 4,
  maxLength: SCANNED_CODE_MAX,
  maxGapMs: 100,
  maxAverageGapMs: 40,
} as const;

export type WedgeScanRules = { [K in keyof typeof WEDGE_SCAN_RULES]: number };

/** The keys of the burst so far: their text, when its first and its last key came. */
export interface WedgeBurst {
  text: string;
  startedAt: number;
  lastAt: number;
}

export const NO_BURST: WedgeBurst = { text: '', startedAt: 0, lastAt: 0 };

export interface WedgeKey {
  /** KeyboardEvent.key */
  key: string;
  /** KeyboardEvent.timeStamp, in milliseconds */
  time: number;
  /** Ctrl, Alt or Meta held */
  withModifier?: boolean;
}

/** The burst after one key, and the code it completes (on Enter), or null. */
export function readWedgeKey(
  burst: WedgeBurst,
  { key, time, withModifier = false }: WedgeKey,
  rules: WedgeScanRules = WEDGE_SCAN_RULES,
): { burst: WedgeBurst; scanned: string | null } {
  if (key === 'Shift' && !withModifier) return { burst, scanned: null };
  const continues = burst.text !== '' && time - burst.lastAt <= rules.maxGapMs;
  if (key === 'Enter' && !withModifier) {
    const length = burst.text.length;
    const averageGap = (time - burst.startedAt) / Math.max(length, 1);
    const scan =
      continues && length >= rules.minLength && length <= rules.maxLength && averageGap <= rules.maxAverageGapMs;
    return { burst: NO_BURST, scanned: scan ? burst.text : null };
  }
  if (key.length !== 1 || withModifier) return { burst: NO_BURST, scanned: null };
  if (!continues) return { burst: { text: key, startedAt: time, lastAt: time }, scanned: null };
  return { burst: { ...burst, text: burst.text + key, lastAt: time }, scanned: null };
}
