export function buildServerBundle(outDir: string): Promise<void>;
