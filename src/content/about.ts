import { site } from '@/lib/config/site';
import type { IconItem } from './programmes';
import { personIn, type Person } from './person-model';

/** The company's founding year, used in the story and the press fact sheet. */
export const foundedYear = 2021;

export const story = [
  `${site.name} began in ${foundedYear} with a frustration every creator knows: a design finished in minutes, then an hour of downloading, resizing and re-uploading it to every platform.`,
  'Our founders, a designer and an engineer who had both run social media for small businesses, built a tool to close that gap: connect your design account once, and publish or schedule a design everywhere in one click.',
  'Today more than 50,000 creators, agencies and small businesses use it to plan campaigns, answer their audience and see what works, from one calm place.',
];

/** Marketing figures (kept exactly: docs/content.md). */
export const aboutStats = [
  { value: '50K+', label: 'Happy users' },
  { value: '2M+', label: 'Posts created' },
  { value: '5x', label: 'Faster posting' },
  { value: '4.9', label: 'Average rating' },
] as const;

export const values: IconItem[] = [
  { icon: 'users', title: 'Creators first', description: 'We build for the people who make things. Every feature starts with a conversation with a customer.' },
  { icon: 'clock', title: 'Respect for time', description: 'The best tool is the one you barely notice. We remove steps, never add them.' },
  { icon: 'badge', title: 'Trust by default', description: 'Your designs and data are yours. We keep only what we need and protect it like our own.' },
  { icon: 'rocket', title: 'Ship and learn', description: 'We release small improvements every week and listen closely to what happens next.' },
];

export type TeamMember = Person & { bio: string };

/** The team (made-up people from src/content/people, shown with initials avatars). */
export const teamOf = (people: readonly Person[]): TeamMember[] => {
  const member = (id: string, bio: string): TeamMember => ({ ...personIn(people, id), bio });
  return [
    member('amelia-chen', 'Former design lead at a creative agency; ran social media for 40 small brands.'),
    member('jonas-weber', `Built publishing systems at scale for a decade before starting ${site.name}.`),
    member('marcus-reid', 'Turns creator feedback into the roadmap; previously product at two SaaS start-ups.'),
    member('elena-park', 'Writes our guides and newsletter, and teaches social media strategy on weekends.'),
    member('priya-shah', 'Leads the team that answers our customers, usually within a couple of hours.'),
    member('tom-becker', 'Looks after our public API and the developers who build on it.'),
    member('lucia-romero', 'Designs the flows our customers use every day, with accessibility in mind.'),
    member('kwame-mensah', 'Works with our partners, affiliates and agency clients around the world.'),
  ];
};

/** Avatar initials (kept here for the components that import it from the about content). */
export { initials } from './person-model';
