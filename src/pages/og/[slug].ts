import type { GetStaticPaths } from 'astro';
import { routes } from '@/lib/config/routes';
import { ogSlug } from '@/lib/metadata';
import { openGraphPng } from '@/lib/open-graph';

/** The Open Graph images, one per route (/og/home.png, /og/pricing.png, ...), prerendered. */
export const getStaticPaths = (() => routes.map((route) => ({ params: { slug: `${ogSlug(route.path)}.png` }, props: { route } }))) satisfies GetStaticPaths;

export async function GET({ props }: { props: { route: (typeof routes)[number] } }) {
  return new Response(new Uint8Array(await openGraphPng(props.route)), { headers: { 'Content-Type': 'image/png' } });
}
