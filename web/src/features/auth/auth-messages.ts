/**
 * The sign-in, registration and password-reset screens' own labels, English and Spanish. Product texts the spec or the functions define come from
 * `@studio/core`'s catalogue through the same `t`.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const authMessages = defineMessages({
  en: {
    email: 'Email',
    password: 'Password',
    fullName: 'Name',
    phone: 'Phone (optional)',
    signIn: 'Sign in',
    signInWithGoogle: 'Sign in with Google',
    createAccount: 'Create account',
    noAccount: 'New here? Create an account',
    forgotPassword: 'Forgot your password?',
    backToLogin: 'Back to sign in',
    resetTitle: 'Reset your password',
    sendResetEmail: 'Send reset e-mail',
    resetSent: 'We sent a link to reset your password to {email}.',
    verificationSent: 'We sent a verification e-mail to {email}.',
    promocodeKept: 'Coupon {code} will be applied at checkout.',
    // The product's own texts, verbatim (docs/product-contract.md).
    registerError: 'Error al registrarse',
    loginError: 'Error al autenticarse',
    badEmail: 'El correo electrónico está mal escrito',
    providerError: '{code}',
    fatalRegisterError: 'Fatal Error Code N°54893',
    fatalRegisterHelp: 'Please send this code to the webmaster.',
    addingUser: 'Agregando usuario a la base de datos',
  },
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    fullName: 'Nombre',
    phone: 'Teléfono (opcional)',
    signIn: 'Iniciar sesión',
    signInWithGoogle: 'Iniciar sesión con Google',
    createAccount: 'Crear cuenta',
    noAccount: '¿Eres nuevo? Crea una cuenta',
    forgotPassword: '¿Olvidaste tu contraseña?',
    backToLogin: 'Volver a iniciar sesión',
    resetTitle: 'Restablece tu contraseña',
    sendResetEmail: 'Enviar correo',
    resetSent: 'Enviamos un enlace para restablecer tu contraseña a {email}.',
    verificationSent: 'Enviamos un correo de verificación a {email}.',
    promocodeKept: 'El cupón {code} se aplicará al pagar.',
    // The product's own texts, verbatim (docs/product-contract.md).
    registerError: 'Error al registrarse',
    loginError: 'Error al autenticarse',
    badEmail: 'El correo electrónico está mal escrito',
    providerError: '{code}',
    fatalRegisterError: 'Fatal Error Code N°54893',
    fatalRegisterHelp: 'Por favor envía este código al webmaster.',
    addingUser: 'Agregando usuario a la base de datos',
  },
});

export type AuthKey = MessageKeyOf<typeof authMessages>;
