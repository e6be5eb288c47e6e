// The production server, serve.ts, as `npm start` runs it: bundled by server/build.ts into
// dist/app/main.mjs and run by Node as plain JavaScript. The environment is set before anything is
// imported, since React and others read NODE_ENV when they load.
process.env.NODE_ENV = 'production';
process.env.ASTRO_TELEMETRY_DISABLED = '1';

await import('./serve');

export {};
