import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useToastStore } from '../../../components/ui/toast';
import { useLangStore } from '../../../lib/i18n';
import { authError, createFakeAuthApi } from '../../../../test/fakes/fake-auth-api';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';

function inRouter(node: React.ReactNode) {
  const { hook } = memoryLocation({ path: '/login' });
  return render(<Router hook={hook}>{node}</Router>);
}

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function renderLogin(fail: Parameters<typeof createFakeAuthApi>[0] = {}, promocode?: string) {
  const fake = createFakeAuthApi(fail);
  const onSignedIn = vi.fn();
  inRouter(
    <LoginForm
      api={fake.api}
      promocode={promocode}
      registerHref="/registro"
      resetHref="/reset-password"
      onSignedIn={onSignedIn}
    />,
  );
  return { ...fake, onSignedIn };
}

describe('login', () => {
  it('signs in with the typed e-mail and password', async () => {
    const { state, onSignedIn } = renderLogin();
    type('Email', ' member@demo.studio ');
    type('Password', 'studio123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(state.signIns).toEqual([{ email: 'member@demo.studio', password: 'studio123' }]);
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it('shows the Spanish badly-written message for an invalid e-mail', async () => {
    const { onSignedIn } = renderLogin({ signIn: authError('auth/invalid-email') });
    type('Email', 'nope');
    type('Password', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    const alert = await screen.findByRole('alertdialog', { name: 'Error al autenticarse' });
    expect(alert.textContent).toContain('El correo electrónico está mal escrito');
    expect(onSignedIn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("shows the provider's code for any other failure", async () => {
    renderLogin({ signIn: authError('auth/wrong-password') });
    type('Email', 'member@demo.studio');
    type('Password', 'bad');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(
      (await screen.findByRole('alertdialog', { name: 'Error al autenticarse' })).textContent,
    ).toContain('auth/wrong-password');
  });

  it('offers Google sign-in and reports a closed popup by its code', async () => {
    const { state } = renderLogin({ signInWithGoogle: authError('auth/popup-closed-by-user') });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await settle();
    expect(state.googleSignIns).toBe(1);
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'auth/popup-closed-by-user',
    );
  });

  it('tells the member the coupon from the link is kept for checkout', () => {
    renderLogin({}, 'WELCOME10');
    expect(screen.getByText('Coupon WELCOME10 will be applied at checkout.')).toBeTruthy();
  });
});

function renderRegister(fail: Parameters<typeof createFakeAuthApi>[0] = {}) {
  const fake = createFakeAuthApi(fail);
  const onRegistered = vi.fn();
  inRouter(<RegisterForm api={fake.api} loginHref="/login" onRegistered={onRegistered} />);
  type('Name', 'Ana López');
  type('Email', 'ana@example.com');
  type('Password', 'secret123');
  return { ...fake, onRegistered };
}

describe('registration', () => {
  it('creates the account, sends the verification and writes the profile fields', async () => {
    const { state, onRegistered } = renderRegister();
    type('Phone (optional)', '8112345678');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('status').textContent).toBe('Agregando usuario a la base de datos');
    await settle();
    expect(state.created).toEqual(['ana@example.com']);
    expect(state.verifications).toBe(1);
    expect(state.profiles).toEqual([
      {
        uid: 'uid-1',
        profile: { Name: 'Ana López', Email: 'ana@example.com', Phone: '8112345678' },
      },
    ]);
    expect(onRegistered).toHaveBeenCalledOnce();
  });

  it('tells the new member the verification e-mail went to their address', async () => {
    renderRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await settle();
    expect(useToastStore.getState().toasts).toEqual([
      { id: 1, message: 'We sent a verification e-mail to ana@example.com.', durationMs: 2000 },
    ]);
  });

  it('claims no verification e-mail when it could not be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onRegistered } = renderRegister({ sendVerification: new Error('network') });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await settle();
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(onRegistered).toHaveBeenCalledOnce();
  });

  it("shows 'Error al registrarse' with the Spanish text for a badly written e-mail", async () => {
    const { state, onRegistered } = renderRegister({ createUser: authError('auth/invalid-email') });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await settle();
    const alert = await screen.findByRole('alertdialog', { name: 'Error al registrarse' });
    expect(alert.textContent).toContain('El correo electrónico está mal escrito');
    expect(state.profiles).toEqual([]);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it("shows the provider's code when the account cannot be created", async () => {
    renderRegister({ createUser: authError('auth/email-already-in-use') });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await settle();
    expect(
      (await screen.findByRole('alertdialog', { name: 'Error al registrarse' })).textContent,
    ).toContain('auth/email-already-in-use');
  });

  it('asks to tell the webmaster Fatal Error Code N°54893 when the profile cannot be written', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onRegistered } = renderRegister({ writeProfile: new Error('permission_denied') });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await settle();
    expect(
      await screen.findByRole('alertdialog', { name: 'Fatal Error Code N°54893' }),
    ).toBeTruthy();
    expect(onRegistered).not.toHaveBeenCalled();
  });
});

it('asks for a name before creating the account', () => {
  const fake = createFakeAuthApi();
  inRouter(<RegisterForm api={fake.api} loginHref="/login" onRegistered={vi.fn()} />);
  type('Email', 'ana@example.com');
  type('Password', 'secret123');
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  expect(fake.state.created).toEqual([]);
  expect(document.activeElement).toBe(screen.getByLabelText('Name'));
});

describe('reset password', () => {
  it('sends the reset e-mail and says where it went', async () => {
    const fake = createFakeAuthApi();
    inRouter(<ResetPasswordForm api={fake.api} loginHref="/login" />);
    type('Email', 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset e-mail' }));
    await settle();
    expect(fake.state.resets).toEqual(['ana@example.com']);
    expect(screen.getByRole('status').textContent).toContain('ana@example.com');
  });

  it('starts from the address a link brought', async () => {
    const fake = createFakeAuthApi();
    inRouter(
      <ResetPasswordForm api={fake.api} loginHref="/login" initialEmail="iñigo@example.mx" />,
    );
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'iñigo@example.mx');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset e-mail' }));
    await settle();
    expect(fake.state.resets).toEqual(['iñigo@example.mx']);
  });

  it('speaks Spanish when the member chose it', async () => {
    useLangStore.setState({ lang: 'es' });
    const fake = createFakeAuthApi({ sendPasswordReset: authError('auth/invalid-email') });
    inRouter(<ResetPasswordForm api={fake.api} loginHref="/login" />);
    type('Correo electrónico', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar correo' }));
    await settle();
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'El correo electrónico está mal escrito',
    );
  });
});
