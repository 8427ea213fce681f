import {
  serializerCompiler as encodingCompiler,
  ResponseSerializationError,
} from 'fastify-type-provider-zod';
import { $ZodType, safeParse, toJSONSchema } from 'zod/v4/core';

/** Schema kinds whose encode (the response direction) can give another result than parse. */
const DIRECTIONAL = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'success', 'readonly']);

/** True when no part of `schema` behaves differently when encoding than when parsing. */
function encodesLikeParse(schema: $ZodType): boolean {
  let same = true;
  toJSONSchema(schema, {
    unrepresentable: 'any',
    override: ({ zodSchema }) => {
      const def = zodSchema._zod.def;
      if (DIRECTIONAL.has(def.type) || (def.type === 'union' && 'discriminator' in def)) same = false;
    },
  });
  return same;
}

/**
 * Responses are checked against their contract schema and stripped to it, as
 * fastify-type-provider-zod does with `safeEncode`. For schemas without transforms, defaults or
 * codecs, parsing accepts and returns exactly what encoding would, and zod's compiled parser
 * costs a fraction of the encoder on every response; other schemas keep the encoder.
 */
export const serializerCompiler: typeof encodingCompiler = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType) || !encodesLikeParse(schema)) return encodingCompiler(route);
  return (data) => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
