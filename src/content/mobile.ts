import { site } from '@/lib/config/site';

/** The /mobile page: store buttons (URLs from lib/config/site.ts), app features, screenshots. */
export const storeButtons = [
  { store: 'ios', label: 'Download on the App Store', short: 'App Store', platform: 'iOS', href: site.stores.ios },
  { store: 'android', label: 'Get it on Google Play', short: 'Google Play', platform: 'Android', href: site.stores.android },
] as const;

export const mobileFeatures = [
  { icon: 'calendar', title: 'Schedule on the go', description: 'Pick a design, choose platforms and a time, done. Your calendar syncs instantly.' },
  { icon: 'users', title: 'Approve from anywhere', description: 'Review and approve your team\u2019s posts with one tap, with comments in context.' },
  { icon: 'inbox', title: 'Reply to every DM', description: 'The unified inbox in your pocket: answer messages and tag leads between meetings.' },
  { icon: 'chart', title: 'Analytics at a glance', description: 'Reach and engagement for today, this week and every campaign.' },
] as const;

export const mobileScreens = [
  { id: 'calendar', title: 'Content calendar', caption: 'Your week of posts across six platforms.' },
  { id: 'composer', title: 'Post composer', caption: 'One design, every platform, the best time.' },
  { id: 'analytics', title: 'Analytics', caption: 'Reach and engagement, updated live.' },
] as const;
