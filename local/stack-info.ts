/** What a running local stack tells its caller (the `npm start` banner and the test fixtures). */
export interface DemoAccount {
  role: 'admin' | 'parent' | 'staff' | 'representative';
  email: string;
  password: string;
}

export interface StackInfo {
  /** The app and the API on one origin, e.g. http://127.0.0.1:3000 (API under /api). */
  appUrl: string;
  /** The SES emulator: GET {mailboxUrl}/store returns sent mail as JSON; {mailboxUrl}/ is a web mailbox. */
  mailboxUrl: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  /** The trigger server cognito-local calls (local/triggers-server.ts); a table stack registers its pool's there. */
  triggersUrl?: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  region: string;
  /** Environment the real handlers run with; tests copy it into process.env to call repositories directly. */
  lambdaEnv: Record<string, string>;
  demoAccounts: DemoAccount[];
  /**
   * The table's demo school was written by another version of the generator (the data directory predates a
   * checkout's update): some demo accounts may not exist in it. The `npm start` banner says so.
   */
  demoDataOutdated?: boolean;
}
