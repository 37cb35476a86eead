/**
 * AWS clients from explicit arguments. Endpoints point them at the embedded emulators; without endpoints they
 * talk to AWS through the default credential chain.
 */
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';

export interface AwsClientOptions {
  region: string;
  dynamoEndpoint?: string;
  s3Endpoint?: string;
  /** Static credentials (the emulators need some); omitted, the SDK's default provider chain applies. */
  credentials?: DynamoDBClientConfig['credentials'];
}

export interface AwsClients {
  dynamo: DynamoDBClient;
  s3: S3Client;
}

export const createAwsClients = (options: AwsClientOptions): AwsClients => {
  const { region, dynamoEndpoint, s3Endpoint, credentials } = options;
  const dynamo = new DynamoDBClient({ region, credentials, ...(dynamoEndpoint ? { endpoint: dynamoEndpoint } : {}) });
  const s3 = new S3Client({
    region,
    credentials,
    // Checksums only when an operation demands one: the default (CRC32 on every upload, sent as an aws-chunked
    // trailer) is silently mis-stored by s3rver, and would also leak into pre-signed URLs as a required header.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Emulators serve buckets under a path, not as sub-domains of the endpoint host.
    ...(s3Endpoint ? { endpoint: s3Endpoint, forcePathStyle: true } : {}),
  });
  return { dynamo, s3 };
};
