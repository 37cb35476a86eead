/**
 * The bucket a host copies extensions from at start (EXTENSIONS_BUCKET, under EXTENSIONS_PREFIX), read through the
 * real S3 client: on AWS with the task role, locally against the emulator at S3_ENDPOINT.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { createAwsClients } from '../../adapters/aws/clients.js';
import { S3Blobs } from '../../adapters/aws/s3-blobs.js';
import type { ExtensionSource } from '../../browser-host/types.js';
import type { Config } from '../../config/config.js';

/** `s3`: a client the caller already holds (a fleet host's stores); else one of its own for the config's region. */
export const extensionSourceFrom = (
  config: Pick<Config, 'extensionsBucket' | 'extensionsPrefix' | 'awsRegion' | 's3Endpoint'>,
  s3: S3Client = createAwsClients({ region: config.awsRegion, s3Endpoint: config.s3Endpoint }).s3,
): ExtensionSource | undefined =>
  config.extensionsBucket
    ? { objects: new S3Blobs(s3, config.extensionsBucket), prefix: config.extensionsPrefix }
    : undefined;
