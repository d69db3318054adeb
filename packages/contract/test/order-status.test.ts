import { describe, expect, it } from 'vitest';
import { orderStateActions } from '../src/rules';

describe('orderStateActions', () => {
  it('offers what each state allows: an open order everything, a fulfilled one nothing, a cancelled one reopen or delete', () => {
    expect(orderStateActions('open')).toEqual({ edit: true, cancel: true, delete: true });
    expect(orderStateActions(undefined)).toEqual({ edit: true, cancel: true, delete: true });
    expect(orderStateActions('fulfilled')).toEqual({ edit: false, cancel: false, delete: false });
    expect(orderStateActions('cancelled')).toEqual({ edit: true, cancel: false, delete: true });
  });
});

describe('isSoleOwner', () => {
  it('is true only for the one owner of the store', async () => {
    const { isSoleOwner } = await import('../src/rules');
    const members = [
      { userId: 'a', role: 'owner' as const },
      { userId: 'b', role: 'staff' as const },
    ];
    expect(isSoleOwner(members, 'a')).toBe(true);
    expect(isSoleOwner(members, 'b')).toBe(false);
    expect(isSoleOwner([...members, { userId: 'c', role: 'owner' as const }], 'a')).toBe(false);
  });
});
