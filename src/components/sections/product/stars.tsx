import { Star } from 'lucide-react';

/** A star rating read out as text ("Rated 5 out of 5"). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <div className={className} role="img" aria-label={`Rated ${rating} out of 5`}>
      <span className="flex gap-0.5 text-amber-500">
        {Array.from({ length: 5 }, (_, i) => (
          <Star key={i} aria-hidden className="size-4" fill={i < rating ? 'currentColor' : 'none'} strokeWidth={1.5} />
        ))}
      </span>
    </div>
  );
}
