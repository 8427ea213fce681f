import { ApiError } from '@mchezo/api-client/errors';
import {
  DOCUMENT_NUMBER_PATTERNS,
  DOCUMENT_TYPES,
  type DocumentType,
  FULL_NAME_MAX,
  FULL_NAME_MIN,
  isCalendarDate,
  normaliseDocumentNumber,
} from '@mchezo/contracts/identity-constants';
import { useHost } from '@mchezo/host/context';
import { Button } from '@mchezo/ui/button';
import { SelectField, TextField } from '@mchezo/ui/fields';
import { type FormEvent, useState } from 'react';
import { useSubmitIdentity } from '../api/identity.ts';
import { useProfileTranslation } from '../i18n/namespace.ts';

type FieldName = 'fullName' | 'dateOfBirth' | 'documentType' | 'documentNumber';
type Errors = Partial<Record<FieldName, string>>;

/** The field a 400 names (`body.documentNumber: …`), if any. */
function fieldOf(error: ApiError): FieldName | null {
  const issues = (error.body as { issues?: { path?: string }[] } | null)?.issues ?? [];
  const field = issues[0]?.path?.replace(/^body\./, '');
  return field === 'fullName' ||
    field === 'dateOfBirth' ||
    field === 'documentType' ||
    field === 'documentNumber'
    ? field
    : null;
}

const codeOf = (error: unknown) =>
  error instanceof ApiError ? (error.body as { code?: string } | null)?.code : undefined;

/**
 * The details a player gives before their first deposit (docs/decisions/019-age-and-identity.md):
 * checked here for shape, then by the API (age, the register). Errors show under their field.
 */
export function IdentityForm() {
  const { t } = useProfileTranslation();
  const host = useHost();
  const submit = useSubmitIdentity();
  const [fullName, setFullName] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [documentType, setDocumentType] = useState<DocumentType>('national_id');
  const [documentNumber, setDocumentNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');

  function check(): Errors {
    const found: Errors = {};
    const name = fullName.trim();
    if (name.length < FULL_NAME_MIN || name.length > FULL_NAME_MAX || !/^\p{L}[\p{L}\p{M} .'-]*$/u.test(name))
      found.fullName = t('identity.errors.fullName');
    if (!isCalendarDate(dateOfBirth)) found.dateOfBirth = t('identity.errors.dateOfBirth');
    if (!DOCUMENT_NUMBER_PATTERNS[documentType].test(normaliseDocumentNumber(documentNumber)))
      found.documentNumber = t(`identity.errors.number.${documentType}`);
    return found;
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submit.isPending) return;
    const found = check();
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    submit.mutate(
      { fullName: fullName.trim(), dateOfBirth, documentType, documentNumber },
      {
        onError: (error) => {
          const code = codeOf(error);
          if (code === 'UNDER_AGE') return setErrors({ dateOfBirth: t('identity.errors.underAge') });
          if (error instanceof ApiError && error.status === 400) {
            const field = fieldOf(error);
            const message =
              field === 'documentNumber'
                ? t(`identity.errors.number.${documentType}`)
                : field === 'dateOfBirth'
                  ? t('identity.errors.dateOfBirth')
                  : t('identity.errors.fullName');
            return setErrors({ [field ?? 'fullName']: message });
          }
          if (code === 'DOCUMENT_IN_USE') return setErrors({ documentNumber: t('identity.errors.inUse') });
          if (code === 'IDENTITY_CONFIRMED') return setFormError(t('identity.errors.confirmedAlready'));
          host.reportError(error, { remote: 'profile', call: 'PUT /identity' });
          setFormError(t('identity.errors.failed'));
        },
      },
    );
  }

  const busy = submit.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-busy={busy}>
      <p className="text-sm text-muted">{t('identity.intro')}</p>
      <TextField
        label={t('identity.fields.fullName')}
        hint={t('identity.hints.fullName')}
        error={errors.fullName ?? ''}
        value={fullName}
        onChange={setFullName}
        autoComplete="name"
        maxLength={FULL_NAME_MAX}
        disabled={busy}
      />
      <TextField
        label={t('identity.fields.dateOfBirth')}
        type="date"
        error={errors.dateOfBirth ?? ''}
        value={dateOfBirth}
        onChange={setDateOfBirth}
        autoComplete="bday"
        min="1900-01-01"
        disabled={busy}
      />
      <SelectField
        label={t('identity.fields.documentType')}
        value={documentType}
        onChange={(v) => setDocumentType(v as DocumentType)}
        options={DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`identity.types.${type}`) }))}
        disabled={busy}
      />
      <TextField
        label={t('identity.fields.documentNumber')}
        hint={t(`identity.hints.number.${documentType}`)}
        error={errors.documentNumber ?? ''}
        value={documentNumber}
        onChange={setDocumentNumber}
        autoComplete="off"
        inputMode={documentType === 'passport' ? 'text' : 'numeric'}
        maxLength={32}
        disabled={busy}
      />
      {formError ? (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} aria-disabled={busy} className="w-full">
        {busy ? t('identity.submitting') : t('identity.submit')}
      </Button>
    </form>
  );
}
