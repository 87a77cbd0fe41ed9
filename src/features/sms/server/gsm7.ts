/**
 * Whether a text fits the GSM 03.38 7-bit alphabet (its basic set and the extension table), the
 * encoding an SMS uses unless it is sent as Unicode (UCS-2). Malayalam, the rupee sign and most
 * typographic punctuation are outside it, so such texts must be sent as Unicode or the handset
 * shows them garbled.
 */

/** GSM 03.38's basic character set (without the escape to the extension table). */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table (each takes two septets). */
const EXTENSION = '\f^{}\\[~]|€';
const GSM7 = new Set([...BASIC, ...EXTENSION]);

/** True when every character of `text` is in the GSM 7-bit alphabet. */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM7.has(ch)) return false;
  return true;
}
