import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { DeploySettings } from './config';
import { refuseDeployWithoutFrontendBuild } from './deploy-guard';
import { Api, API_STAGE_NAME } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Mail } from './constructs/mail';
import { MailEvents } from './constructs/mail-events';
import { Monitoring } from './constructs/monitoring';
import { UserPoolFirewall } from './constructs/user-pool-firewall';
import { Web } from './constructs/web';

export interface AppStackProps extends StackProps {
  settings: DeploySettings;
  /** The built frontend to publish (frontend/dist). */
  webAssetDir: string;
  /** The placeholder page stands in for a missing build: the template then refuses to deploy (deploy-guard.ts). */
  webAssetIsPlaceholder?: boolean;
}

/** The whole school directory in one stack. Read it as a table of contents; each concern is a construct. */
export class AppStack extends Stack {
  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { settings } = props;
    if (props.webAssetIsPlaceholder) refuseDeployWithoutFrontendBuild(this);

    const data = new Data(this, 'Data', { adoptTableName: settings.adoptTableName });
    const mail = settings.senderEmail ? new Mail(this, 'Mail', { senderEmail: settings.senderEmail }) : undefined;
    const auth = new Auth(this, 'Auth', { table: data.table, settings, mail });
    if (settings.wafEnabled) new UserPoolFirewall(this, 'UserPoolFirewall', { userPool: auth.userPool });
    const api = new Api(this, 'Api', { table: data.table, userPool: auth.userPool, settings, mail });
    // Bounces and complaints mark the address so that no more mail goes to it (docs/annual-update.md).
    if (mail) new MailEvents(this, 'MailEvents', { mail, table: data.table });
    const web = new Web(this, 'Web', {
      assetDir: props.webAssetDir,
      api: api.restApi,
      originSecret: api.originSecret.secretValue.unsafeUnwrap(),
      apiStageName: API_STAGE_NAME,
      region: settings.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      contactEmail: settings.contactEmail,
      domain:
        settings.siteDomain && settings.certificateArn
          ? { name: settings.siteDomain, certificateArn: settings.certificateArn }
          : undefined,
    });

    // Links in emails use the site's URL, known only once the distribution exists (no cycle: see web.ts).
    auth.usePublicBaseUrl(web.siteUrl);
    auth.useRateLimitKey(api.rateLimitSecret);
    api.usePublicBaseUrl(web.siteUrl);

    // Last: it watches every function and scheduled job the constructs above created.
    const monitoring = new Monitoring(this, 'Monitoring', {
      table: data.table,
      restApi: api.restApi,
      alarmEmail: settings.alarmEmail ?? settings.contactEmail,
      watchSes: mail !== undefined,
    });

    new CfnOutput(this, 'SiteUrl', { value: web.siteUrl });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'ApiUrl', { value: `${web.siteUrl}/api` });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: monitoring.dashboard.dashboardName });
  }
}
