export type Channel = 'email' | 'webhook';
export declare function configuredChannels(env?: NodeJS.ProcessEnv): Channel[];
export declare function defaultFromAddress(env?: NodeJS.ProcessEnv): string;
export declare function deliverySettings(env?: NodeJS.ProcessEnv): {
  smtpUrl?: string;
  emailTo?: string;
  emailFrom: string;
  webhookUrl?: string;
  webhookSecret?: string;
  siteUrl?: string;
};
