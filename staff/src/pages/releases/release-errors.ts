/**
 * What a refused release change tells the release manager, in their language: a stale revision
 * (someone else changed the release since the screen was read) re-reads the screen and says so;
 * a version the compatibility check refuses lists the check's reasons; a version that may not be
 * retired yet, or was retired, says why in plain words. Other refusals keep the server's words.
 */
import { ApiError } from '@mchezo/api-client/errors';
import type { ErrorCode } from '@mchezo/contracts/error-codes';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { releaseKeys } from '../../api/releases.ts';

/** Refusals about retiring versions (docs/decisions/058-retiring-versions.md), said as `errors.codes.<code>`. */
const PLAIN: readonly string[] = [
  'VERSION_ACTIVE',
  'VERSION_CANARY',
  'VERSION_OVERRIDDEN',
  'ALREADY_RETIRED',
  'VERSION_RETIRED',
] satisfies ErrorCode[];

interface RefusalBody {
  code?: string;
  issues?: { message: string }[];
}

/** Runs a change; a stale or incompatible refusal is thrown again with a translated message. */
export function useExplainRefusal() {
  const { t } = useTranslation('releases');
  const client = useQueryClient();
  return async <T>(change: () => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const body = (err.body ?? {}) as RefusalBody;
      if (body.code && PLAIN.includes(body.code)) {
        // Retired meanwhile by someone else: the screen shows who, when and why.
        if (body.code === 'ALREADY_RETIRED') await client.invalidateQueries({ queryKey: releaseKeys.all });
        throw new ApiError(t(`errors.codes.${body.code}`), err.status, err.body);
      }
      if (body.code === 'STALE_REVISION') {
        await client.invalidateQueries({ queryKey: releaseKeys.all });
        throw new ApiError(t('errors.stale'), err.status, err.body);
      }
      if (body.code === 'INCOMPATIBLE' && body.issues?.length) {
        const problems = body.issues.map((i) => i.message).join('; ');
        throw new ApiError(t('errors.incompatible', { problems }), err.status, err.body);
      }
      throw err;
    }
  };
}
