export declare function headerText(value: unknown, max?: number): string;
export declare function bodyText(value: unknown): string;
export declare function buildEmail(
  kind: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  lead: Record<string, any>,
  options: { from: string; to: string; deliveryId: string; siteUrl?: string },
): { from: string; to: string; subject: string; text: string; replyTo?: string; headers: Record<string, string> };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export declare function buildWebhookBody(kind: string, lead: Record<string, any>): string;
export declare function signBody(body: string, secret: string): string;
