import type { IconName } from './home';
import { site } from '@/lib/config/site';
import { templates } from './templates';

export type CoreFeature = {
  icon: IconName;
  badge: 'Core Feature' | 'Popular' | 'AI-Powered' | 'Pro' | 'New' | 'CRM';
  title: string;
  description: string;
  points: string[];
};

/** The six core feature cards of /features, one per badge. */
export const coreFeatures: CoreFeature[] = [
  {
    icon: 'send',
    badge: 'Core Feature',
    title: 'One-click publishing',
    description: `Publish or schedule one ${site.designTool} design to six platforms at once, each in the right size and format.`,
    points: ['Instagram, Facebook, LinkedIn, X, Pinterest, TikTok', 'Automatic resizing and cropping', 'Per-platform captions and hashtags'],
  },
  {
    icon: 'calendar',
    badge: 'Popular',
    title: 'Content calendar',
    description: 'See every scheduled post across every platform on one calendar, and move it with a drag.',
    points: ['Week and month views', 'Bulk scheduling', 'Queue slots that fill themselves'],
  },
  {
    icon: 'sparkles',
    badge: 'AI-Powered',
    title: 'Analytics and AI posting times',
    description: 'Learn what works with reach and engagement per post, and let AI suggest when to publish next.',
    points: ['Best time to post, per platform', 'Engagement and growth trends', 'Top-performing designs'],
  },
  {
    icon: 'file-chart',
    badge: 'Pro',
    title: 'White-label reporting',
    description: 'Send clients polished reports with your logo and colours, generated and delivered on a schedule.',
    points: ['Your brand, not ours', 'PDF and shareable links', 'Weekly or monthly delivery'],
  },
  {
    icon: 'layout',
    badge: 'New',
    title: 'Template library',
    // The gallery's own count (/templates), not a round claim.
    description: `Start from ${templates.length} professionally designed templates for every platform and open them in ${site.designTool}.`,
    points: ['Sized for each platform', 'New templates every week', 'Search by platform and topic'],
  },
  {
    icon: 'inbox',
    badge: 'CRM',
    title: 'Unified inbox',
    description: 'Answer direct messages from every platform in one inbox and turn conversations into leads.',
    points: ['Lead tagging', 'Quick replies', 'Assign conversations to teammates'],
  },
];

export type ExtraFeature = { icon: IconName; title: string; description: string };

/** The four extras of /features. */
export const extraFeatures: ExtraFeature[] = [
  { icon: 'target', title: 'Campaign management', description: 'Group posts into campaigns with dates, goals and results you can compare.' },
  {
    icon: 'users',
    title: 'Team collaboration',
    description: 'Role-based permissions and approval workflows, so nothing goes live without the right sign-off.',
  },
  { icon: 'languages', title: '50+ languages', description: 'Write once and reach everyone: AI translation into more than 50 languages.' },
  { icon: 'smartphone', title: 'Mobile apps', description: 'Schedule, approve and publish from the iOS and Android apps, wherever you are.' },
];
