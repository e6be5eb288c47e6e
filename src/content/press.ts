import { people } from './people';
import { site } from './site';

export type PressRelease = { date: string; title: string; summary: string };

export const pressReleases: PressRelease[] = [
  {
    date: '2026-11-04',
    title: `${site.name} Passes 2 Million Posts Published for 50,000 Creators`,
    summary: 'The one-click publishing platform reaches a new milestone as small businesses move their social media to automated workflows.',
  },
  {
    date: '2026-10-14',
    title: `${site.name} Launches AI-Suggested Posting Times on Six Platforms`,
    summary: 'A new model learns when each customer\u2019s audience is online and proposes the best slot for every post.',
  },
  {
    date: '2026-07-22',
    title: `${site.name} Introduces a Managed Social Media Agency Service`,
    summary: 'Strategy, content creation, automated posting and analytics for businesses that want social media done for them.',
  },
  {
    date: '2026-03-10',
    title: `${site.name} Completes SOC 2 Type II Audit`,
    summary: 'An independent audit confirms the controls protecting customer designs and data.',
  },
];

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

/** The press contacts: people of content/people.ts with the address they answer. */
export const pressContacts = [
  { ...people.hannahBrooks, email: site.contacts.press },
  { ...people.kwameMensah, email: site.contacts.partners },
];
