export type Env = Record<string, string | undefined>;
export type Channel = 'email' | 'webhook';
export declare function configuredChannels(env?: Env): Channel[];
export declare function defaultFromAddress(env?: Env): string;
export declare function deliverySettings(env?: Env): {
  smtpUrl?: string;
  emailTo?: string;
  emailFrom: string;
  webhookUrl?: string;
  webhookSecret?: string;
  siteUrl?: string;
};
