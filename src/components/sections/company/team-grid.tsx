import { initials, type TeamMember } from '@/content/about';

const tints = ['from-violet-600 to-pink-600', 'from-indigo-600 to-violet-600', 'from-pink-600 to-orange-500', 'from-teal-600 to-indigo-600'];

/** The team, with initials avatars (no photos of made-up people). */
export function TeamGrid({ members }: { members: readonly TeamMember[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {members.map((m, i) => (
        <li key={m.name} className="rounded-2xl border border-border bg-white p-6 text-center shadow-sm">
          <span
            aria-hidden
            className={`mx-auto flex size-20 items-center justify-center rounded-full bg-gradient-to-br ${tints[i % tints.length]} text-2xl font-semibold text-white shadow-sm`}
          >
            {initials(m.name)}
          </span>
          <h3 className="mt-4 text-lg font-semibold tracking-tight">{m.name}</h3>
          <p className="text-sm font-medium text-brand-strong">{m.role}</p>
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{m.bio}</p>
        </li>
      ))}
    </ul>
  );
}
