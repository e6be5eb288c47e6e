import type { z } from 'zod';
import { fillTokens, type ContentEntry } from './entries';
import { personIn, type Person } from './person-model';
import type { pressReleaseSchema } from './schemas';
import { site } from '@/lib/config/site';

export type PressRelease = { slug: string; date: string; title: string; summary: string };

/** The press releases: the entries of the `pressReleases` collection (front matter title and date, the body the summary), newest first. */
export function pressReleasesOf(entries: readonly ContentEntry[]): PressRelease[] {
  return entries
    .map(({ id, filePath: file, data, body }) => {
      const fm = data as z.output<typeof pressReleaseSchema>;
      return { slug: id, date: fm.date, title: fillTokens(fm.title, { site: site.name }, file, 'title'), summary: body.text ?? '' };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

export type MediaKitItem = { title: string; description: string; href: string; format: string; download: string };

/** Files of the media kit, built at build time by the endpoints under src/pages/press/. */
const slug = site.name.toLowerCase();
export const mediaKit: MediaKitItem[] = [
  { title: 'Logo pack', description: 'Logo, mark and wordmark in colour, black and white (SVG).', href: '/press/logo-pack.zip', format: 'ZIP', download: `${slug}-logo-pack.zip` },
  { title: 'Fact sheet', description: 'Company facts, figures, leadership and contacts on one page.', href: '/press/fact-sheet.pdf', format: 'PDF', download: `${slug}-fact-sheet.pdf` },
  { title: 'Brand colours', description: 'The brand palette with hex values and usage notes.', href: '/press/brand-colours.svg', format: 'SVG', download: `${slug}-brand-colours.svg` },
];

/**
 * The awards of /press. Like the people and the customer brands, the programmes are made up, with coined
 * names that are no real programme's: the site must not say that a real programme gave it an award.
 */
export const awards = [
  { year: '2026', title: 'Best Social Media Tool for Small Business', issuer: 'Lumenwick Small Business Awards' },
  { year: '2026', title: 'Top 50 Creator Economy Start-ups', issuer: 'Harbourlight Creator List' },
  { year: '2025', title: 'Product of the Day', issuer: 'Launchwell Maker Community' },
  { year: '2025', title: 'Rising Star in Marketing Technology', issuer: 'Quillmark Marketing Tech Honours' },
] as const;

export const mediaQuotes = [
  { quote: 'The fastest route we have seen from a finished Canva design to a post on every platform.', outlet: 'The Creator Weekly' },
  { quote: 'A calm, well-made tool that small teams will actually enjoy using.', outlet: 'Small Business Tech Review' },
  { quote: 'Cross-posting without the busywork, and analytics that tell you what to do next.', outlet: 'Marketing Tools Digest' },
] as const;

export type PressContact = Person & { email: string };

/** The press contacts: people of src/content/people with the address they answer. */
export const pressContactsOf = (people: readonly Person[]): PressContact[] => [
  { ...personIn(people, 'hannah-brooks'), email: site.contacts.press },
  { ...personIn(people, 'kwame-mensah'), email: site.contacts.partners },
];
