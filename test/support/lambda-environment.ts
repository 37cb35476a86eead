/**
 * What a deployed API function finds in its environment, for running a bundled handler outside Lambda. The values
 * only need to be well formed: nothing they name is called.
 */
export const LAMBDA_ENVIRONMENT: Readonly<Record<string, string>> = Object.freeze({
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  TABLE_NAME: 'sessions',
  BUCKET_NAME: 'files',
  START_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/starts',
  HOST_SECRET: 'a-host-secret-of-enough-length',
  SIGNING_SECRET: 'x'.repeat(64),
});
