/**
 * The internet-facing Application Load Balancer that carries live view pages and client CDP WebSockets to the
 * browser hosts. Any host may take any request: one that does not own the session relays it to the owner, so
 * no stickiness is needed. HTTPS when a certificate is given; plain HTTP otherwise (live view and CDP URLs carry
 * short-lived signed tokens, but without TLS those can be read on the way: give a certificate for real use).
 */
import { CfnOutput, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import { Peer, Port } from 'aws-cdk-lib/aws-ec2';
import type { FargateService } from 'aws-cdk-lib/aws-ecs';
import {
  ApplicationLoadBalancer,
  ApplicationProtocol,
  ListenerAction,
  ListenerCondition,
  SslPolicy,
  type ApplicationListener,
  type ApplicationTargetGroup,
} from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import { AccountPrincipal, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Fact, FactName } from 'aws-cdk-lib/region-info';
import { Construct } from 'constructs';
import type { Network } from './network.js';

/** The paths hosts serve to the internet: live view pages and the per-session CDP proxy. */
export const HOST_PUBLIC_PATHS = ['/live/*', '/cdp/*'] as const;

export interface HostLoadBalancerProps {
  readonly network: Network;
  /** An ACM certificate for the listener: HTTPS on 443. Absent: HTTP on 80. */
  readonly certificateArn?: string;
  /**
   * Seconds a connection may stay silent. CDP clients can sit idle between commands for minutes and the live view
   * socket is quiet while a page is static; 4000 is the ALB's maximum. @default 3600
   */
  readonly idleTimeoutSeconds?: number;
  /** Bucket for access logs (S3-managed encryption, as ALB log delivery requires). */
  readonly accessLogBucket: Bucket;
}

export class HostLoadBalancer extends Construct {
  public readonly loadBalancer: ApplicationLoadBalancer;
  public readonly listener: ApplicationListener;
  /** Base URL of the hosts as clients reach them, e.g. `https://<dns name>`. */
  public readonly url: string;
  private readonly network: Network;

  constructor(scope: Construct, id: string, props: HostLoadBalancerProps) {
    super(scope, id);
    const { network } = props;
    this.network = network;
    const secure = props.certificateArn !== undefined;
    this.loadBalancer = new ApplicationLoadBalancer(this, 'Alb', {
      vpc: network.vpc,
      internetFacing: true,
      securityGroup: network.loadBalancerSecurityGroup,
      vpcSubnets: { subnets: network.vpc.publicSubnets },
      idleTimeout: Duration.seconds(props.idleTimeoutSeconds ?? 3600),
      dropInvalidHeaderFields: true,
    });
    this.logTo(props.accessLogBucket, 'alb');

    const port = secure ? 443 : 80;
    network.loadBalancerSecurityGroup.addIngressRule(Peer.anyIpv4(), Port.tcp(port), 'clients: live view and CDP');
    this.listener = this.loadBalancer.addListener('Listener', {
      port,
      protocol: secure ? ApplicationProtocol.HTTPS : ApplicationProtocol.HTTP,
      ...(secure ? { certificates: [{ certificateArn: props.certificateArn! }], sslPolicy: SslPolicy.RECOMMENDED_TLS } : {}),
      // Nothing but the host paths is served: the rest answers 404 at the balancer, never reaching a host.
      defaultAction: ListenerAction.fixedResponse(404, { contentType: 'text/plain', messageBody: 'not found' }),
      open: false,
    });
    this.url = `${secure ? 'https' : 'http'}://${this.loadBalancer.loadBalancerDnsName}`;
    Validations.of(network.loadBalancerSecurityGroup).acknowledge({
      id: 'AwsSolutions-EC23',
      reason: 'The load balancer is internet-facing by design: clients anywhere open live view pages and CDP sessions; only the listener port is open and every request carries a signed, session-scoped token checked by the host.',
    });
    new CfnOutput(this, 'LiveViewBaseUrl', { value: this.url, description: 'Base URL of live view pages and CDP WebSockets (hosts behind the load balancer)' });
  }

  /** Route the host paths to the service's tasks, health-checked on the host's unauthenticated /health. */
  public addHosts(service: FargateService): ApplicationTargetGroup {
    const group = this.listener.addTargets('Hosts', {
      priority: 10,
      conditions: [ListenerCondition.pathPatterns([...HOST_PUBLIC_PATHS])],
      port: this.network.hostPort,
      protocol: ApplicationProtocol.HTTP,
      targets: [service],
      // Short: a stopping host is already draining its sessions; the delay only holds its task back.
      deregistrationDelay: Duration.seconds(30),
      healthCheck: { path: '/health', healthyHttpCodes: '200', interval: Duration.seconds(15), healthyThresholdCount: 2 },
    });
    return group;
  }

  /**
   * Access logs into the bucket. Written out rather than `logAccessLogs` because that needs the region at synthesis;
   * the ELB log-delivery account comes from a per-region mapping, and newer regions use the service principal.
   */
  private logTo(bucket: Bucket, prefix: string): void {
    const stack = Stack.of(this);
    this.loadBalancer.setAttribute('access_logs.s3.enabled', 'true');
    this.loadBalancer.setAttribute('access_logs.s3.bucket', bucket.bucketName);
    this.loadBalancer.setAttribute('access_logs.s3.prefix', prefix);
    const objects = bucket.arnForObjects(`${prefix}/AWSLogs/${stack.account}/*`);
    // Regions opened before August 2022 deliver from an ELB account; a region known to have none skips it.
    if (Token.isUnresolved(stack.region) || Fact.find(stack.region, FactName.ELBV2_ACCOUNT)) {
      const account = new AccountPrincipal(stack.regionalFact(FactName.ELBV2_ACCOUNT));
      bucket.addToResourcePolicy(new PolicyStatement({ actions: ['s3:PutObject'], principals: [account], resources: [objects] }));
    }
    bucket.addToResourcePolicy(
      new PolicyStatement({ actions: ['s3:PutObject'], principals: [new ServicePrincipal('logdelivery.elasticloadbalancing.amazonaws.com')], resources: [objects] }),
    );
    const policy = bucket.policy?.node.defaultChild;
    const alb = this.loadBalancer.node.defaultChild;
    if (policy && alb) alb.node.addDependency(policy);
  }
}
