/**
 * The alarms an operator of the service wants paged on: anything dead-lettered, the host fleet pinned at its
 * maximum (sessions then wait in the start queue), and a rising share of 5xx answers from the API.
 */
import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IAlarmAction,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { BrowserHosts } from './browser-hosts.js';

export interface ServiceAlarmsProps {
  readonly deadLetterQueues: Record<string, Queue>;
  readonly hosts: BrowserHosts;
  readonly restApi: RestApi;
  /** Share of API answers that are 5xx, in percent, that raises the alarm. @default 5 */
  readonly serverErrorPercent?: number;
  /** Where alarms send (e.g. an SNS topic). @default none: alarms show in the console only */
  readonly actions?: IAlarmAction[];
}

export class ServiceAlarms extends Construct {
  public readonly alarms: Alarm[] = [];
  private readonly actions: IAlarmAction[];

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    this.actions = props.actions ?? [];
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      this.add(`${name}DeadLetters`, {
        alarmDescription: `Messages in the ${name} dead-letter queue: requests that failed every attempt`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    const { hosts } = props;
    this.add('HostsAtMaximum', {
      alarmDescription: `The browser host fleet has run at its maximum (${hosts.maxHosts}) for 15 minutes: new sessions wait in awaitingCapacity; raise maxHosts`,
      metric: new Metric({
        namespace: 'ECS/ContainerInsights',
        metricName: 'RunningTaskCount',
        dimensionsMap: { ClusterName: hosts.cluster.clusterName, ServiceName: hosts.service.serviceName },
        statistic: 'Minimum',
        period: Duration.minutes(5),
      }),
      threshold: hosts.maxHosts,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 3,
    });

    const period = Duration.minutes(5);
    this.add('ApiServerErrors', {
      alarmDescription: `More than ${props.serverErrorPercent ?? 5}% of API answers were 5xx over 5 minutes (twice in a row)`,
      metric: new MathExpression({
        // No traffic is no error: IF keeps an idle API from dividing by zero.
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: props.restApi.metricServerError({ period, statistic: 'Sum' }),
          requests: props.restApi.metricCount({ period, statistic: 'Sum' }),
        },
        period,
      }),
      threshold: props.serverErrorPercent ?? 5,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
    });
  }

  private add(id: string, props: ConstructorParameters<typeof Alarm>[2]): void {
    const alarm = new Alarm(this, id, { treatMissingData: TreatMissingData.NOT_BREACHING, ...props });
    for (const action of this.actions) alarm.addAlarmAction(action);
    this.alarms.push(alarm);
  }
}
