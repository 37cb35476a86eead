/**
 * The service's state: one DynamoDB table shaped by `table-layout.ts`, and one S3 bucket for files, profiles and
 * recordings (clients move bytes through pre-signed URLs), with its access logs in a bucket of their own.
 */
import { Duration, Names, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type CfnBucket,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tableLayout } from '../functions/net/table-layout.js';
import { ENV } from '../functions/config/env.js';
import type { Binding } from './binding.js';

export interface DataStoresProps {
  /** What happens to the table and buckets when they leave the stack. @default RemovalPolicy.RETAIN */
  readonly removalPolicy?: RemovalPolicy;
  /** How long an object under `files/` lives. The API honours the 48 h expiry in reads; this reclaims the bytes. @default 2 days */
  readonly fileExpiry?: Duration;
  /** How long S3 server access logs are kept. @default 90 days */
  readonly accessLogExpiry?: Duration;
}

const attributeType = { S: AttributeType.STRING, N: AttributeType.NUMBER, B: AttributeType.BINARY } as const;
const key = (name: string) => ({ name, type: attributeType[tableLayout.keyType] });

/** Item-level operations only: no Scan (queries never scan) and no table administration. */
const tableActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];
/** HeadObject needs GetObject; DeleteObjects needs DeleteObject. */
const objectActions = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];
/** Deleting by prefix lists keys; and without ListBucket a missing key answers 403 instead of 404. */
const bucketActions = ['s3:ListBucket'];

export class DataStores extends Construct implements Binding {
  public readonly table: Table;
  public readonly bucket: Bucket;
  public readonly accessLogBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataStoresProps = {}) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    this.table = new Table(this, 'Table', {
      partitionKey: key(tableLayout.partitionKey),
      sortKey: key(tableLayout.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableLayout.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      // A table meant to outlive the stack is also protected from deletion by hand.
      deletionProtection: removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: tableLayout.gsi1.name,
      partitionKey: key(tableLayout.gsi1.partitionKey),
      sortKey: key(tableLayout.gsi1.sortKey),
      projectionType: ProjectionType[tableLayout.gsi1.projection],
    });

    const privateBucket = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      removalPolicy,
    };
    this.accessLogBucket = new Bucket(this, 'AccessLogs', {
      ...privateBucket,
      // S3 log delivery writes only to buckets encrypted with S3-managed keys.
      encryption: BucketEncryption.S3_MANAGED,
      lifecycleRules: [{ expiration: props.accessLogExpiry ?? Duration.days(90) }],
    });
    Validations.of(this.accessLogBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket is the destination of the data bucket access logs; logging it into itself would loop.',
    });

    this.bucket = new Bucket(this, 'Bucket', {
      ...privateBucket,
      // S3-managed keys: pre-signed URLs then need no KMS grant and cost no KMS request per object.
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: 'data/',
      lifecycleRules: [
        { id: 'files-expire', prefix: 'files/', expiration: props.fileExpiry ?? Duration.days(2) },
        { id: 'abandoned-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // Clients upload and download with pre-signed URLs, from any origin (browsers included).
      cors: [
        {
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET],
          allowedOrigins: ['*'],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    });
  }

  /** The variables a process needs to find the stores, for consumers other than Lambda functions (containers). */
  public get environment(): Record<string, string> {
    return { [ENV.tableName]: this.table.tableName, [ENV.bucketName]: this.bucket.bucketName };
  }

  /** Item access to the table and its index, object access to the bucket; nothing account-wide. */
  public grantTo(grantee: IGrantable): void {
    const indexArn = `${this.table.tableArn}/index/${tableLayout.gsi1.name}`;
    Grant.addToPrincipal({ grantee, actions: tableActions, resourceArns: [this.table.tableArn, indexArn] });
    Grant.addToPrincipal({ grantee, actions: bucketActions, resourceArns: [this.bucket.bucketArn] });
    Grant.addToPrincipal({ grantee, actions: objectActions, resourceArns: [this.bucket.arnForObjects('*')] });
    const principal = grantee.grantPrincipal;
    if (Construct.isConstruct(principal)) {
      const bucket = this.bucket.node.defaultChild as CfnBucket;
      // A principal in a nested stack (the route functions) sees the ARN as the parameter CDK passes it in, which CDK
      // names "reference-to-" + the bucket's unique id + "Arn" (a logical id keeps letters and digits only).
      const bucketArn =
        Stack.of(principal) === Stack.of(this)
          ? `${Stack.of(this).resolve(Stack.of(this).getLogicalId(bucket)) as string}.Arn`
          : `referenceto${Names.nodeUniqueId(bucket.node)}Arn`;
      Validations.of(principal).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketArn}>/*]`,
        reason:
          'Object keys are made at run time (files, profiles, recordings by id), so object access covers the objects of this one bucket and nothing else.',
      });
    }
  }

  /**
   * Item access to the table and object access under the given prefixes only: what a browser host needs (its own
   * and its sessions' records; profiles, recordings and downloaded files), and nothing of the other prefixes.
   */
  public grantHostAccess(grantee: IGrantable, prefixes: readonly string[]): void {
    const indexArn = `${this.table.tableArn}/index/${tableLayout.gsi1.name}`;
    Grant.addToPrincipal({ grantee, actions: tableActions, resourceArns: [this.table.tableArn, indexArn] });
    Grant.addToPrincipal({
      grantee,
      actions: objectActions,
      resourceArns: prefixes.map((prefix) => this.bucket.arnForObjects(`${prefix}*`)),
    });
  }

  public bindTo(fn: LambdaFunction): void {
    for (const [name, value] of Object.entries(this.environment)) fn.addEnvironment(name, value);
    this.grantTo(fn);
  }
}
