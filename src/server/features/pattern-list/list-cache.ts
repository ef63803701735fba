import type { AuthUser } from '../../context';
import { brandScope } from '../../lib/scope';

/**
 * The list call's answers, kept exact on the embedded database (docs/decisions/002, "Answers
 * kept"): an answer, as sent, is kept with the database's data version when its read began
 * (db/client.ts `dataVersion`: it moves whenever a statement that may change data is sent and
 * when it is answered), and is sent again only while that version has not moved. Whatever
 * changes a pattern, its files, a brand, a user or the storefront's state moves it first, so a
 * kept answer is never one the database would no longer give. On PostgreSQL other processes
 * write, so nothing is kept there.
 *
 * An answer depends on the caller only through their role (an admin's rows carry the storefront
 * badge) and their brand scope (list.service.ts `scopedWhere`), and on the query string: those
 * three are the key. Bounded in entries and bytes; the least recently used go first.
 */
export class ListAnswers {
  private entries = new Map<string, { version: number; body: string }>();
  private bytes = 0;

  constructor(
    private readonly dataVersion: () => number,
    private readonly limits = { entries: 64, bytes: 4 * 1024 * 1024, body: 256 * 1024 },
  ) {}

  static keyOf(user: AuthUser, url: string): string {
    return `${user.role}|${brandScope(user) ?? '*'}|${url}`;
  }

  /** The data version to hand to `set` with the answer read from now on. */
  stamp(): number {
    return this.dataVersion();
  }

  get(key: string): string | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.version !== this.dataVersion()) {
      this.bytes -= e.body.length;
      return undefined;
    }
    this.entries.set(key, e); // most recently used last
    return e.body;
  }

  set(key: string, body: string, stamp: number): void {
    // An answer whose read overlapped a change is not kept: it may be either side of it.
    if (stamp !== this.dataVersion() || body.length > this.limits.body) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
    this.entries.set(key, { version: stamp, body });
    this.bytes += body.length;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.entries.delete(k);
      this.bytes -= e.body.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
