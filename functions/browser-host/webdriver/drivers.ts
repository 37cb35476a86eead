/**
 * One chromedriver process per session that uses WebDriver, started on its first request and stopped with the
 * session. ChromeDriver attaches to the session's running browser (`goog:chromeOptions.debuggerAddress`, set by the
 * proxy on every new WebDriver session), so a driver process only ever reaches the browser of its own session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { browserEnvironment } from '../isolation.js';
import type { HostLogger } from '../types.js';

const START_TIMEOUT_MS = 15_000;
const STARTED = /started successfully on port (\d+)/;

interface RunningDriver {
  url: string;
  child: ChildProcess;
}

export class SessionDrivers {
  private readonly running = new Map<string, Promise<RunningDriver>>();

  constructor(
    private readonly options: {
      driverPath: string;
      log: HostLogger;
    },
  ) {}

  /** The loopback URL of the session's chromedriver, started on first use. */
  async urlFor(sessionId: string): Promise<string> {
    let driver = this.running.get(sessionId);
    if (!driver) {
      driver = this.start(sessionId);
      this.running.set(sessionId, driver);
      driver.catch(() => this.running.delete(sessionId));
    }
    return (await driver).url;
  }

  /** Stops the session's chromedriver, if it has one. The browser is not its to close: the host ends it. */
  async stop(sessionId: string): Promise<void> {
    const driver = this.running.get(sessionId);
    this.running.delete(sessionId);
    const running = await driver?.catch(() => undefined);
    if (running) await kill(running.child);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((sessionId) => this.stop(sessionId)));
  }

  get size(): number {
    return this.running.size;
  }

  private start(sessionId: string): Promise<RunningDriver> {
    // Port 0: the driver picks a free loopback port and says which; it accepts local connections only.
    const child = spawn(this.options.driverPath, ['--port=0', '--log-level=WARNING'], {
      env: browserEnvironment(),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const started: Promise<RunningDriver> = new Promise((resolve, reject) => {
      let output = '';
      let listening = false;
      const fail = (error: Error) => {
        clearTimeout(timer);
        void kill(child);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`chromedriver did not start within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      const early = (code: number | null, signal: string | null) =>
        fail(
          new Error(`chromedriver exited before it listened (code ${code}, signal ${signal}): ${output.slice(-300)}`),
        );
      child.once('error', fail);
      child.once('exit', early);
      child.stdout!.on('data', (chunk: Buffer) => {
        if (listening) return; // later output is only drained
        if (output.length < 4096) output += chunk.toString('utf8');
        const port = STARTED.exec(output)?.[1];
        if (!port) return;
        listening = true;
        clearTimeout(timer);
        child.off('exit', early);
        child.once('exit', () => {
          // Gone on its own (a crash): the next request starts another one.
          if (this.running.get(sessionId) !== started) return;
          this.running.delete(sessionId);
          this.options.log('warn', 'chromedriver exited', { sessionId });
        });
        resolve({ url: `http://127.0.0.1:${port}`, child });
      });
    });
    return started;
  }
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // No state of its own to flush: the sessions it holds are attachments to a browser the host owns.
  child.kill('SIGKILL');
  await exited;
}
