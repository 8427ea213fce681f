/**
 * One API module as one Fastify plugin (docs/decisions/067-modules-as-plugins.md): its name, the
 * modules it needs registered before it, the environment variables it reads (its config slice,
 * none when it reads none), and a body that builds its services, decorates the app with what other modules use and
 * registers its routes. The module sees only its slice of the environment.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { ConfigOf } from '../env-values.js';
import type { Job } from './job-runner.js';

/** A background job as the app sees it: started once the database is migrated, stopped before it closes. */
export type BackgroundJob = Pick<Job<unknown>, 'name' | 'start' | 'stop'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, the clock, the log and the adapters every module's services get (app.ts). */
    ctx: AppContext;
    /** Every module's background jobs: app.ts starts them when the app is ready, stops them on close. */
    jobs: BackgroundJob[];
  }
}

export interface ModuleOptions {
  /** The whole parsed environment: only the module's own slice reaches its body. */
  env: Record<string, unknown>;
}

export function apiModule<Config extends z.ZodObject, Extra extends object = object>(
  meta: { name: string; dependencies?: string[]; config?: Config },
  body: (app: FastifyInstance, config: ConfigOf<Config>, extra: Extra) => Promise<void>,
) {
  return fp<ModuleOptions & Extra>(
    async (app, { env, ...extra }) => {
      const keys = meta.config ? Object.keys(meta.config.shape) : [];
      const slice = Object.fromEntries(keys.map((key) => [key, env[key]]));
      await body(app, slice as ConfigOf<Config>, extra as unknown as Extra);
    },
    { name: meta.name, dependencies: meta.dependencies ?? [], fastify: '5.x' },
  );
}
