import { z } from 'zod';
import {
  DOCUMENT_NUMBER_PATTERNS,
  DOCUMENT_TYPES,
  FULL_NAME_MAX,
  FULL_NAME_MIN,
  IDENTITY_REASONS,
  IDENTITY_STATUSES,
  isCalendarDate,
  normaliseDocumentNumber,
} from './identity-constants.ts';

export * from './identity-constants.ts';

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);

const NUMBER_RULES: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  national_id: 'a Kenyan national ID number is 7 or 8 digits',
  passport: 'a passport number is one or two letters followed by 6 to 8 digits',
  alien_id: 'an alien ID number is 6 to 9 digits',
};

/** PUT /api/v1/identity (authenticated): the player's details, checked before the first deposit. */
export const IdentityRequest = z
  .strictObject({
    fullName: z
      .string()
      .trim()
      .min(FULL_NAME_MIN, `must be at least ${FULL_NAME_MIN} characters`)
      .max(FULL_NAME_MAX, `must be at most ${FULL_NAME_MAX} characters`)
      .regex(/^\p{L}[\p{L}\p{M} .'-]*$/u, 'must be letters, spaces, dots, apostrophes or dashes'),
    dateOfBirth: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
      .refine(isCalendarDate, 'is not a real date')
      .refine((d) => d >= '1900-01-01', 'must be after 1900-01-01'),
    documentType: DocumentTypeSchema,
    documentNumber: z.string().max(32, 'is too long').transform(normaliseDocumentNumber),
  })
  .superRefine((body, ctx) => {
    if (!DOCUMENT_NUMBER_PATTERNS[body.documentType].test(body.documentNumber))
      ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: NUMBER_RULES[body.documentType] });
  });
/** What a client sends. */
export type IdentityRequest = z.input<typeof IdentityRequest>;
/** What the server works with once it is validated (the number normalised). */
export type IdentityDetails = z.output<typeof IdentityRequest>;

/** GET and PUT /api/v1/identity: the player's identity as the screens may show it (number masked). */
export const IdentityResponse = z.object({
  status: z.enum(IDENTITY_STATUSES),
  documentType: DocumentTypeSchema.optional(),
  /** `****` and the last 4 characters: the full number never leaves the server. */
  documentNumberMasked: z.string().optional(),
  dateOfBirth: z.string().optional(),
  fullName: z.string().optional(),
  /** Why the last check did not confirm it (rejected or pending). */
  reason: z.enum(IDENTITY_REASONS).optional(),
});
export type IdentityResponse = z.infer<typeof IdentityResponse>;
