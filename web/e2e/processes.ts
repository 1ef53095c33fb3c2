/** Starting and stopping the processes of the real stack, and waiting for them to be ready. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';

export interface Service {
  name: string;
  child: ChildProcess;
  logFile: string;
}

/** A TCP port that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('no port'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/** Starts a process in its own process group, its output going to a log file. */
export function start(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; logFile: string },
): Service {
  const { env, cwd, logFile } = options;
  const log = createWriteStream(logFile);
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.on('error', (error) => log.write(`\n[e2e] failed to start ${name}: ${error.message}\n`));
  return { name, child, logFile };
}

function logTail(service: Service, lines = 40): string {
  try {
    return readFileSync(service.logFile, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function exited(service: Service): boolean {
  return service.child.exitCode !== null || service.child.signalCode !== null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pollUntil(service: Service, what: string, timeoutMs: number, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(service)) {
      throw new Error(`${service.name} exited (code ${String(service.child.exitCode)}) before ${what}. Log ${service.logFile}:\n${logTail(service)}`);
    }
    if (await ready()) return;
    await sleep(250);
  }
  throw new Error(`${service.name}: ${what} did not happen within ${String(timeoutMs / 1000)} s. Log ${service.logFile}:\n${logTail(service)}`);
}

export function waitForTcp(service: Service, port: number, timeoutMs: number): Promise<void> {
  return pollUntil(service, `port ${String(port)} accepted connections`, timeoutMs, () =>
    new Promise((resolve) => {
      const socket = new Socket();
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(1000, () => done(false));
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
      socket.connect(port, '127.0.0.1');
    }),
  );
}

export function waitForHttpOk(service: Service, url: string, timeoutMs: number): Promise<void> {
  return pollUntil(service, `${url} answered 200`, timeoutMs, async () => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      return response.status === 200;
    } catch {
      return false;
    }
  });
}

/** Stops a service's whole process group (wrappers included): SIGTERM, then SIGKILL after a grace period. */
export async function stop(service: Service, graceMs = 10_000): Promise<void> {
  const pid = service.child.pid;
  if (pid === undefined || exited(service)) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (!exited(service) && Date.now() < deadline) await sleep(100);
  signalGroup('SIGKILL');
}

/** Last resort if the test runner dies: synchronous kill of the groups on exit. */
export function killOnExit(services: Service[]): void {
  process.once('exit', () => {
    for (const service of services) {
      const pid = service.child.pid;
      if (pid !== undefined && !exited(service)) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  });
}
