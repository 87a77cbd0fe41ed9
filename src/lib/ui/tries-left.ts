/**
 * The wrong-code message the sign-in forms show (the customers' dialog, the staff sign-in, a
 * number change): the server's message, then how many wrong tries its answer says are left
 * (`data.otp_tries_left`, docs/sign-in-rules.md#codes). Browser-safe.
 */

/**
 * `message` followed by the tries left that `data` names, or `message` alone when it names none.
 * @example withTriesLeft('Invalid OTP', { otp_tries_left: 3 }) // "Invalid OTP. 3 tries left."
 * @example withTriesLeft('Invalid OTP', { otp_tries_left: 1 }) // "Invalid OTP. 1 try left."
 * @example withTriesLeft('This OTP has expired.', { otp_spent: true }) // "This OTP has expired."
 */
export function withTriesLeft(message: string, data: unknown): string {
  const left = (data as { otp_tries_left?: unknown } | null | undefined)?.otp_tries_left;
  if (typeof left !== 'number' || !Number.isInteger(left) || left < 1) return message;
  return `${message.replace(/\.$/, '')}. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
}
