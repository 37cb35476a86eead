/**
 * The bucket a host copies extensions from at start (EXTENSIONS_BUCKET, under EXTENSIONS_PREFIX), read through the
 * real S3 client: on AWS with the task role, locally against the emulator at S3_ENDPOINT.
 */
import { createAwsClients } from '../../adapters/aws/clients.js';
import { S3Blobs } from '../../adapters/aws/s3-blobs.js';
import type { ExtensionSource } from '../../browser-host/types.js';
import type { Config } from '../../config/config.js';

export const extensionSourceFrom = (
  config: Pick<Config, 'extensionsBucket' | 'extensionsPrefix' | 'awsRegion' | 's3Endpoint'>,
): ExtensionSource | undefined => {
  if (!config.extensionsBucket) return undefined;
  const { s3 } = createAwsClients({ region: config.awsRegion, s3Endpoint: config.s3Endpoint });
  return { objects: new S3Blobs(s3, config.extensionsBucket), prefix: config.extensionsPrefix };
};
