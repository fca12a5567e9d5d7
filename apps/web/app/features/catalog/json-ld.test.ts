import type { TProductDetail } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { productJsonLd, serializeJsonLd } from './json-ld';

const money = (amount: number) => ({ amount, currency: 'EUR' });
const store = { id: 's1', storeAliasName: 'atelier', storeName: 'Atelier </script> Nurul', logoImages: { logoImageweb: null, logoImageThumb: null, logoImageMobile: null }, country: 'MY', city: 'Kuching', isomatricChatUserId: null };
const product = {
  id: 'p1',
  slug: 'linen-throw',
  title: 'Linen throw',
  description: 'Hand woven.',
  price: money(4500),
  mrp: money(6000),
  discountPercent: 25,
  moq: 5,
  stockState: 'out_of_stock',
  rating: 4.25,
  reviewCount: 12,
  images: [{ id: 'i1', url: '/media/a', avifUrl: null, fallbackUrl: '/media/b', thumbUrl: '/media/c', width: 10, height: 10, alt: '' }],
  variants: [],
  brand: { id: 'b1', name: 'Kain' },
  manufacturer: 'Atelier Nurul',
  category: { id: 'c1', slug: 'throws', name: 'Throws' },
  categoryPath: [
    { id: 'c0', slug: 'textiles', name: 'Textiles' },
    { id: 'c1', slug: 'throws', name: 'Throws' },
  ],
  provenance: { materials: [{ material: 'linen', share: 100 }], certifications: [], originCountry: 'MY', originRegion: 'Sarawak', makerName: 'Nurul', makerType: 'artisan', productionMethod: 'handloom', leadTimeDays: 10 },
  seller: store,
  store,
} as unknown as TProductDetail;

describe('the product structured data', () => {
  it('is a Product with an Offer: price in major units, availability, seller, brand and rating', () => {
    const data = productJsonLd(product, { publicUrl: 'https://tessera.example/', minorDigits: 2 });
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Linen throw',
      url: 'https://tessera.example/p/linen-throw',
      image: ['https://tessera.example/media/b'],
      brand: { '@type': 'Brand', name: 'Kain' },
      category: 'Textiles > Throws',
      aggregateRating: { ratingValue: '4.3', reviewCount: 12 },
      offers: {
        '@type': 'Offer',
        price: '45.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/OutOfStock',
        seller: { '@type': 'Organization', url: 'https://tessera.example/store/atelier' },
      },
    });
  });

  it('gives a price range when variants cost differently, and no rating without reviews', () => {
    const variants = [
      { id: 'v1', colour: 'red', size: null, sku: 'R', price: money(4000), mrp: money(4000), stock: 1, stockState: 'in_stock' },
      { id: 'v2', colour: 'blue', size: null, sku: 'B', price: money(5200), mrp: money(6000), stock: 1, stockState: 'in_stock' },
    ];
    const data = productJsonLd({ ...product, variants, reviewCount: 0 } as TProductDetail, { publicUrl: 'https://t.example', minorDigits: 2 });
    expect(data.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '40.00', highPrice: '52.00', offerCount: 2 });
    expect(data.aggregateRating).toBeUndefined();
  });

  it('serialises so that the text cannot close its script element', () => {
    const text = serializeJsonLd(productJsonLd(product, { publicUrl: 'https://t.example', minorDigits: 2 }));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).offers.seller.name).toBe('Atelier </script> Nurul');
  });
});
