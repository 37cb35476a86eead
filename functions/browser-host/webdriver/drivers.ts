/**
 * One chromedriver process per session that uses WebDriver, started on its first request and stopped with the
 * session. ChromeDriver attaches to the session's running browser (`goog:chromeOptions.debuggerAddress`, set by the
 * proxy on every new WebDriver session), so a driver process only ever reaches the browser of its own session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { browserEnvironment } from '../isolation.js';
import type { ControlPorts } from '../control-ports.js';
import type { HostLogger } from '../types.js';

const START_TIMEOUT_MS = 15_000;
const STARTED = /started successfully on port (\d+)\.?\r?\n/;
/**
 * ChromeDriver listens on ::1 at a port the system picks, then on 127.0.0.1 at the same port; when another
 * program holds that IPv4 port it exits ("IPv4 port not available. Exiting..."). On a busy host that happens
 * now and then: another start picks another port.
 */
const PORT_NOT_AVAILABLE = /port not available|bind\(\) failed: Address already in use/i;
const START_ATTEMPTS = 4;

class PortTaken extends Error {}

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
      /** Where each driver's port is recorded while it runs, for the guard to refuse (control-ports.ts). */
      controlPorts?: ControlPorts;
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
    const started = (async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await this.startOnce();
        } catch (error) {
          if (!(error instanceof PortTaken) || attempt >= START_ATTEMPTS) throw error;
          this.options.log('warn', 'chromedriver found its port taken; starting it again', { sessionId, attempt });
        }
      }
    })();
    started.then(
      ({ child }) =>
        child.once('exit', () => {
          // Gone on its own (a crash): the next request starts another one.
          if (this.running.get(sessionId) !== started) return;
          this.running.delete(sessionId);
          this.options.log('warn', 'chromedriver exited', { sessionId });
        }),
      () => undefined, // the caller of urlFor hears of a failed start
    );
    return started;
  }

  private startOnce(): Promise<RunningDriver> {
    // Port 0: the driver picks a free loopback port and says which; it accepts local connections only.
    const child = spawn(this.options.driverPath, ['--port=0', '--log-level=WARNING'], {
      env: browserEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Promise((resolve, reject) => {
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
      const early = (code: number | null, signal: string | null) => {
        const said = output.slice(-300);
        const message = `chromedriver exited before it listened (code ${code}, signal ${signal}): ${said}`;
        fail(PORT_NOT_AVAILABLE.test(said) ? new PortTaken(message) : new Error(message));
      };
      child.once('error', fail);
      // 'close', not 'exit': by then all it wrote has been read, the reason it gave included.
      child.once('close', early);
      // What it says on either stream until it listens is kept (bounded) to explain a failed start.
      const take = (chunk: Buffer) => {
        if (!listening && output.length < 4096) output += chunk.toString('utf8');
      };
      child.stderr!.on('data', take);
      child.stdout!.on('data', (chunk: Buffer) => {
        if (listening) return; // later output is only drained
        take(chunk);
        // The whole line: a port number cut across two reads must not be taken for a shorter one.
        const port = STARTED.exec(output)?.[1];
        if (!port) return;
        listening = true;
        clearTimeout(timer);
        child.off('close', early);
        const url = `http://127.0.0.1:${port}`;
        const release = this.options.controlPorts?.holdUrl(url);
        if (release) child.once('exit', release);
        resolve({ url, child });
      });
    });
  }
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // No state of its own to flush: the sessions it holds are attachments to a browser the host owns.
  child.kill('SIGKILL');
  await exited;
}
