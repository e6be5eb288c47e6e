/** What the sign-in action answers (client-safe). */
export type SignInState = {
  status: 'idle' | 'invalid' | 'refused' | 'limited';
  message?: string;
  fieldErrors?: { email?: string; password?: string };
  email?: string;
  at?: number;
};

export const initialSignInState: SignInState = { status: 'idle' };
/** The one answer to an unknown address, a wrong password and a disabled account. */
export const incorrectCredentials = 'Incorrect email or password.';
