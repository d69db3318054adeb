import { describe, expect, it } from 'vitest';
import { cameraReadGate, REREAD_GAP_MS } from './cameraReads';

describe('cameraReadGate', () => {
  it('counts a code held in view once, and again once it was out of view for the gap', () => {
    const gate = cameraReadGate();
    const reads = [0, 150, 300, 450, 450 + REREAD_GAP_MS, 600 + REREAD_GAP_MS].map((at) => gate.counts('SKU-1', at));
    expect(reads).toEqual([true, false, false, false, true, false]);
  });

  it('counts each code on its own', () => {
    const gate = cameraReadGate();
    expect([gate.counts('A', 0), gate.counts('B', 100), gate.counts('A', 200), gate.counts('B', 1000)]).toEqual([true, true, false, true]);
  });
});
