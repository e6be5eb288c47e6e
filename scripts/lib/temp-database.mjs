// A fresh database on a PostgreSQL server for one run of a suite, dropped afterwards.
import pg from 'pg';

export async function createTempDatabase(serverUrl, prefix) {
  const name = `postcraft_${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: async () => {
      const c = new pg.Client(serverUrl);
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
