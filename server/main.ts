// `npm start` (`node --import tsx server/main.ts`): the production server, serve.ts. The environment is
// set before anything is imported, since React and others read NODE_ENV when they load.
process.env.NODE_ENV = 'production';
process.env.ASTRO_TELEMETRY_DISABLED = '1';

await import('./serve');

export {};
