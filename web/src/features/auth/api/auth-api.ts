export interface Registration {
  name: string;
  email: string;
  password: string;
  phone?: string;
}

/**
 * The `Users/{uid}` fields a member writes about themself at registration
 * (docs/architecture/roles-and-rules.md#what-a-client-may-write).
 */
export interface RegistrationProfile {
  Name: string;
  Email: string;
  Phone?: string;
}

/** The product's auth calls. Failures reject with the provider's error (it carries `code`). */
export interface AuthApi {
  signIn: (email: string, password: string) => Promise<void>;
  signInWithGoogle: () => Promise<void>;
  /** Creates the account and signs it in; resolves with its uid. */
  createUser: (email: string, password: string) => Promise<string>;
  sendVerification: () => Promise<void>;
  writeProfile: (uid: string, profile: RegistrationProfile) => Promise<void>;
  sendPasswordReset: (email: string) => Promise<void>;
}
