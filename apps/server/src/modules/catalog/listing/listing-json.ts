import type { TListingResponse, TProductCard } from '@tessera/contracts';

/**
 * A listing answer's JSON, its cards' part reused: a page's 24 cards are two thirds of its bytes and
 * mostly the same cards from listing to listing (the card cache hands out the same objects), so each
 * card is serialised once and its text kept beside the object. The result is byte for byte
 * `JSON.stringify(answer)`: the rest of the answer is stringified with a marker in the items' place,
 * and the marker replaced by the cards' texts. Only for answers whose cards are the card cache's own,
 * unconverted objects (a card is never changed once made).
 */
const texts = new WeakMap<TProductCard, string>();

/** A string no answer holds before its items (the message is "ok"): its JSON, `"\u0000…"`, is what is looked for. */
const MARKER = '\u0000items\u0000';
const MARKER_JSON = JSON.stringify(MARKER);

export function cardJson(card: TProductCard): string {
  let text = texts.get(card);
  if (text === undefined) texts.set(card, (text = JSON.stringify(card)));
  return text;
}

export function listingJson(answer: TListingResponse): string {
  const outline = JSON.stringify({ ...answer, data: { ...answer.data, items: MARKER } });
  const at = outline.indexOf(MARKER_JSON);
  let items = '[';
  for (let i = 0; i < answer.data.items.length; i++) items += (i ? ',' : '') + cardJson(answer.data.items[i] as TProductCard);
  return `${outline.slice(0, at)}${items}]${outline.slice(at + MARKER_JSON.length)}`;
}
