/**
 * Typed failures of the browser host. `code` is stable and safe to map onto
 * API responses; `message` is for humans and logs.
 */
export type BrowserHostErrorCode =
  | 'HOST_AT_CAPACITY'
  | 'HOST_STOPPED'
  | 'SESSION_EXISTS'
  | 'SESSION_NOT_FOUND'
  | 'SESSION_ENDED_DURING_START'
  | 'INVALID_SESSION_OPTIONS'
  | 'BROWSER_LAUNCH_FAILED'
  | 'CHROMIUM_NOT_FOUND'
  | 'EXTENSIONS_UNSUPPORTED'
  | 'EXTENSION_NOT_FOUND';

export class BrowserHostError extends Error {
  constructor(
    readonly code: BrowserHostErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class CapacityError extends BrowserHostError {
  constructor(readonly capacity: number) {
    super('HOST_AT_CAPACITY', `all ${capacity} session slots on this host are in use`);
  }
}

export class HostStoppedError extends BrowserHostError {
  constructor() {
    super('HOST_STOPPED', 'the browser host is shutting down or not started');
  }
}

export class SessionExistsError extends BrowserHostError {
  constructor(readonly sessionId: string) {
    super('SESSION_EXISTS', `session ${sessionId} already has a browser on this host`);
  }
}

export class SessionNotFoundError extends BrowserHostError {
  constructor(readonly sessionId: string) {
    super('SESSION_NOT_FOUND', `no live browser for session ${sessionId}`);
  }
}

export class SessionEndedDuringStartError extends BrowserHostError {
  constructor(readonly sessionId: string) {
    super('SESSION_ENDED_DURING_START', `session ${sessionId} was released while its browser was starting`);
  }
}

export class InvalidSessionOptionsError extends BrowserHostError {
  constructor(message: string) {
    super('INVALID_SESSION_OPTIONS', message);
  }
}

/** A session's upstream proxy lives at an address the network guard refuses (a 400, like other bad options). */
export class ProxyAddressRefusedError extends InvalidSessionOptionsError {
  constructor(
    readonly proxyServer: string,
    readonly reason: string,
  ) {
    super(`proxy server ${proxyServer} refused by the network guard: ${reason}`);
  }
}

export class BrowserLaunchError extends BrowserHostError {
  constructor(message: string, cause?: unknown) {
    super('BROWSER_LAUNCH_FAILED', message, { cause });
  }
}

export class ChromiumNotFoundError extends BrowserHostError {
  constructor(path: string, cause?: unknown) {
    super('CHROMIUM_NOT_FOUND', `no Chromium executable at ${path}`, { cause });
  }
}

export class ExtensionsUnsupportedError extends BrowserHostError {
  constructor() {
    super(
      'EXTENSIONS_UNSUPPORTED',
      'this browser (a headless shell) cannot load extensions; run the host with a full Chromium (CHROMIUM_PATH)',
    );
  }
}

export class ExtensionNotFoundError extends BrowserHostError {
  constructor(readonly extensionIds: string[]) {
    super(
      'EXTENSION_NOT_FOUND',
      `no extension folder for ${extensionIds.join(', ')} in this host's extensions directory`,
    );
  }
}
