import type { ChangePasswordPayload, MessageResponse, UpdateUserPayload, User } from '@inventory/contract/rules';
import { apiClient } from '../api/client';

/** The signed-in user's calls: login status, logout and the account. Each returns the body; only sagas call these. */
const USERS = '/api/users';

export async function getLoginStatus(): Promise<boolean> {
  return (await apiClient.get<boolean>(`${USERS}/loggedin`)).data === true;
}

export async function logout(): Promise<MessageResponse> {
  return (await apiClient.get<MessageResponse>(`${USERS}/logout`)).data;
}

export async function getUser(): Promise<User> {
  return (await apiClient.get<User>(`${USERS}/getuser`)).data;
}

export async function updateUser(payload: UpdateUserPayload): Promise<User> {
  return (await apiClient.patch<User>(`${USERS}/updateuser`, payload)).data;
}

/**
 * Accept names JSON alone, whatever the client's defaults: to any other Accept the server answers the original API's
 * plain text instead of `{message}`.
 */
export async function changePassword(payload: ChangePasswordPayload): Promise<MessageResponse> {
  const headers = { Accept: 'application/json' };
  return (await apiClient.patch<MessageResponse>(`${USERS}/changepassword`, payload, { headers })).data;
}
