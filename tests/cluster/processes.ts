// The processes of `npm run test:cluster`: instances of the built server on fixed ports (as `npm start`
// runs it: `node <flags> dist/app/main.mjs`), the worker and `staff:create` as package.json runs them, and
// Caddy from a Caddyfile made from deploy/Caddyfile. Each is killed at clean-up if it still runs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { onCleanup } from '../support/cleanup';
import { root, serverCommand } from '../support/start-server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A GET on loopback without keep-alive: its status, or 0 when nothing answered. */
export function probe(url: string, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

export type Instance = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  output: string;
  /** Spawns the process (without waiting). */
  spawn: () => void;
  /** Resolves once the process has printed its ready line; rejects when it exits first or after `ms`. */
  ready: (ms?: number) => Promise<void>;
  /** Sends `signal` and resolves with the exit code (null when killed by a signal) and the seconds it took. */
  stop: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: string | null; secs: number }>;
  alive: () => boolean;
};

/** One instance of the built server on `port`, with `env` added to this process's environment. */
export function instance(name: string, port: number, env: Record<string, string>): Instance {
  const inst: Instance = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child: null,
    output: '',
    spawn() {
      const [command, ...args] = serverCommand;
      const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      inst.child = child;
      inst.output = '';
      child.stdout!.on('data', (d: Buffer) => (inst.output += d));
      child.stderr!.on('data', (d: Buffer) => (inst.output += d));
      const unregister = onCleanup(`${name} (pid ${child.pid})`, () => (inst.alive() ? child.kill('SIGKILL') : undefined));
      child.once('exit', () => unregister());
    },
    ready(ms = Number(process.env.SERVER_START_TIMEOUT_MS) || 300_000) {
      const child = inst.child;
      if (!child) return Promise.reject(new Error(`${name} was not started`));
      return new Promise((resolve, reject) => {
        const until = Date.now() + ms;
        const tick = () => {
          if (/ready on https?:\/\//.test(inst.output)) return resolve();
          if (child.exitCode !== null || child.signalCode) return reject(new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${inst.output.slice(-2000)}`));
          if (Date.now() > until) return reject(new Error(`${name} was not ready within ${ms / 1000} s:\n${inst.output.slice(-2000)}`));
          setTimeout(tick, 50);
        };
        tick();
      });
    },
    stop(signal) {
      const child = inst.child;
      const started = Date.now();
      const done = () => ({ code: child?.exitCode ?? null, signal: child?.signalCode ?? null, secs: (Date.now() - started) / 1000 });
      if (!child || !inst.alive()) return Promise.resolve(done());
      return new Promise((resolve) => {
        child.once('exit', () => resolve(done()));
        child.kill(signal);
      });
    },
    alive: () => Boolean(inst.child && inst.child.exitCode === null && !inst.child.signalCode),
  };
  return inst;
}

/**
 * A package.json script run as `npm run <name>` runs it (its command line with node_modules/.bin on the
 * PATH), but as this process's child (no npm in between), so that signals reach it.
 */
export function scriptCommand(name: string): string {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const command = scripts[name];
  if (!command) throw new Error(`package.json has no script "${name}"`);
  return command;
}

const scriptEnv = (env: Record<string, string>) => ({ ...process.env, ...env, PATH: `${path.join(root, 'node_modules', '.bin')}:${process.env.PATH}` });

/** `npm run worker`: resolves with the process once it says it delivers. */
export async function startWorker(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string; stop: () => Promise<number | null> }> {
  const child = spawn('sh', ['-c', `exec ${scriptCommand('worker')}`], { cwd: root, env: scriptEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d));
  child.stderr!.on('data', (d: Buffer) => (out += d));
  const unregister = onCleanup(`worker (pid ${child.pid})`, () => (child.exitCode === null && !child.signalCode ? child.kill('SIGKILL') : undefined));
  for (const until = Date.now() + 120_000; !/delivering/.test(out); await sleep(100)) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the worker did not start:\n${out}`);
  }
  return {
    child,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve(child.exitCode);
        child.once('exit', (code) => {
          unregister();
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
}

/** `npm run staff:create -- ...` with the password from STAFF_PASSWORD, as the README shows for scripts. */
export function createStaff(env: Record<string, string>, account: { email: string; name: string; password: string; role: 'admin' | 'member' }): void {
  const quoted = ['--email', account.email, '--name', account.name, '--role', account.role].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  execFileSync('sh', ['-c', `exec ${scriptCommand('staff:create')} ${quoted}`], { cwd: root, env: scriptEnv({ ...env, STAFF_PASSWORD: account.password }), stdio: 'pipe' });
}

// ---- Caddy ---------------------------------------------------------------------------------------------

export type CaddyPorts = { port: number; admin: number; httpPort: number; httpsPort: number };

/**
 * deploy/Caddyfile for this machine's loopback: the site address becomes http://127.0.0.1:<port> (no TLS,
 * bound to loopback), the upstreams the instances' ports, the admin API and Caddy's own HTTP/HTTPS ports
 * ports of the test's range, the access log stderr; the www redirect block (a public name) is left out.
 * `healthUri` replaces /readyz (for a server without it). One line is added: the `X-Upstream` response
 * header, which the test reads to know which instance answered (not for production: it names the
 * instances). Each replacement must match, so a recipe that changes shape fails here, not silently.
 */
export function caddyfileForTest(recipe: string, upstreams: string[], ports: CaddyPorts, healthUri = '/readyz'): string {
  let text = recipe;
  const replace = (what: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`deploy/Caddyfile: ${what} not found (${from})`);
    text = text.replace(from, to);
  };
  replace('the admin address', /^(\s*)admin \S+$/m, `$1admin 127.0.0.1:${ports.admin}\n$1http_port ${ports.httpPort}\n$1https_port ${ports.httpsPort}\n$1auto_https off`);
  replace('the email line', /^\s*email \S+\n/m, '');
  replace('the www redirect block', /^www\.example\.com \{[\s\S]*?^\}\n\n/m, '');
  replace('the site address', /^example\.com \{$/m, `http://127.0.0.1:${ports.port} {\n\tbind 127.0.0.1`);
  replace('the upstreams', /^(\s*)to 127\.0\.0\.1:3001 .*$/m, `$1to ${upstreams.join(' ')}\n$1header_down X-Upstream {http.reverse_proxy.upstream.hostport}`);
  replace('the health URI', /^(\s*)health_uri \/readyz$/m, `$1health_uri ${healthUri}`);
  replace('the access log', /^\tlog \{[\s\S]*?^\t\}\n/m, '\tlog {\n\t\toutput discard\n\t}\n');
  return text;
}

export type Caddy = { url: string; stop: () => Promise<void>; output: () => string; upstreams: () => Promise<{ address: string; num_requests: number; fails: number }[]> };

/** Runs `caddy run` on `caddyfile` (its data and config folders under `dir`); resolves once it answers. */
export async function startCaddy(caddyfile: string, dir: string, ports: CaddyPorts): Promise<Caddy> {
  try {
    execFileSync('caddy', ['version'], { stdio: 'pipe' });
  } catch {
    throw new Error('caddy is not installed: apt-get install -y caddy (Debian package; .ci/run installs it)');
  }
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, caddyfile);
  const env = { ...process.env, HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') };
  execFileSync('caddy', ['validate', '--config', file, '--adapter', 'caddyfile'], { env, stdio: 'pipe' });
  const child = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d));
  child.stderr!.on('data', (d: Buffer) => (out += d));
  const unregister = onCleanup(`caddy (pid ${child.pid})`, () => (child.exitCode === null ? child.kill('SIGKILL') : undefined));
  const url = `http://127.0.0.1:${ports.port}`;
  for (const until = Date.now() + 30_000; (await probe(`http://127.0.0.1:${ports.admin}/config/`)) !== 200; await sleep(100)) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`caddy did not start:\n${out}`);
  }
  return {
    url,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          unregister();
          resolve();
        });
        child.kill('SIGTERM');
      }),
    upstreams: async () => {
      const res = await fetch(`http://127.0.0.1:${ports.admin}/reverse_proxy/upstreams`);
      return (await res.json()) as { address: string; num_requests: number; fails: number }[];
    },
  };
}
