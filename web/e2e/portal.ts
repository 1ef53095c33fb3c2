/** Starting a portal (`portal serve`) for the browser tests, on a free port, with its data apart. */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, start, waitForHttpOk, type Service } from './processes';

export const STARTUP_TIMEOUT_MS = 60_000;
export const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoDir = resolve(webDir, '..');

export function portalBin(): string {
  return process.env.PORTAL_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/portal-target'), 'debug/portal');
}

export function requireFile(path: string, what: string, hint: string): void {
  if (!existsSync(path)) throw new Error(`e2e: ${what} not found at ${path}. ${hint}`);
}

export interface PortalOptions {
  /** Names its log file. */
  name: string;
  temporalAddress: string;
  /** Where its database and runtime data go. */
  dataDir: string;
  logDir: string;
  /** Settings of this portal only (e.g. a short `IDLE_TIMEOUT_SECONDS`). */
  env?: NodeJS.ProcessEnv;
  /** Told of the process as soon as it starts, so a caller can stop it even if it never gets ready. */
  started?: (service: Service) => void;
}

/**
 * A development portal serving web/dist with the development identity provider, ready (its
 * health check answers) when this resolves.
 */
export async function startPortal(options: PortalOptions): Promise<{ service: Service; baseUrl: string }> {
  const port = await freePort();
  const service = start(options.name, portalBin(), ['serve'], {
    cwd: repoDir,
    logFile: join(options.logDir, `${options.name}.log`),
    env: {
      ...process.env,
      PORT: String(port),
      PORTAL_ENV: 'development',
      DEV_IDP: 'on',
      DATABASE_URL: `sqlite://${join(options.dataDir, 'portal.db')}`,
      TEMPORAL_ADDRESS: options.temporalAddress,
      WEB_DIST: resolve(webDir, 'dist'),
      RUST_LOG: 'warn',
      // The product definition of this checkout; runtime data (e.g. the dev signing key) kept apart.
      PRODUCT_DIR: join(repoDir, 'product'),
      DATA_DIR: join(options.dataDir, 'data'),
      ...options.env,
    },
  });
  options.started?.(service);
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  await waitForHttpOk(service, `${baseUrl}/healthz`, STARTUP_TIMEOUT_MS);
  return { service, baseUrl };
}
