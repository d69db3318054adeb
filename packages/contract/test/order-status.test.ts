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
