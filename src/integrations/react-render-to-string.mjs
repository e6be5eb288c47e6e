// @ts-check
/**
 * Islands rendered to HTML in one call (`renderToString`) instead of through a web stream, with their ids
 * prefixed as the browser's hydration expects.
 *
 * @astrojs/react renders each island with `renderToReadableStream` and reads the stream back into a string.
 * Its `experimentalDisableStreaming` option calls `renderToString` instead. On a page rendered on request
 * that is the difference between 287 and 348 no-JavaScript lead posts a second (`npm run bench:submit --
 * --mode nojs`, medians of 5 alternating runs, docs/performance.md). But in that branch @astrojs/react 7.0.0 leaves out the
 * render options it passes to the stream: the island's `identifierPrefix`. Without it every island's
 * `useId` ids (a label's `for`, an accordion's `aria-controls`) differ from the ones the browser makes when
 * it hydrates with the island's `prefix`, and they can repeat across the islands of a page. React's
 * `renderToString` takes the same `identifierPrefix` option, so this integration passes the options on.
 * That is one expression in @astrojs/react's server renderer, rewritten as Vite loads it. The build stops,
 * naming this file, if that expression is not found: an upgrade of @astrojs/react that changes it needs
 * this file looked at again, and removed if the upgrade passes the options itself.
 * The prerendered pages came out byte-identical to the streamed ones, apart from the islands' prefix
 * numbers, which the ids follow. Those numbers count islands in the order Astro starts rendering them, so
 * the same page rendered on request (src/pages/on-request) may number them differently from its prerendered
 * file; each page is consistent with itself, which is what hydration needs (docs/performance.md).
 */
const serverRenderer = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
const unprefixed = 'ReactDOM.renderToString(vnode)';
const prefixed = 'ReactDOM.renderToString(vnode, renderOptions)';

/** @param {string} code @param {string} id @returns {string | undefined} */
export function passRenderOptions(code, id) {
  if (!serverRenderer.test(id.split('?')[0])) return undefined;
  if (code.includes(prefixed)) return undefined;
  if (!code.includes(unprefixed) || !code.includes('const renderOptions = {')) {
    throw new Error(`src/integrations/react-render-to-string.mjs: ${id} no longer calls "${unprefixed}" after building "renderOptions"; check how this @astrojs/react renders without streaming, and update or remove this integration`);
  }
  return code.replace(unprefixed, prefixed);
}

/** @returns {import('astro').AstroIntegration} */
export default function reactRenderToString() {
  return {
    name: 'postcraft:react-render-to-string',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'postcraft:react-identifier-prefix',
                enforce: 'pre',
                transform(code, id) {
                  const out = passRenderOptions(code, id);
                  return out === undefined ? undefined : { code: out, map: null };
                },
              },
            ],
          },
        });
      },
    },
  };
}
