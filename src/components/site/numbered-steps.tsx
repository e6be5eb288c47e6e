import { cn } from '@/lib/utils';

export type Step = { title: string; description: string };

const styles = {
  /** A large gradient number centred above each step (/affiliate). */
  centered: {
    item: 'text-center',
    number: 'mx-auto flex size-12 bg-gradient-brand text-lg text-white',
    title: 'mt-4 text-lg',
    description: 'mt-2',
  },
  /** A gradient number at the start of each step (the home page). */
  default: {
    item: '',
    number: 'inline-flex size-10 bg-gradient-brand text-base text-white',
    title: 'mt-4 text-lg',
    description: 'mt-2 leading-relaxed',
  },
  /** A small, soft number; for four steps in a row (/security). */
  compact: {
    item: '',
    number: 'flex size-9 bg-brand-soft text-sm text-brand-strong',
    title: 'mt-3',
    description: 'mt-1',
  },
} as const;

/**
 * Steps as an ordered list of cards, each with its number, a title (h3) and a sentence. The number is
 * decoration (the list is ordered); `announceStep` also puts "Step N: " before each title for screen readers.
 */
export function NumberedSteps({
  steps,
  variant = 'default',
  announceStep = false,
  className,
}: {
  steps: readonly Step[];
  variant?: keyof typeof styles;
  announceStep?: boolean;
  /** The grid's columns. */
  className?: string;
}) {
  const s = styles[variant];
  return (
    <ol className={cn('grid gap-6', className)}>
      {steps.map((step, i) => (
        <li key={step.title} className={cn('rounded-2xl border border-border bg-white p-6 shadow-sm', s.item)}>
          <span aria-hidden className={cn('items-center justify-center rounded-full font-bold', s.number)}>
            {i + 1}
          </span>
          <h3 className={cn('font-semibold tracking-tight', s.title)}>
            {announceStep && <span className="sr-only">Step {i + 1}: </span>}
            {step.title}
          </h3>
          <p className={cn('text-sm text-muted-foreground', s.description)}>{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
