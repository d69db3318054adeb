import { describe, expect, it } from 'vitest';
import { NO_BURST, readWedgeKey, WEDGE_SCAN_RULES, type WedgeKey } from './wedgeBurst';

/** Feeds keys through the rule; the codes scanned, in order. */
function scans(keys: WedgeKey[]): string[] {
  let burst = NO_BURST;
  const found: string[] = [];
  for (const key of keys) {
    const next = readWedgeKey(burst, key);
    burst = next.burst;
    if (next.scanned !== null) found.push(next.scanned);
  }
  return found;
}

/** `text` then Enter, a key every `gapMs` from `start`. */
function typed(text: string, gapMs: number, start = 1000): WedgeKey[] {
  return [...text, 'Enter'].map((key, i) => ({ key, time: start + i * gapMs }));
}

describe('keyboard-wedge bursts', () => {
  it('reads a scanner’s burst ending in Enter as a scan', () => {
    expect(scans(typed('LAP-1732', 8))).toEqual(['LAP-1732']);
    expect(scans(typed('LAP-1732', 0))).toEqual(['LAP-1732']);
  });

  it('does not read a person’s typing as a scan, however it ends', () => {
    expect(scans(typed('LAP-1732', 120))).toEqual([]);
    // A fast typist: 60 ms apart on average.
    expect(scans(typed('abcd', 60))).toEqual([]);
  });

  it('keeps a burst through one slow key, but not through a pause longer than the largest gap', () => {
    const keys = typed('LAP-1732', 10);
    keys[4] = { ...keys[4]!, time: keys[4]!.time + 60 };
    for (let i = 5; i < keys.length; i += 1) keys[i] = { ...keys[i]!, time: keys[i]!.time + 60 };
    expect(scans(keys)).toEqual(['LAP-1732']);
    const paused = typed('LAP-1732', 10).map((key, i) => (i >= 4 ? { ...key, time: key.time + 500 } : key));
    // The pause starts a new burst: "1732" alone, fast, is still a code.
    expect(scans(paused)).toEqual(['1732']);
  });

  it('needs at least the shortest code, and no more than a SKU holds', () => {
    expect(scans(typed('ABC', 5))).toEqual([]);
    expect(scans(typed('ABCD', 5))).toEqual(['ABCD']);
    expect(scans(typed('A'.repeat(WEDGE_SCAN_RULES.maxLength), 1))).toHaveLength(1);
    expect(scans(typed('A'.repeat(WEDGE_SCAN_RULES.maxLength + 1), 1))).toEqual([]);
  });

  it('lets Shift through (capitals) and breaks on any other key or a modifier', () => {
    const withShift: WedgeKey[] = [
      { key: 'Shift', time: 0 },
      { key: 'L', time: 2 },
      { key: 'Shift', time: 4 },
      { key: 'A', time: 6 },
      { key: 'P', time: 8 },
      { key: '1', time: 10 },
      { key: 'Enter', time: 12 },
    ];
    expect(scans(withShift)).toEqual(['LAP1']);
    // What follows the break is a burst of its own: too short here to be a code.
    const withTab = typed('LAP-1732', 5).toSpliced(6, 0, { key: 'Tab', time: 1031 });
    expect(scans(withTab)).toEqual([]);
    const withCtrl = typed('LAP-1732', 5).map((key, i) => (i === 6 ? { ...key, withModifier: true } : key));
    expect(scans(withCtrl)).toEqual([]);
    const ctrlEnter = typed('LAP-1732', 5).map((key) => (key.key === 'Enter' ? { ...key, withModifier: true } : key));
    expect(scans(ctrlEnter)).toEqual([]);
  });

  it('reads two scans one after the other, and an Enter alone as nothing', () => {
    expect(scans([...typed('LAP-1', 5, 0), ...typed('MON-22', 5, 1000)])).toEqual(['LAP-1', 'MON-22']);
    expect(scans([{ key: 'Enter', time: 5 }])).toEqual([]);
  });
});
