import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Store, StoreListItem } from '@inventory/contract/rules';
import { loggedOut, sessionExpired } from '../session/authSlice';

/** Whether the user's stores are known: 'idle' before the first load, 'loaded' once answered (kept while reloading). */
export type MembershipStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface MembershipState {
  /** Every store the user belongs to, with their role in each; `active` marks the one the session works on. */
  stores: StoreListItem[];
  status: MembershipStatus;
  /** The store a switch is moving to, while the call runs (the switcher shows it busy). */
  switchingTo: string | null;
}

export const initialMembershipState: MembershipState = { stores: [], status: 'idle', switchingTo: null };

/** Marks `store` the active one, adding it when the list does not hold it yet (a store just created or joined). */
function makeActive(state: MembershipState, store: Store) {
  if (!state.stores.some((held) => held._id === store._id)) {
    state.stores.push({ ...store, active: true });
    state.stores.sort((a, b) => a.name.localeCompare(b.name));
  }
  state.stores = state.stores.map((held) =>
    held._id === store._id ? { ...store, active: true } : { ...held, active: false },
  );
}

/**
 * The user's stores and their role in the active one, for the whole app: the header's store switcher, the sidebar and
 * every screen that hides what the role does not allow (the server decides anyway). Loaded after sign-in, on each
 * session check and after every change of store.
 */
const membershipSlice = createSlice({
  name: 'membership',
  initialState: initialMembershipState,
  reducers: {
    /** Intent: load the stores (GET /api/stores). */
    storesRequested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
    },
    /** Intent: make another store the active one (PUT /api/stores/active). */
    storeSwitchRequested(state, action: PayloadAction<string>) {
      state.switchingTo = action.payload;
    },

    storesReceived(state, action: PayloadAction<StoreListItem[]>) {
      state.stores = action.payload;
      state.status = 'loaded';
    },
    storesLoadFailed(state) {
      if (state.status !== 'loaded') state.status = 'failed';
    },
    /**
     * The session now works on `store` (switched, created, joined, or moved there by the server): every store-scoped
     * screen reloads what it shows.
     */
    activeStoreChanged(state, action: PayloadAction<Store>) {
      state.switchingTo = null;
      makeActive(state, action.payload);
    },
    /** The active store's new name (or the role, as the server answered it). */
    activeStoreUpdated(state, action: PayloadAction<Store>) {
      state.stores = state.stores.map((held) =>
        held._id === action.payload._id ? { ...held, ...action.payload } : held,
      );
    },
    storeSwitchFailed(state) {
      state.switchingTo = null;
    },
  },
  extraReducers: (builder) => {
    // Signed out: whose stores they were is no longer known.
    builder.addCase(loggedOut, () => initialMembershipState).addCase(sessionExpired, () => initialMembershipState);
  },
});

export const {
  storesRequested,
  storeSwitchRequested,
  storesReceived,
  storesLoadFailed,
  activeStoreChanged,
  activeStoreUpdated,
  storeSwitchFailed,
} = membershipSlice.actions;

export const membershipReducer = membershipSlice.reducer;
