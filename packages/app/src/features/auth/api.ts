import type {
  ChangePasswordPayload,
  ForgotPayload,
  LoginPayload,
  MessageResponse,
  RegisterPayload,
  ResetPayload,
  UpdateUserPayload,
  User,
} from '@inventory/contract';
import { apiClient } from '../../api/client';

/** The user calls of SPEC.md §7. Each returns the response body; only sagas call these. */
const USERS = '/api/users';

export async function register(payload: RegisterPayload): Promise<User> {
  return (await apiClient.post<User>(`${USERS}/register`, payload)).data;
}

export async function login(payload: LoginPayload): Promise<User> {
  return (await apiClient.post<User>(`${USERS}/login`, payload)).data;
}

export async function logout(): Promise<MessageResponse> {
  return (await apiClient.get<MessageResponse>(`${USERS}/logout`)).data;
}

export async function forgotPassword(payload: ForgotPayload): Promise<MessageResponse> {
  return (await apiClient.post<MessageResponse>(`${USERS}/forgotpassword`, payload)).data;
}

export async function resetPassword(resetToken: string, payload: ResetPayload): Promise<MessageResponse> {
  const path = `${USERS}/resetpassword/${encodeURIComponent(resetToken)}`;
  return (await apiClient.put<MessageResponse>(path, payload)).data;
}

export async function getLoginStatus(): Promise<boolean> {
  return (await apiClient.get<boolean>(`${USERS}/loggedin`)).data === true;
}

export async function getUser(): Promise<User> {
  return (await apiClient.get<User>(`${USERS}/getuser`)).data;
}

export async function updateUser(payload: UpdateUserPayload): Promise<User> {
  return (await apiClient.patch<User>(`${USERS}/updateuser`, payload)).data;
}

export async function changePassword(payload: ChangePasswordPayload): Promise<MessageResponse> {
  return (await apiClient.patch<MessageResponse>(`${USERS}/changepassword`, payload)).data;
}
