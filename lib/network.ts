/**
 * The private network the browser hosts and the Lambdas that reach them live in: a VPC with public subnets (the load
 * balancer, the NAT gateways) and private subnets with egress (hosts, functions), gateway endpoints so DynamoDB and
 * S3 traffic never crosses a NAT gateway, and the three security groups that say who may talk to a host.
 */
import { Annotations, RemovalPolicy } from 'aws-cdk-lib';
import {
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  Peer,
  Port,
  SecurityGroup,
  SubnetType,
  Vpc,
  type SubnetSelection,
} from 'aws-cdk-lib/aws-ec2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export interface NetworkProps {
  /**
   * Availability zones to spread over. Two keep the service up when one zone fails; a stack synthesized without a
   * known account and region can use at most two. @default 2
   */
  readonly maxAzs?: number;
  /**
   * NAT gateways: hosts and functions reach the internet (pages, Bedrock, SQS) through them. One is the cheapest
   * (one hourly charge) but makes its zone a single point of failure for egress; one per zone removes that.
   * At least 1. @default 1
   */
  readonly natGateways?: number;
  /** The port browser hosts serve their internal API, CDP proxy and live view on. @default 9300 */
  readonly hostPort?: number;
  /** How long VPC flow logs are kept. @default one month */
  readonly flowLogRetention?: RetentionDays;
  readonly removalPolicy?: RemovalPolicy;
}

export class Network extends Construct {
  public readonly vpc: Vpc;
  /** The browser hosts (Fargate tasks). */
  public readonly hostSecurityGroup: SecurityGroup;
  /** The internet-facing load balancer in front of the hosts. */
  public readonly loadBalancerSecurityGroup: SecurityGroup;
  /** API and worker functions that talk to hosts. */
  public readonly functionSecurityGroup: SecurityGroup;
  public readonly hostPort: number;
  /** Where hosts and functions run: private, with egress through NAT. */
  public readonly privateSubnets: SubnetSelection = { subnetType: SubnetType.PRIVATE_WITH_EGRESS };

  constructor(scope: Construct, id: string, props: NetworkProps = {}) {
    super(scope, id);
    const natGateways = props.natGateways ?? 1;
    const maxAzs = props.maxAzs ?? 2;
    if (!Number.isInteger(maxAzs) || maxAzs < 1)
      throw new Error(`maxAzs must be a positive whole number, got ${maxAzs}`);
    // Private subnets without NAT would cut hosts off from the pages they browse and functions from Bedrock and SQS.
    if (!Number.isInteger(natGateways) || natGateways < 1 || natGateways > maxAzs) {
      throw new Error(`natGateways must be a whole number from 1 to maxAzs (${maxAzs}), got ${natGateways}`);
    }
    this.hostPort = props.hostPort ?? 9300;

    this.vpc = new Vpc(this, 'Vpc', {
      maxAzs,
      natGateways,
      subnetConfiguration: [
        { name: 'public', subnetType: SubnetType.PUBLIC, cidrMask: 24 },
        { name: 'private', subnetType: SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 20 },
      ],
      gatewayEndpoints: {
        // Free, and they keep table and bucket traffic (profiles, recordings, files) off the NAT gateways' per-GB charge.
        dynamodb: { service: GatewayVpcEndpointAwsService.DYNAMODB },
        s3: { service: GatewayVpcEndpointAwsService.S3 },
      },
    });
    const flowLogs = new LogGroup(this, 'FlowLogs', {
      retention: props.flowLogRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    // Rejected connections only: the record of who tried to reach what, without paying for every accepted flow.
    this.vpc.addFlowLog('Rejected', {
      destination: FlowLogDestination.toCloudWatchLogs(flowLogs),
      trafficType: FlowLogTrafficType.REJECT,
    });

    this.loadBalancerSecurityGroup = new SecurityGroup(this, 'LoadBalancer', {
      vpc: this.vpc,
      description: 'Internet-facing load balancer for live view and CDP traffic',
      allowAllOutbound: false,
    });
    this.functionSecurityGroup = new SecurityGroup(this, 'Functions', {
      vpc: this.vpc,
      description: 'Lambda functions that reach browser hosts',
      // Functions call AWS APIs and the model provider over HTTPS, and hosts on their port (added below).
      allowAllOutbound: false,
    });
    this.functionSecurityGroup.addEgressRule(
      Peer.anyIpv4(),
      Port.tcp(443),
      'AWS APIs and the model provider over HTTPS',
    );
    this.hostSecurityGroup = new SecurityGroup(this, 'Hosts', {
      vpc: this.vpc,
      description: 'Browser hosts: reachable from the load balancer, the API functions and each other',
      // Browsers load pages on any port of the internet; the network guard on the host refuses private addresses.
      allowAllOutbound: true,
    });
    const port = Port.tcp(this.hostPort);
    this.hostSecurityGroup.connections.allowFrom(
      this.loadBalancerSecurityGroup,
      port,
      'live view and CDP from the load balancer',
    );
    this.hostSecurityGroup.connections.allowFrom(
      this.functionSecurityGroup,
      port,
      'internal API and CDP from the API functions',
    );
    // A host that receives traffic for a session it does not own relays it to the owner.
    this.hostSecurityGroup.connections.allowInternally(port, 'relay to the host that owns a session');
    // allowInternally also asks for an egress rule, which open egress already covers.
    Annotations.of(this.hostSecurityGroup).acknowledgeWarning(
      '@aws-cdk/aws-ec2:ipv4IgnoreEgressRule',
      'host egress is open: browsers load pages on any port',
    );
  }
}
