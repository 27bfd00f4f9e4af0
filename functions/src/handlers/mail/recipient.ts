// Where a member's mail goes: the e-mail of their Auth account, once it is verified. The
// profile's `Email` is what the studio shows (the member writes it, and could write anyone's);
// an address the member has not proven theirs gets only the welcome, which comes with Firebase's
// own verification e-mail.
import { FirebaseAuthError } from 'firebase-admin/auth';
import type { Auth } from 'firebase-admin/auth';
import type { MailKind } from '../../mail';

/** What the sender needs of an Auth account. */
export interface MailAccount {
  email?: string | undefined;
  emailVerified: boolean;
}

/** The Auth account of a uid, or undefined when there is none. */
export type MailAccounts = (uid: string) => Promise<MailAccount | undefined>;

/** The deployed accounts: Firebase Auth's user records. */
export function authMailAccounts(auth: Auth): MailAccounts {
  return async (uid) => {
    try {
      const user = await auth.getUser(uid);
      return { email: user.email, emailVerified: user.emailVerified };
    } catch (error) {
      if (error instanceof FirebaseAuthError && error.code === 'auth/user-not-found')
        return undefined;
      throw error;
    }
  };
}

/** The kinds that go to an address not yet verified: the welcome, beside the verification. */
const BEFORE_VERIFICATION: ReadonlySet<MailKind> = new Set(['welcome']);

export type MailAddressChoice =
  | { email: string }
  /** No address at all: the mail fails. */
  | { missing: string }
  /** An address the member has not verified: the mail is skipped. */
  | { unverified: string };

export function mailAddressFor(
  account: MailAccount | undefined,
  kind: MailKind,
): MailAddressChoice {
  const email = account?.email?.trim();
  if (account === undefined || !email) return { missing: 'The member has no sign-in e-mail' };
  if (account.emailVerified || BEFORE_VERIFICATION.has(kind)) return { email };
  return { unverified: 'The member has not verified their e-mail' };
}
