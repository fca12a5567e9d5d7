/**
 * Moving one item among its siblings by one place: the siblings are renumbered 10, 20, 30… in their
 * new order (so that equal sort values stop being ambiguous), and only the items whose sort value
 * changes are answered, to be saved.
 */
export function moveAmongSiblings<T extends { id: string; sort: number }>(siblings: readonly T[], id: string, delta: -1 | 1): Array<{ id: string; sort: number }> {
  const from = siblings.findIndex((item) => item.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= siblings.length) return [];
  const order = [...siblings];
  const [moved] = order.splice(from, 1);
  if (!moved) return [];
  order.splice(to, 0, moved);
  return order.map((item, index) => ({ id: item.id, sort: (index + 1) * 10, before: item.sort })).filter((item) => item.sort !== item.before).map(({ id: itemId, sort }) => ({ id: itemId, sort }));
}

/** A slug suggested from a name: lower-case ASCII letters and digits joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}
