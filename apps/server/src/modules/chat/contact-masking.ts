/**
 * Contact details typed before an order exists between buyer and store are masked for the receiver
 * (and flagged to the store team), so that deals stay on the platform (issue #12 §5). What counts:
 * e-mail addresses, phone numbers (7+ digits, spaces, dots, dashes and brackets allowed between
 * them) and links to other sites. Links to our own site stay.
 */
export type ContactKind = 'email' | 'phone' | 'link';

const EMAIL = /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\p{L}\p{N}-]+)+/giu;
// Not after '#' or a letter: order and reference numbers (#20261125, INV2026112501) stay.
const PHONE = /(?<![#\p{L}\d])(?:\+|00)?\d(?:[\s.\-()/]*\d){6,}/gu;
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|me|info|biz|shop|store|app|link|ly|gl|to|my|es|in|ae|sa|uk|de|fr)(?:\/[^\s<>"']*)?\b/gi;
export const MASK = '•••';

export interface MaskResult {
  text: string;
  kinds: ContactKind[];
}

export function maskContactDetails(text: string, ownHosts: readonly string[] = []): MaskResult {
  const kinds = new Set<ContactKind>();
  let result = text.replace(EMAIL, () => {
    kinds.add('email');
    return MASK;
  });
  result = result.replace(LINK, (match) => {
    const host = match.replace(/^https?:\/\//i, '').split(/[/?#]/)[0]?.toLowerCase() ?? '';
    if (ownHosts.some((own) => host === own || host.endsWith(`.${own}`))) return match;
    kinds.add('link');
    return MASK;
  });
  result = result.replace(PHONE, () => {
    kinds.add('phone');
    return MASK;
  });
  return { text: result, kinds: [...kinds] };
}
