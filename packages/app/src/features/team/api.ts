import type { Invitation, InvitationCreateBody, Member, MessageResponse, Role, Store } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';

/** The Team page's calls: the active store, its members and invitations, and new stores. Only sagas call these. */
const STORES = '/api/stores';
const ACTIVE = `${STORES}/active`;

export async function getMembers(): Promise<Member[]> {
  return (await apiClient.get<Member[]>(`${ACTIVE}/members`)).data;
}

export async function changeRole(userId: string, role: Role): Promise<Member> {
  return (await apiClient.patch<Member>(`${ACTIVE}/members/${encodeURIComponent(userId)}`, { role })).data;
}

export async function removeMember(userId: string): Promise<MessageResponse> {
  return (await apiClient.delete<MessageResponse>(`${ACTIVE}/members/${encodeURIComponent(userId)}`)).data;
}

export async function getInvitations(): Promise<Invitation[]> {
  return (await apiClient.get<Invitation[]>(`${ACTIVE}/invitations`)).data;
}

export async function invite(body: InvitationCreateBody): Promise<Invitation> {
  return (await apiClient.post<Invitation>(`${ACTIVE}/invitations`, body)).data;
}

export async function revokeInvitation(id: string): Promise<MessageResponse> {
  return (await apiClient.delete<MessageResponse>(`${ACTIVE}/invitations/${encodeURIComponent(id)}`)).data;
}

export async function renameStore(name: string): Promise<Store> {
  return (await apiClient.patch<Store>(ACTIVE, { name })).data;
}

export async function createStore(name: string): Promise<Store> {
  return (await apiClient.post<Store>(STORES, { name })).data;
}

export async function deleteStore(): Promise<MessageResponse> {
  return (await apiClient.delete<MessageResponse>(ACTIVE)).data;
}
