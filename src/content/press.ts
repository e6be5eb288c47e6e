import { checked, ContentError, fillTokens, readMarkdownCollection } from '@/lib/content/entries';
import { readBlocks } from '@/lib/content/markdown';
import { person } from './people';
import { pressReleaseSchema } from './schemas';
import { site } from '@/lib/config/site';

export type PressRelease = { slug: string; date: string; title: string; summary: string };

/** The press releases: the Markdown files of src/content/press-releases (front matter title and date, the body the summary), newest first. */
function readPressReleases(): PressRelease[] {
  return readMarkdownCollection('press-releases')
    .map(({ id, file, data, body }) => {
      const fm = checked(pressReleaseSchema, data, file);
      const blocks = readBlocks(body, file, 'summary');
      if (blocks.length !== 1 || typeof blocks[0] !== 'string') throw new ContentError(file, 'summary: the body must be one paragraph');
      return { slug: id, date: fm.date, title: fillTokens(fm.title, { site: site.name }, file, 'title'), summary: blocks[0] };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

export const pressReleases: PressRelease[] = readPressReleases();

export type MediaKitItem = { title: string; description: string; href: string; format: string; download: string };

/** Files of the media kit, built at build time by the endpoints under src/pages/press/. */
const slug = site.name.toLowerCase();
export const mediaKit: MediaKitItem[] = [
  { title: 'Logo pack', description: 'Logo, mark and wordmark in colour, black and white (SVG).', href: '/press/logo-pack.zip', format: 'ZIP', download: `${slug}-logo-pack.zip` },
  { title: 'Fact sheet', description: 'Company facts, figures, leadership and contacts on one page.', href: '/press/fact-sheet.pdf', format: 'PDF', download: `${slug}-fact-sheet.pdf` },
  { title: 'Brand colours', description: 'The brand palette with hex values and usage notes.', href: '/press/brand-colours.svg', format: 'SVG', download: `${slug}-brand-colours.svg` },
];

export const awards = [
  { year: '2026', title: 'Best Social Media Tool for Small Business', issuer: 'SaaS Growth Awards' },
  { year: '2026', title: 'Top 50 Creator Economy Start-ups', issuer: 'Creator Economy Report' },
  { year: '2025', title: 'Product of the Day', issuer: 'Launch Community' },
  { year: '2025', title: 'Rising Star in Marketing Technology', issuer: 'MarTech Breakthrough' },
] as const;

export const mediaQuotes = [
  { quote: 'The fastest route we have seen from a finished Canva design to a post on every platform.', outlet: 'The Creator Weekly' },
  { quote: 'A calm, well-made tool that small teams will actually enjoy using.', outlet: 'Small Business Tech Review' },
  { quote: 'Cross-posting without the busywork, and analytics that tell you what to do next.', outlet: 'Marketing Tools Digest' },
] as const;

/** The press contacts: people of src/content/people.yaml with the address they answer. */
export const pressContacts = [
  { ...person('hannah-brooks'), email: site.contacts.press },
  { ...person('kwame-mensah'), email: site.contacts.partners },
];
