/**
 * The Edit Profile form's schema, shared by the form and the update-profile
 * contract. Apart from rules.ts because it needs zod and libphonenumber-js, which the account
 * pages load only when the form opens.
 */
import { z } from 'zod';
import '#lib/zod-csp.ts';
import { AUTH_MESSAGES, EMAIL_PATTERN, phoneField } from '#features/auth/rules.ts';

const required = z.string({ message: AUTH_MESSAGES.fillAll }).trim().min(1, AUTH_MESSAGES.fillAll);

/** Edit Profile form: name, email and mobile, all required. Mobile leaves in E.164. */
export const profileSchema = z.object({
  name: required.max(100, 'Name is too long.'),
  email: required.max(254, AUTH_MESSAGES.invalidEmail).regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail),
  mobile: required.pipe(phoneField({ required: AUTH_MESSAGES.fillAll, invalid: AUTH_MESSAGES.invalidPhone })),
});

export type ProfileInput = z.infer<typeof profileSchema>;
