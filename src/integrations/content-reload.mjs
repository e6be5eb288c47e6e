// @ts-check
// Under `astro dev`: a save of a content file (src/content/**/*.md or .yaml, by hand or from /keystatic)
// shows at once. The content modules (src/content/*.ts) read those files when they are first imported,
// outside Vite's module graph, so a change would otherwise need a restart: on a change, every server-side
// module is invalidated (read again on the next request) and the open pages reload.
import path from 'node:path';

const contentFile = /\.(md|ya?ml)$/;

/** @returns {import('astro').AstroIntegration} */
export default function contentReload() {
  return {
    name: 'postcraft:content-reload',
    hooks: {
      'astro:config:setup': ({ command, updateConfig, config }) => {
        if (command !== 'dev') return;
        const contentDir = path.join(new URL(config.srcDir).pathname, 'content') + path.sep;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'postcraft:content-reload',
                configureServer(server) {
                  /** @param {string} file */
                  const changed = (file) => {
                    if (!file.startsWith(contentDir) || !contentFile.test(file)) return;
                    for (const environment of Object.values(server.environments)) {
                      if (environment.name !== 'client') environment.moduleGraph.invalidateAll();
                    }
                    server.environments.client.hot.send({ type: 'full-reload' });
                  };
                  server.watcher.on('change', changed);
                  server.watcher.on('add', changed);
                  server.watcher.on('unlink', changed);
                },
              },
            ],
          },
        });
      },
    },
  };
}
