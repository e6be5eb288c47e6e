import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { FormOutcome, HiddenFields, LeadFormElement, SubmitButton } from './fields';
import { useLeadForm, type LeadFormProps } from './use-lead-form';

const variants = {
  blog: {
    id: 'newsletter-blog',
    // No text of its own: the /blog band around this form already says what the newsletter brings and
    // 'No spam' (blog-page.tsx); a second paragraph here made the block say it twice.
    title: 'Subscribe to our newsletter',
  },
  footer: {
    id: 'newsletter-footer',
    title: 'Get product news and tips',
  },
} as const;

/** Newsletter sign-up: stored once per address in newsletter_subscriptions. */
export function NewsletterForm({ source, page, initialState }: LeadFormProps & { source: 'blog' | 'footer' }) {
  const v = variants[source];
  const form = useLeadForm('newsletter', { id: v.id, page, initialState, fixed: { source } });
  const { errorId, error, ...email } = form.fieldProps('email');
  const compact = source === 'footer';
  return (
    <LeadFormElement
      form={form}
      labelledBy={`${v.id}-title`}
      className={compact ? 'mt-6' : 'rounded-2xl border border-border bg-gradient-to-br from-brand-soft to-white p-6 text-center shadow-sm sm:p-10'}
    >
      <h2 id={`${v.id}-title`} className={compact ? 'text-sm font-semibold text-foreground' : 'text-2xl font-semibold tracking-tight'}>
        {v.title}
      </h2>
      <HiddenFields form={form} />
      <div className={cn('flex gap-2', compact ? 'mt-3' : 'mx-auto mt-6 max-w-md flex-col text-left sm:flex-row')}>
        <div className="min-w-0 flex-1">
          <label htmlFor={email.id} className="sr-only">
            Email address
          </label>
          <Input {...email} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required aria-required />
        </div>
        <SubmitButton form={form} label="Subscribe" pendingLabel="Subscribing..." className="h-11" />
      </div>
      {/* No summary in so small a form: the field's own message is the announcement. */}
      <div role="alert">
        <FieldError id={errorId} message={error} className={compact ? undefined : 'mx-auto max-w-md text-left'} />
      </div>
      <FormOutcome form={form} summary={false} className={compact ? 'mt-3' : 'mx-auto mt-4 max-w-md text-left'} />
    </LeadFormElement>
  );
}
