/**
 * The answers the server gives before Astro sees a request: a post its guards refuse, a method a page does
 * not take, a request that failed. Each is a page prerendered by Astro (src/pages/errors/[kind].astro, in the
 * site's layout, not indexed) that the server sends from memory with the status below (server/serve.ts), so
 * a flood of refused posts costs no rendering.
 */
const home = { href: '/', label: 'Go to the home page' };

export const serverAnswers = {
  'other-site': {
    status: 403,
    title: 'Form not accepted',
    text: 'This form was sent from another website, so it was not accepted. To contact us, please use the form on our own site.',
    next: { href: '/contact', label: 'Go to our contact form' },
  },
  'too-large': {
    status: 413,
    title: 'Form too large',
    text: 'What you sent is larger than 64 kB, the most a form on this site accepts. Please go back with your browser’s Back button, shorten your text and send it again.',
    next: home,
  },
  'not-a-form': {
    status: 415,
    title: 'Form not accepted',
    text: 'This address only accepts forms sent from the pages of this site. Please go back with your browser’s Back button and use the form.',
    next: home,
  },
  unreadable: {
    status: 400,
    title: 'Form not readable',
    text: 'What was sent could not be read as a form. Please go back with your browser’s Back button, fill in the form again and send it.',
    next: home,
  },
  'not-allowed': {
    status: 405,
    title: 'Not available this way',
    text: 'This address does not accept that kind of request. Please use the links and forms of the site.',
    next: home,
  },
  unavailable: {
    status: 503,
    title: 'Something went wrong',
    text: 'The service could not answer this request. Please try again in a moment.',
    next: home,
  },
} as const satisfies Record<string, { status: number; title: string; text: string; next: { href: string; label: string } }>;

export type ServerAnswerKind = keyof typeof serverAnswers;

export const serverAnswerKinds = Object.keys(serverAnswers) as ServerAnswerKind[];

const folder = '/errors/';

/** The public path of an answer's prerendered page (src/pages/errors). */
export const serverAnswerPath = (kind: ServerAnswerKind) => `${folder}${kind}`;

/** Whether `path` is one of those pages: asked for directly, it does not exist (404). */
export const isServerAnswerPath = (path: string) => path.startsWith(folder);
