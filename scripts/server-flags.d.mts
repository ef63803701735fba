export const SERVER_NODE_FLAGS: string[];
export const SERVER_ENV: Record<string, string>;
export function serverEnvOf(dir: string): Promise<Record<string, string>>;
export function serverFlagsOf(dir: string): Promise<string[]>;
