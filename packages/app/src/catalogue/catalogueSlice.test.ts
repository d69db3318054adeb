import { describe, expect, it } from 'vitest';
import { createCatalogueSlice } from './catalogueSlice';

interface Thing {
  _id: string;
  name: string;
}

const a: Thing = { _id: 'a', name: 'A' };
const b: Thing = { _id: 'b', name: 'B' };

const sliceWith = (deleteRemovesRow: boolean) =>
  createCatalogueSlice<Thing, Thing, { id: string }>()({ name: 'things', itemKey: 'thing', deleteRemovesRow });

describe('catalogue slice', () => {
  const { actions, reducer, initialState } = sliceWith(false);
  const loaded = reducer(
    reducer(initialState, actions.listReceived([a, b])),
    actions.itemReceived({ item: a, etag: '"1"' }),
  );

  it('keeps the list and the shown item under the names it was given', () => {
    expect(loaded).toMatchObject({ things: [a, b], thing: a, etag: '"1"', listStatus: 'loaded', itemStatus: 'loaded' });
  });

  it('asking for another item forgets the one held, and its ETag; asking again for the same keeps them', () => {
    expect(reducer(loaded, actions.itemRequested('b'))).toMatchObject({
      thing: null,
      etag: null,
      itemStatus: 'loading',
    });
    expect(reducer(loaded, actions.itemRequested('a'))).toMatchObject({ thing: a, etag: '"1"', itemStatus: 'loading' });
  });

  it('an update replaces the item in the list and as the shown one', () => {
    const renamed = { ...a, name: 'A2' };
    const state = reducer(loaded, actions.updated({ item: renamed, etag: '"2"' }));
    expect(state).toMatchObject({ things: [renamed, b], thing: renamed, etag: '"2"', saving: false });
  });

  it('a delete leaves the list for a reload unless rows are removed locally', () => {
    expect(reducer(loaded, actions.deleted('a'))).toMatchObject({ things: [a, b], thing: a });
    const removing = sliceWith(true);
    const held = removing.reducer(
      removing.reducer(removing.initialState, removing.actions.listReceived([a, b])),
      removing.actions.itemReceived({ item: a, etag: null }),
    );
    expect(removing.reducer(held, removing.actions.deleted('a'))).toMatchObject({ things: [b], thing: null });
  });
});
