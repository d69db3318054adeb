/** Entities as the API sends them (DESIGN.md §4). Ids are `_id`. */
export interface User {
  _id: string;
  name: string;
  email: string;
  phone: string;
  bio: string;
  photo: string;
}

export interface ApiError {
  message: string;
  requestId?: string;
}

export interface MessageResponse {
  message: string;
}

export interface LoginPayload {
  email: string;
  password: string;
}

export interface RegisterPayload {
  name: string;
  email: string;
  password: string;
}

/** The register form also holds the confirmation; only RegisterPayload is sent. */
export interface RegisterForm extends RegisterPayload {
  password2: string;
}

export interface ForgotPayload {
  email: string;
}

export interface ResetPayload {
  password: string;
  password2: string;
}

export interface UpdateUserPayload {
  name: string;
  phone: string;
  bio: string;
  photo: string;
}

export interface ChangePasswordPayload {
  oldPassword: string;
  password: string;
}

export interface ChangePasswordForm extends ChangePasswordPayload {
  password2: string;
}

/** Response of the photo upload route, shaped like the third-party image host's (SPEC.md §7). */
export interface UploadResponse {
  url: string;
}
