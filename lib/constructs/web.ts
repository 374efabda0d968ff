import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IRestApi } from 'aws-cdk-lib/aws-apigateway';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER, SECURITY_HEADERS } from '@shared/contracts/http-headers';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { acknowledge } from '../nag';
import { acknowledgeBucketDeploymentHandler } from './bucket-deployment-findings';
import { contentSecurityPolicy, SPA_REWRITE_CODE, VIEWER_IP_CODE } from './web-edge';

/** Files of the build that are never published (glob patterns, as the asset staging reads them). */
export const SOURCE_MAPS = ['*.map', '**/*.map'];

export interface WebProps {
  /** The built frontend (frontend/dist): index.html and Vite's hashed files under assets/. */
  assetDir: string;
  api: IRestApi;
  /** Sent to the API in ORIGIN_VERIFY_HEADER: only requests through this distribution are served. */
  originSecret: string;
  /** The API stage name, as a literal (see the origin below). */
  apiStageName: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  contactEmail?: string;
  domain?: { name: string; certificateArn: string };
}

/**
 * The site and the API on one origin (docs/architecture.md): a private bucket behind CloudFront with origin access
 * control, `/api/*` forwarded to API Gateway uncached, security headers on every response, and `/config.json`
 * written next to the build so one build serves every environment.
 */
export class Web extends Construct {
  readonly distribution: Distribution;
  /** https URL people open and emails link to. */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const stack = Stack.of(this);

    const bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'School directory: CSP, HSTS and friends',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.region), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(SECURITY_HEADERS.hstsMaxAgeSeconds),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        // Update links carry their token in the path (/update/{token}): no page ever sends it as a referrer.
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: SECURITY_HEADERS.permissionsPolicy,
            override: true,
          },
        ],
      },
    });

    // The origin is named from the API id and a literal stage name, never from `api.url`: the URL references
    // the stage, which depends on every method and function, and the functions need this distribution's URL.
    const apiOrigin = new HttpOrigin(`${props.api.restApiId}.execute-api.${props.region}.${stack.urlSuffix}`, {
      originPath: `/${props.apiStageName}`,
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'School directory',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        // SPA routing on this behaviour only: distribution-wide error responses would also rewrite /api errors.
        functionAssociations: [
          { eventType: FunctionEventType.VIEWER_REQUEST, function: this.edgeFunction('SpaRewrite', SPA_REWRITE_CODE) },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Responses carry personal data: never cached at the edge (they also say Cache-Control: no-store).
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Query strings and headers (Authorization included) reach the API; Host must stay API Gateway's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          functionAssociations: [
            { eventType: FunctionEventType.VIEWER_REQUEST, function: this.edgeFunction('ViewerIp', VIEWER_IP_CODE) },
          ],
        },
      },
      priceClass: PriceClass.PRICE_CLASS_100,
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    this.acknowledgeFindings(bucket, props.domain !== undefined);
    this.siteUrl = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;

    const config: RuntimeConfig = {
      mode: 'aws',
      region: props.region,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      apiBaseUrl: '/api',
      ...(props.contactEmail ? { contactEmail: props.contactEmail } : {}),
    };
    this.deploySite(bucket, props.assetDir, config);
  }

  private acknowledgeFindings(bucket: Bucket, customDomain: boolean): void {
    acknowledge(
      bucket,
      'S1',
      'The bucket holds only the public frontend build, read through CloudFront alone (OAC) and written only by ' +
        'the deployment: no personal data whose access would need auditing.',
    );
    acknowledge(
      this.distribution,
      'CFR1',
      'Parents and staff use the directory from wherever they are (travel, families abroad); sign-in guards the data.',
    );
    acknowledge(
      this.distribution,
      'CFR2',
      'AWS WAF sits on the API stage (regional, ca-central-1), in front of the only anonymous lookup; a ' +
        'CloudFront-scope ACL would need a us-east-1 stack, and the rest of the site is static files.',
    );
    acknowledge(
      this.distribution,
      'CFR3',
      'CloudFront access logs would record viewer addresses and page paths, update-link tokens included ' +
        '(/update/{token}); API calls are logged by API Gateway without personal data.',
    );
    if (!customDomain) {
      acknowledge(
        this.distribution,
        'CFR4',
        "Without siteDomain the site uses CloudFront's default certificate, whose security policy cannot be " +
          'changed; with a custom domain the distribution requires TLS 1.2 (TLSv1.2_2021).',
      );
    }
  }

  private edgeFunction(id: string, code: string): CloudFrontFunction {
    return new CloudFrontFunction(this, id, { code: FunctionCode.fromInline(code), runtime: FunctionRuntime.JS_2_0 });
  }

  /**
   * Two uploads: Vite's content-hashed files are cached for a year; the shell (index.html, /config.json and other
   * unhashed files) must be revalidated, so a deploy shows up at once. Neither prunes the other's files; old
   * hashed files stay, so a tab opened before a deploy can still load its lazy chunks.
   */
  private deploySite(bucket: Bucket, assetDir: string, config: RuntimeConfig): void {
    // Vite writes source maps for local debugging; they never leave this machine (the asset zip skips them), so
    // the public site does not hand out the readable source.
    const site = () => Source.asset(assetDir, { exclude: SOURCE_MAPS });
    // The upload handler's logs kept as long as the functions' (90 days) and removed with the stack; CDK's own
    // default kept them two years after the stack was gone.
    const logGroup = new LogGroup(this, 'DeployLogs', { retention: RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    const assets = new BucketDeployment(this, 'DeployAssets', {
      destinationBucket: bucket,
      sources: [site()],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
      logGroup,
    });
    const shell = new BucketDeployment(this, 'DeployShell', {
      destinationBucket: bucket,
      sources: [site(), Source.jsonData('config.json', config)],
      exclude: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    // The new index.html must never be served before the chunks it names exist.
    shell.node.addDependency(assets);
    acknowledgeBucketDeploymentHandler(this, bucket);
  }
}
