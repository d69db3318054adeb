import { createSelector } from '@reduxjs/toolkit';
import { can, type Permission, type Role } from '@inventory/contract/rules';
import type { MembershipState } from './membershipSlice';

/** Each selector reads only the membership slice, so it needs no more of the store's shape than that. */
type WithMembership = { membership: MembershipState };

export const selectStores = (state: WithMembership) => state.membership.stores;
export const selectMembershipStatus = (state: WithMembership) => state.membership.status;
export const selectSwitchingTo = (state: WithMembership) => state.membership.switchingTo;

export const selectActiveStore = createSelector(
  [selectStores],
  (stores) => stores.find((store) => store.active) ?? null,
);

/** The user's role in the active store; null until the stores are known. */
export const selectRole = (state: WithMembership): Role | null => selectActiveStore(state)?.role ?? null;

export const selectHasSeveralStores = (state: WithMembership) => state.membership.stores.length > 1;

const canSelectors = new Map<Permission, (state: WithMembership) => boolean>();

/**
 * Whether the role in the active store allows `permission` (false while the role is unknown), e.g.
 * `useAppSelector(selectCan('catalogue:delete'))`. One selector per permission, so components may call it inline.
 */
export function selectCan(permission: Permission): (state: WithMembership) => boolean {
  let selector = canSelectors.get(permission);
  if (!selector) {
    selector = (state) => can(selectRole(state), permission);
    canSelectors.set(permission, selector);
  }
  return selector;
}

const offerSelectors = new Map<Permission, (state: WithMembership) => boolean>();

/**
 * Whether to offer an action needing `permission`: the role allows it, or the role is not known yet (the server
 * decides anyway, and an owner's screen does not lose its buttons while the stores load).
 */
export function selectOffers(permission: Permission): (state: WithMembership) => boolean {
  let selector = offerSelectors.get(permission);
  if (!selector) {
    selector = (state) => {
      const role = selectRole(state);
      return role === null || can(role, permission);
    };
    offerSelectors.set(permission, selector);
  }
  return selector;
}
