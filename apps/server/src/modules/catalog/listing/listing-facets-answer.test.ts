import { describe, expect, it } from 'vitest';
import type { TFacetValue } from '@tessera/contracts';
import { sortByCount } from './listing-facets-answer.js';

// Labels that collate apart from their code points: case, accents, Arabic, digits, equal-comparing forms.
const LABELS = [
  'Linen',
  'linen',
  'Línen',
  'lino',
  'Lino',
  'Algodón',
  'algodon',
  'Zebra',
  'éclair',
  'Eclair',
  'قطن',
  'كتان',
  'Brand 10',
  'Brand 2',
  'Brand 1',
  'e\u0301clair',
  'Ørsted',
  'Oak',
];

describe('facet values by count, then label', () => {
  it('orders exactly as sorting by count and localeCompare does, however the labels arrive', () => {
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (let round = 0; round < 200; round++) {
      const values: TFacetValue[] = Array.from({ length: 1 + Math.floor(next() * 30) }, (_, n) => ({
        value: `v${n}`,
        label: round % 3 === 0 ? `${LABELS[Math.floor(next() * LABELS.length)]} ${round}` : (LABELS[Math.floor(next() * LABELS.length)] as string),
        count: Math.floor(next() * 4),
        selected: false,
      }));
      const expected = [...values].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
      sortByCount(values);
      expect(values, `round ${round}`).toEqual(expected);
    }
  });
});
