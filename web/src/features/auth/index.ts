export type { AuthApi, Registration, RegistrationProfile } from './api/auth-api';
export { firebaseAuthApi } from './api/firebase-auth-api';
export { authErrorText } from './auth-errors';
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { returnPath, withReturnTo } from './return-path';
export { useSignInHref } from './hooks/use-sign-in-href';
