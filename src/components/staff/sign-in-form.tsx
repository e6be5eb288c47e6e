import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { StatusMessage } from '@/components/ui/status';
import { initialSignInState, type SignInState } from '@/lib/staff/sign-in-state';
import { usePostedAction } from './action-form';

/** The sign-in form: a plain POST to /staff/sign-in; after a refusal the page comes back with the message and focus on the field to fix. */
export function SignInForm({ next }: { next: string }) {
  const posted = usePostedAction('signIn');
  const state: SignInState = posted ? (posted.result as SignInState) : initialSignInState;
  const focusEmail = state.status !== 'idle' && Boolean(state.fieldErrors?.email);
  const focusPassword = state.status !== 'idle' && !focusEmail;
  const emailError = state.fieldErrors?.email;
  const passwordError = state.fieldErrors?.password;
  return (
    <form method="post" noValidate className="space-y-5">
      <input type="hidden" name="_action" value="signIn" />
      <input type="hidden" name="next" value={next} />
      <div aria-live="assertive" className="empty:absolute">
        {state.message ? (
          <StatusMessage key={state.at} tone="error" title={state.status === 'limited' ? 'Please wait' : 'Sign-in failed'}>
            {state.message}
          </StatusMessage>
        ) : null}
      </div>
      <div>
        <Label htmlFor="staff-email">Email</Label>
        <Input
          autoFocus={focusEmail || undefined}
          id="staff-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={state.email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby="staff-email-error"
        />
        <FieldError id="staff-email-error" message={emailError} />
      </div>
      <div>
        <Label htmlFor="staff-password">Password</Label>
        <Input
          autoFocus={focusPassword || undefined}
          id="staff-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={passwordError ? true : undefined}
          aria-describedby="staff-password-error"
        />
        <FieldError id="staff-password-error" message={passwordError} />
      </div>
      <Button type="submit" className="w-full">
        Sign in
      </Button>
    </form>
  );
}
