export declare const staffRoleNames: string[];
export declare class StaffInputError extends Error {}
type Input = { email: string; name: string; role: string; password: string };
export declare function checkNewStaff(input: Input): Input;
export declare function createStaffUser(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handle: { client: any },
  input: Input,
  options?: { upsert?: boolean },
): Promise<{ id: string; created: boolean }>;
