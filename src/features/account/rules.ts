/**
 * Account area rules shared by the My Account islands and the API (docs/account-rules.md), with
 * the texts customers see. Browser-safe and free
 * of zod, so the account pages load no validation library until a form needs it (the profile
 * form's schema is in profile-schema.ts).
 */
import { formatPaise } from '#lib/money.ts';
import { formatPhone } from '#lib/phone.ts';

export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Profile updated successfully!',
  phoneUpdated: 'Mobile number verified and updated successfully!',
  phoneTaken: 'This mobile number belongs to another account.',
  loadProfile: 'Failed to load profile.',
  updateProfile: 'Failed to update profile.',
  verifyPhone: 'Failed to verify the OTP.',
  deleteAccount: 'Failed to delete account.',
  accountDeleted: 'Account deleted successfully!',
  loadTransactions: 'Failed to load transactions.',
  currentOtpRequired: 'Please enter the OTP sent to your current mobile number.',
  currentOtpWrong: 'Invalid OTP for your current mobile number',
  codesSpent: 'Too many wrong attempts. Please request new OTPs.',
} as const;

/**
 * What a number change says of its two codes (the dialog and the API's message): sent by SMS, or
 * shown on screen in demo mode (the console SMS sender sends nothing and hands the codes over).
 * The numbers read as people read them (formatPhone).
 */
export function phoneChangeCodesMessage(current: string, next: string, onScreen: boolean): string {
  const [from, to] = [formatPhone(current), formatPhone(next)];
  const where = onScreen
    ? `The OTPs for your current number ${from} and your new number ${to} are shown on screen.`
    : `We sent an OTP to your current number ${from} and one to your new number ${to}.`;
  return `${where} Enter both to confirm your new mobile number.`;
}

/**
 * 422 of a deletion while credit is owed: how much, and what to do.
 * @example creditOwedMessage(123400, '+91 487 242 0000') // 'You have ₹1,234.00 of credit to pay. …'
 */
export function creditOwedMessage(owedPaise: number, shopPhone: string): string {
  return `You have ${formatPaise(owedPaise)} of credit to pay. Please pay the outstanding amount, or contact us on ${shopPhone}, before deleting your account.`;
}

/** Credit approval tabs in their order on screen; Pending is the default tab. */
export const APPROVAL_TABS = ['Due', 'Pending', 'Paid'] as const;
export type ApprovalTab = (typeof APPROVAL_TABS)[number];

/** True when `approval` is `tab`, compared case-insensitively. */
export function approvalIs(approval: unknown, tab: ApprovalTab): boolean {
  return typeof approval === 'string' && approval.trim().toLowerCase() === tab.toLowerCase();
}
