'use client';
import { useActionState, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { StatusMessage } from '@/components/ui/status';
import { signIn } from '@/lib/staff/actions/sign-in';
import { initialSignInState } from '@/lib/staff/sign-in-state';

export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(signIn, initialSignInState);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state.status === 'idle') return;
    if (state.fieldErrors?.email) emailRef.current?.focus();
    else passwordRef.current?.focus();
  }, [state]);
  const emailError = state.fieldErrors?.email;
  const passwordError = state.fieldErrors?.password;
  return (
    <form action={action} noValidate className="space-y-5">
      <input type="hidden" name="next" value={next} />
      <div aria-live="assertive">
        {state.message ? (
          <StatusMessage key={state.at} tone="error" title={state.status === 'limited' ? 'Please wait' : 'Sign-in failed'}>
            {state.message}
          </StatusMessage>
        ) : null}
      </div>
      <div>
        <Label htmlFor="staff-email">Email</Label>
        <Input
          ref={emailRef}
          id="staff-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={state.email}
          key={`e${state.at}`}
          aria-invalid={emailError ? true : undefined}
          aria-describedby="staff-email-error"
        />
        <FieldError id="staff-email-error" message={emailError} />
      </div>
      <div>
        <Label htmlFor="staff-password">Password</Label>
        <Input
          ref={passwordRef}
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
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
