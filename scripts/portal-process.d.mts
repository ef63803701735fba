import type { ChildProcess } from 'node:child_process';

export function waitUntilHealthy(
  base: string,
  opts?: { child?: ChildProcess; timeoutMs?: number; pollMs?: number; stallMs?: number },
): Promise<void>;

export function getJson(
  url: string,
  headers?: Record<string, string>,
): Promise<{ status: number; body: any }>;

export function freePort(): Promise<number>;

export function childrenOf(pid: number): number[];
