import { describe, expect, it } from 'vitest';
import { activeStoreChanged } from '../membership/membershipSlice';
import { createCatalogueSlice } from './catalogueSlice';

interface Thing {
  _id: string;
  name: string;
}

const a: Thing = { _id: 'a', name: 'A' };

describe('catalogue slice', () => {
  const { actions, reducer, initialState } = createCatalogueSlice<Thing, Thing, { id: string }>()({
    name: 'things',
    itemKey: 'thing',
  });
  const loaded = reducer(initialState, actions.itemReceived({ item: a, etag: '"1"' }));

  it('keeps the shown item under the name it was given, and no list', () => {
    expect(loaded).toMatchObject({ thing: a, etag: '"1"', itemStatus: 'loaded' });
    expect(loaded).not.toHaveProperty('things');
  });

  it('asking for another item forgets the one held, and its ETag; asking again for the same keeps them', () => {
    expect(reducer(loaded, actions.itemRequested('b'))).toMatchObject({
      thing: null,
      etag: null,
      itemStatus: 'loading',
    });
    expect(reducer(loaded, actions.itemRequested('a'))).toMatchObject({ thing: a, etag: '"1"', itemStatus: 'loading' });
  });

  it('an update replaces the shown item and its ETag', () => {
    const renamed = { ...a, name: 'A2' };
    const state = reducer({ ...loaded, saving: true }, actions.updated({ item: renamed, etag: '"2"' }));
    expect(state).toMatchObject({ thing: renamed, etag: '"2"', saving: false });
  });

  it('a delete forgets the shown item only when it is the one deleted', () => {
    expect(reducer(loaded, actions.deleted('b'))).toMatchObject({ thing: a, etag: '"1"' });
    expect(reducer(loaded, actions.deleted('a'))).toMatchObject({ thing: null, etag: null });
  });

  it('another store: nothing held is kept', () => {
    expect(reducer(loaded, activeStoreChanged({ _id: 'store-2', name: 'Second shop', role: 'staff' }))).toEqual(
      initialState,
    );
  });
});
