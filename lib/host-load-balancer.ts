/**
 * The internet-facing Application Load Balancer that carries live view pages and client CDP WebSockets to the
 * browser hosts. Any host may take any request: one that does not own the session relays it to the owner, so
 * no stickiness is needed.
 *
 * With a domain (`domain`), clients reach hosts at `https://<domain name>` / `wss://…` only: HTTPS on 443 with the
 * given certificate, or one issued and DNS-validated in the given Route 53 zone (which also gets the alias record),
 * and no plain-HTTP listener. Without one, plain HTTP on 80 at the balancer's own DNS name: live view tokens, CDP
 * credentials and page content cross the internet readable, and HTTPS pages cannot embed the live view (mixed
 * content). A certificate alone is refused: no ACM certificate can cover the balancer's own DNS name.
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
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { ARecord, HostedZone, RecordTarget, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import { LoadBalancerTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Fact, FactName } from 'aws-cdk-lib/region-info';
import { Construct } from 'constructs';
import type { Network } from './network.js';

/** The paths hosts serve to the internet: live view pages, the per-session CDP proxy and WebDriver endpoints. */
export const HOST_PUBLIC_PATHS = ['/live/*', '/cdp/*', '/webdriver/*'] as const;

/** The name clients reach the hosts at, and how it gets its certificate and DNS record. */
export interface HostDomain {
  /** e.g. `hosts.example.com`: live view and CDP URLs are `https://` / `wss://` on it. */
  readonly domainName: string;
  /** An ACM certificate (in the stack's region) covering `domainName`. Absent: issued in `hostedZone`. */
  readonly certificateArn?: string;
  /** The Route 53 zone `domainName` is in: it validates an issued certificate and gets the alias to the balancer. */
  readonly hostedZone?: { readonly hostedZoneId: string; readonly zoneName: string };
}

export interface HostLoadBalancerProps {
  readonly network: Network;
  /** Serve on this domain over HTTPS. Absent: plain HTTP at the balancer's own DNS name (see the class comment). */
  readonly domain?: HostDomain;
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
  /** Base URL of the hosts as clients reach them, e.g. `https://hosts.example.com`. */
  public readonly url: string;
  /** The certificate issued for the domain, when the stack issues it. */
  public readonly certificate?: Certificate;
  private readonly network: Network;

  constructor(scope: Construct, id: string, props: HostLoadBalancerProps) {
    super(scope, id);
    const { network } = props;
    this.network = network;
    const domain = props.domain;
    const zone = domain?.hostedZone ? this.zone(domain.hostedZone) : undefined;
    if (domain) {
      if (!domain.certificateArn && !zone)
        throw new Error(`domain ${domain.domainName} needs a certificateArn, or a hostedZone to issue one in`);
      if (
        zone &&
        !Token.isUnresolved(domain.domainName) &&
        !`.${domain.domainName}`.endsWith(`.${domain.hostedZone!.zoneName.replace(/\.$/, '')}`)
      ) {
        throw new Error(`domain ${domain.domainName} is not in the hosted zone ${domain.hostedZone!.zoneName}`);
      }
      if (!domain.certificateArn) {
        this.certificate = new Certificate(this, 'Certificate', {
          domainName: domain.domainName,
          validation: CertificateValidation.fromDns(zone),
        });
      }
    }
    const certificateArn = domain?.certificateArn ?? this.certificate?.certificateArn;
    const secure = certificateArn !== undefined;
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
      ...(secure ? { certificates: [{ certificateArn }], sslPolicy: SslPolicy.RECOMMENDED_TLS } : {}),
      // Nothing but the host paths is served: the rest answers 404 at the balancer, never reaching a host.
      defaultAction: ListenerAction.fixedResponse(404, { contentType: 'text/plain', messageBody: 'not found' }),
      open: false,
    });
    this.url = domain ? `https://${domain.domainName}` : `http://${this.loadBalancer.loadBalancerDnsName}`;
    if (zone && domain) {
      new ARecord(this, 'Alias', {
        zone,
        recordName: domain.domainName,
        target: RecordTarget.fromAlias(new LoadBalancerTarget(this.loadBalancer)),
      });
    }
    Validations.of(network.loadBalancerSecurityGroup).acknowledge({
      id: 'AwsSolutions-EC23',
      reason:
        'The load balancer is internet-facing by design: clients anywhere open live view pages and CDP sessions; only the listener port is open and every request carries a signed, session-scoped token checked by the host.',
    });
    new CfnOutput(this, 'LiveViewBaseUrl', {
      value: this.url,
      description: 'Base URL of live view pages and CDP WebSockets (hosts behind the load balancer)',
    });
  }

  private zone(attributes: NonNullable<HostDomain['hostedZone']>): IHostedZone {
    return HostedZone.fromHostedZoneAttributes(this, 'Zone', attributes);
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
      healthCheck: {
        path: '/health',
        healthyHttpCodes: '200',
        interval: Duration.seconds(15),
        healthyThresholdCount: 2,
      },
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
      bucket.addToResourcePolicy(
        new PolicyStatement({ actions: ['s3:PutObject'], principals: [account], resources: [objects] }),
      );
    }
    bucket.addToResourcePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        principals: [new ServicePrincipal('logdelivery.elasticloadbalancing.amazonaws.com')],
        resources: [objects],
      }),
    );
    const policy = bucket.policy?.node.defaultChild;
    const alb = this.loadBalancer.node.defaultChild;
    if (policy && alb) alb.node.addDependency(policy);
  }
}
