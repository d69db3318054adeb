/**
 * Every user-facing text the spec fixes (SPEC.md §2, §5, §8), plus the server's own messages.
 * Screens, the API server, the mocks and the tests all read them from here.
 */
export const MESSAGES = {
  allFieldsRequired: 'All fields are required',
  invalidEmail: 'Please enter a valid email',
  passwordTooShort: 'Passwords must be up to 6 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  emailRequired: 'Please enter an email',
  newPasswordsDoNotMatch: 'New passwords do not match',
  sessionExpired: 'Session expired, please login to continue.',
  registered: 'User Registered successfully',
  loggedIn: 'Login Successful...',
  loggedOut: 'Logged out successfully',
  genericError: 'Something went wrong, please try again.',
  profileLoadFailed: 'Something went wrong, please reload the page...',
  emailCannotChange: 'Email cannot be changed.',

  // Server-side messages.
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'Email has already been registered',
  notAuthorized: 'Not authorized, please login',
  userNotFound: 'User not found',
  resetEmailSent: 'If that email is registered, a reset link has been sent to it.',
  resetTokenInvalid: 'Invalid or expired reset link, please request a new one',
  passwordReset: 'Password reset successful, please login',
  wrongOldPassword: 'Old password is incorrect',
  passwordChanged: 'Password changed successfully',
  profileUpdated: 'Profile updated successfully',
  malformedJson: 'Request body is not valid JSON',
  notFound: 'Not found',
  payloadTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  tooManyRequests: 'Too many requests, please try again later',
  crossSiteRefused: 'Cross-site request refused',
  internalError: 'Internal server error',
  serviceUnavailable: 'Service temporarily unavailable, please try again',
  photoMustBeHttp: 'Photo must be an http(s) address or an uploaded image',
  nameRequired: 'Please enter a name',
  fieldTooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;
