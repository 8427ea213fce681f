import type { Compilable, Kysely } from 'kysely';
import type { DB } from './schema.js';

const MARK = '\u0000param:';

/**
 * A query built and compiled once per dialect, then run with new parameter values: on hot read
 * paths (every authenticated request) building and compiling a Kysely query costs more than
 * running it. `build` receives `param(name)` placeholders where values go.
 */
export function prepared<R, P extends Record<string, unknown>>(
  build: (db: Kysely<DB>, param: (name: keyof P & string) => never) => Compilable<R>,
): (db: Kysely<DB>, params: P) => Promise<R[]> {
  const byDialect = new Map<
    string,
    { compiled: ReturnType<Compilable<R>['compile']>; slots: (string | null)[] }
  >();
  return async (db, params) => {
    const dialect = db.getExecutor().adapter.constructor.name;
    let entry = byDialect.get(dialect);
    if (!entry) {
      const compiled = build(db, (name) => `${MARK}${name}` as never).compile();
      const slots = compiled.parameters.map((v) =>
        typeof v === 'string' && v.startsWith(MARK) ? v.slice(MARK.length) : null,
      );
      entry = { compiled, slots };
      byDialect.set(dialect, entry);
    }
    const { compiled, slots } = entry;
    const parameters = compiled.parameters.map((v, i) => {
      const slot = slots[i];
      return slot ? params[slot] : v;
    });
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
