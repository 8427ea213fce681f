/**
 * One API module as one Fastify plugin (docs/decisions/073-modules-as-plugins.md): its name, the
 * modules it needs registered before it, the environment variables it reads (its config slice),
 * and a body that builds its services, decorates the app with what other modules use and
 * registers its routes. The module sees only its slice of the environment.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { ConfigOf } from '../env-values.js';

export interface ModuleOptions {
  /** The whole parsed environment: only the module's own slice reaches its body. */
  env: Record<string, unknown>;
}

export function apiModule<Config extends z.ZodObject, Extra extends object = object>(
  meta: { name: string; dependencies?: string[]; config: Config },
  body: (app: FastifyInstance, config: ConfigOf<Config>, extra: Extra) => Promise<void>,
) {
  return fp<ModuleOptions & Extra>(
    async (app, { env, ...extra }) => {
      const slice = Object.fromEntries(Object.keys(meta.config.shape).map((key) => [key, env[key]]));
      await body(app, slice as ConfigOf<Config>, extra as unknown as Extra);
    },
    { name: meta.name, dependencies: meta.dependencies ?? [], fastify: '5.x' },
  );
}
