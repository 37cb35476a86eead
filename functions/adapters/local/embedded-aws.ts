/**
 * DynamoDB and S3 emulators in this process, persisted under one data directory, so `npm start` and the
 * integration tests need no Docker, Java or AWS account.
 */
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import { quarantineDamagedObjects, type QuarantinedObject } from './s3-quarantine.js';
import { persistentSecret } from './secret-file.js';
import { refuseAsDynamo, refuseAsS3, signedOnly, type GateCredentials } from './sigv4-gate.js';
import { guardUploads } from './upload-guard.js';

export interface EmbeddedAwsOptions {
  /** Emulator state lives in `${dataDir}/dynamo` and `${dataDir}/s3`; reusing the directory keeps the data. */
  dataDir: string;
  host?: string;
  /** 0 picks a free port. */
  dynamoPort?: number;
  /** 0 picks a free port. */
  s3Port?: number;
  /** The most one pre-signed upload may carry (see `upload-guard.ts`); 100 MiB unless said. */
  maxUploadBytes?: number;
}

export interface EmbeddedAws {
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The only key pair either store accepts signatures from (see `embeddedCredentials`). */
  credentials: GateCredentials;
  /** Objects found damaged at start and moved aside (see `s3-quarantine.ts`), for the caller to report. */
  quarantined: QuarantinedObject[];
  /** Close both servers and their stores, dropping open connections. */
  stop(): Promise<void>;
}

/**
 * The key pair of a data dir's stores: the secret is generated at its first start and kept there (0600), so the
 * stores answer only the service and the tools run by the same user, and signed URLs survive a restart. The access
 * key id is the one s3rver knows (it looks the id up but does not check V4 signatures; the gate does).
 * A fresh object each time: the AWS SDK writes onto the credentials it is given, so a shared one breaks the second client.
 */
export const embeddedCredentials = async (dataDir: string): Promise<GateCredentials> => ({
  accessKeyId: 'S3RVER',
  secretAccessKey: await persistentSecret(dataDir, 'store-secret'),
});

/** Methods a browser may use cross-origin on any bucket, i.e. with pre-signed URLs. */
const CORS_METHODS = ['GET', 'PUT', 'HEAD'];

/**
 * s3rver keeps CORS rules per bucket and refuses preflights for buckets without them, but buckets are created after
 * start (by ensureBucket). So every bucket is answered as if it had an allow-any-origin rule for CORS_METHODS.
 */
const withOpenCors =
  (handle: (request: IncomingMessage, response: ServerResponse) => void) =>
  (request: IncomingMessage, response: ServerResponse): void => {
    const preflight = request.method === 'OPTIONS';
    const method = (preflight ? request.headers['access-control-request-method'] : request.method)?.toUpperCase();
    if (request.headers.origin && method && CORS_METHODS.includes(method)) {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Access-Control-Expose-Headers', 'ETag, Content-Length, Content-Type, Content-Disposition');
      if (preflight) {
        response.setHeader('Access-Control-Allow-Methods', CORS_METHODS.join(', '));
        const headers = request.headers['access-control-request-headers'];
        if (headers) response.setHeader('Access-Control-Allow-Headers', headers);
        response.setHeader('Access-Control-Max-Age', '3000');
        response.end();
        return;
      }
    }
    handle(request, response);
  };

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

const close = (server: Server): Promise<void> =>
  new Promise((resolve, reject) => {
    if (!server.listening) return resolve();
    server.close((error) => (error ? reject(error) : resolve()));
    // Clients keep connections alive; without this, close() would wait for them to time out.
    server.closeAllConnections();
  });

const endpoint = (host: string, port: number): string => {
  // A wildcard bind is reachable on loopback; a client cannot connect to the wildcard itself.
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
};

export const startEmbeddedAws = async (options: EmbeddedAwsOptions): Promise<EmbeddedAws> => {
  const { dataDir, host = '127.0.0.1', dynamoPort = 0, s3Port = 0, maxUploadBytes = 100 * 1024 * 1024 } = options;
  const dynamoDir = join(dataDir, 'dynamo');
  const s3Dir = join(dataDir, 's3');
  await Promise.all([
    mkdir(dynamoDir, { recursive: true, mode: 0o700 }),
    mkdir(s3Dir, { recursive: true, mode: 0o700 }),
  ]);
  const credentials = await embeddedCredentials(dataDir);
  const quarantined = await quarantineDamagedObjects(s3Dir, join(dataDir, 'quarantine'));

  // Zero delays: tables are usable as soon as CreateTable returns, which keeps start-up and tests fast.
  const dynamo = dynalite({ path: dynamoDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  // dynalite's server keeps its own close (which flushes the store); only its request handler is put behind the gate.
  const [dynamoHandler] = dynamo.listeners('request') as Parameters<typeof signedOnly>[0][];
  dynamo.removeAllListeners('request');
  dynamo.on('request', signedOnly(dynamoHandler!, credentials, refuseAsDynamo));
  const s3rver = new S3rver({ directory: s3Dir, silent: true }).callback();
  const s3 = createServer(
    withOpenCors(signedOnly(guardUploads(s3rver, s3Dir, maxUploadBytes), credentials, refuseAsS3)),
  );
  const servers = [dynamo, s3];
  const stop = async (): Promise<void> => {
    await Promise.all(servers.map(close));
  };

  try {
    const [dynamoBound, s3Bound] = await Promise.all([listen(dynamo, dynamoPort, host), listen(s3, s3Port, host)]);
    return {
      dynamoEndpoint: endpoint(host, dynamoBound),
      s3Endpoint: endpoint(host, s3Bound),
      credentials,
      quarantined,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw new Error(`could not start the embedded AWS emulators on ${host}: ${(error as Error).message}`, {
      cause: error,
    });
  }
};
