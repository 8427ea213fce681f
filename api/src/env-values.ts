/** The kinds of value the environment holds, each parsed and checked by zod (env.ts). */
import { z } from 'zod';
import type { SecretKey } from './db/secrets.js';
import type { DeploymentDefaults } from './deployment-defaults.js';
import { invalidIpEntries, splitList } from './lib/ip-list.js';

/**
 * A config slice as its module receives it (a module's `<m>.config.ts`): what start-up resolves
 * after parsing (src/startup.ts) is never missing: the shared secrets, PUBLIC_BASE_URL and the
 * defaults that depend on NODE_ENV (deployment-defaults.ts).
 */
export type ConfigOf<Slice extends z.ZodObject> = {
  [K in keyof z.infer<Slice>]: K extends SecretKey | 'PUBLIC_BASE_URL'
    ? string
    : K extends keyof DeploymentDefaults
      ? DeploymentDefaults[K]
      : z.infer<Slice>[K];
};

export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

export const int = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
export const secret = optionalString.refine(
  (v) => v === undefined || v.length >= 16,
  'must be at least 16 characters',
);

/** A tax rate: basis points (`500`) or a percentage (`5%`, `7.25%`), 0 to 100%. */
export const basisPoints = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? '').trim();
      if (text === '') return fallback;
      const percent = /^(\d{1,3})(?:\.(\d{1,2}))?%$/.exec(text);
      const bp = percent
        ? Number(percent[1]) * 100 + Number((percent[2] ?? '').padEnd(2, '0'))
        : /^\d{1,5}$/.test(text)
          ? Number(text)
          : Number.NaN;
      if (!Number.isInteger(bp) || bp > 10_000) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be basis points 0-10000 (500 = 5%) or a percentage like 5% or 7.5%',
        });
        return z.NEVER;
      }
      return bp;
    });

/** E.164 phones, comma-separated (role grants). */
export const phoneList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be E.164 phones (+254…), comma-separated')));

/** Addresses and CIDR ranges, IPv4 or IPv6, comma-separated (lib/ip-list.ts). */
const addresses = (v: string | undefined, ctx: z.RefinementCtx): string[] => {
  const entries = splitList(v);
  const invalid = invalidIpEntries(entries);
  if (invalid.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: `not an IP address or CIDR range: ${invalid.join(', ')} (e.g. 10.0.0.0/8, ::1)`,
    });
  return entries;
};
export const ipList = z.string().optional().transform(addresses);

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For is believed (addresses and CIDR ranges), or
 * false. `true` (believe anyone) is kept for development only: production refuses it.
 */
export const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | string[] => {
    const word = (v ?? '').trim().toLowerCase();
    if (['', 'false', '0', 'no', 'off'].includes(word)) return false;
    if (['true', '1', 'yes', 'on'].includes(word)) return true;
    return addresses(v, ctx);
  });

/** A boolean without a default: undefined when unset, for settings whose default depends on NODE_ENV. */
export const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes', 'on'].includes(v)));

/**
 * `name:bytes,…` over `defaults` (byte budgets per remote, docs/decisions/048-byte-budgets.md): a
 * name not in `defaults` or a figure that is not a positive whole number refuses the start.
 */
export const byteBudgets = <K extends string>(defaults: Record<K, number>) =>
  z
    .string()
    .optional()
    .transform((v, ctx): Record<K, number> => {
      const out = { ...defaults };
      for (const item of splitList(v)) {
        const [name = '', figure = ''] = item.split(':').map((s) => s.trim());
        if (!(name in defaults) || !/^[1-9]\d{0,9}$/.test(figure)) {
          ctx.addIssue({
            code: 'custom',
            message: `not a remote's byte budget: ${item} (e.g. ${Object.keys(defaults)[0]}:60000; remotes: ${Object.keys(defaults).join(', ')})`,
          });
          return z.NEVER;
        }
        out[name as K] = Number(figure);
      }
      return out;
    });
