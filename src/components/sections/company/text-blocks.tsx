import type { Block } from '@/content/body-model';
import { cn } from '@/lib/utils';

/** The paragraphs and bullet lists of a content section (an article's, a legal document's), as text. */
export function TextBlocks({ blocks, className, listClassName }: { blocks: readonly Block[]; className?: string; listClassName?: string }) {
  return blocks.map((b, i) =>
    typeof b === 'string' ? (
      <p key={i} className={cn('mt-3', className)}>
        {b}
      </p>
    ) : (
      <ul key={i} className={cn('mt-3 list-disc marker:text-brand', className, listClassName)}>
        {b.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ),
  );
}
