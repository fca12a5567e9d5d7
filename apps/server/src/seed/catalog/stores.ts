import type { Text } from './vocabulary.js';

/**
 * The demo makers: forty stores in twelve countries. Names stay as the makers write them; where
 * a name is a description ("Atlas Rug Cooperative") it is translated, as a maker would.
 */
export interface StoreDef {
  alias: string;
  name: Partial<Text> & { en: string };
  country: string;
  city: string;
  region: string;
  specialities: string[];
  makerType: 'artisan' | 'cooperative' | 'workshop' | 'social-enterprise' | 'small-factory';
  /** How many makers work with the store (for its story). */
  makers: number;
  founded: number;
  featured?: boolean;
}

/** The store the demo seller signs in to (seed/demo.ts creates it); it gets products like the others. */
export const DEMO_STORE_ALIAS = 'atelier-nurul';

export const STORES: StoreDef[] = [
  { alias: DEMO_STORE_ALIAS, name: { en: 'Atelier Nurul', ar: 'أتيليه نور' }, country: 'MY', city: 'Kuala Terengganu', region: 'Terengganu', specialities: ['weaving', 'block-printing'], makerType: 'cooperative', makers: 14, founded: 2009, featured: true },
  { alias: 'rumah-anyaman', name: { en: 'Rumah Anyaman', ar: 'بيت الضفائر', es: 'Casa del Trenzado' }, country: 'MY', city: 'Kuching', region: 'Sarawak', specialities: ['basketry'], makerType: 'cooperative', makers: 32, founded: 2012, featured: true },
  { alias: 'tanah-liat-studio', name: { en: 'Tanah Liat Studio' }, country: 'MY', city: 'Kuala Kangsar', region: 'Perak', specialities: ['pottery'], makerType: 'workshop', makers: 6, founded: 2016 },
  { alias: 'lilin-lestari', name: { en: 'Lilin Lestari' }, country: 'MY', city: 'George Town', region: 'Penang', specialities: ['candle-making'], makerType: 'social-enterprise', makers: 9, founded: 2018 },
  { alias: 'tenun-sumba', name: { en: 'Tenun Sumba Collective', es: 'Colectivo Tenun Sumba', ar: 'جماعة تينون سومبا' }, country: 'ID', city: 'Waingapu', region: 'East Nusa Tenggara', specialities: ['weaving', 'natural-dyeing'], makerType: 'cooperative', makers: 41, founded: 2004, featured: true },
  { alias: 'jepara-kayu', name: { en: 'Jepara Kayu Works' }, country: 'ID', city: 'Jepara', region: 'Central Java', specialities: ['woodcarving'], makerType: 'workshop', makers: 18, founded: 1998 },
  { alias: 'batik-lasem', name: { en: 'Batik Lasem House', es: 'Casa del Batik de Lasem', ar: 'بيت باتيك لاسم' }, country: 'ID', city: 'Lasem', region: 'Central Java', specialities: ['block-printing', 'natural-dyeing'], makerType: 'workshop', makers: 12, founded: 2001 },
  { alias: 'bali-silver', name: { en: 'Bali Silver Studio', es: 'Estudio de Plata de Bali' }, country: 'ID', city: 'Celuk', region: 'Bali', specialities: ['silversmithing'], makerType: 'workshop', makers: 10, founded: 2007, featured: true },
  { alias: 'jaipur-block', name: { en: 'Jaipur Block Prints', es: 'Estampados de Jaipur', ar: 'مطبوعات جايبور' }, country: 'IN', city: 'Jaipur', region: 'Rajasthan', specialities: ['block-printing', 'natural-dyeing'], makerType: 'workshop', makers: 25, founded: 1995, featured: true },
  { alias: 'kutch-embroidery', name: { en: 'Kutch Embroidery Collective', es: 'Colectivo de Bordado de Kutch', ar: 'جماعة تطريز كوتش' }, country: 'IN', city: 'Bhuj', region: 'Gujarat', specialities: ['embroidery'], makerType: 'cooperative', makers: 60, founded: 2003 },
  { alias: 'moradabad-brass', name: { en: 'Moradabad Brassworks' }, country: 'IN', city: 'Moradabad', region: 'Uttar Pradesh', specialities: ['metalwork'], makerType: 'small-factory', makers: 35, founded: 1989 },
  { alias: 'sanganer-paper', name: { en: 'Sanganer Handmade Paper', es: 'Papel Artesanal de Sanganer' }, country: 'IN', city: 'Sanganer', region: 'Rajasthan', specialities: ['papermaking', 'block-printing'], makerType: 'small-factory', makers: 22, founded: 1993 },
  { alias: 'kerala-coir', name: { en: 'Kerala Coir Weavers', es: 'Tejedores de Coco de Kerala' }, country: 'IN', city: 'Alappuzha', region: 'Kerala', specialities: ['basketry', 'weaving'], makerType: 'cooperative', makers: 48, founded: 2000 },
  { alias: 'atlas-rugs', name: { en: 'Atlas Rug Cooperative', es: 'Cooperativa de Alfombras del Atlas', ar: 'تعاونية زرابي الأطلس' }, country: 'MA', city: 'Khenifra', region: 'Middle Atlas', specialities: ['weaving', 'natural-dyeing'], makerType: 'cooperative', makers: 55, founded: 2006, featured: true },
  { alias: 'fes-ceramics', name: { en: 'Fès Ceramics', es: 'Cerámica de Fez', ar: 'خزف فاس' }, country: 'MA', city: 'Fès', region: 'Fès-Meknès', specialities: ['pottery'], makerType: 'workshop', makers: 15, founded: 1997 },
  { alias: 'dar-jeld', name: { en: 'Dar Jeld', ar: 'دار الجلد' }, country: 'MA', city: 'Marrakech', region: 'Marrakech-Safi', specialities: ['leatherwork'], makerType: 'workshop', makers: 11, founded: 2010 },
  { alias: 'andean-alpaca', name: { en: 'Andean Alpaca Weavers', es: 'Tejedoras Andinas de Alpaca', ar: 'نساجات الألبكة في الأنديز' }, country: 'PE', city: 'Cusco', region: 'Cusco', specialities: ['weaving', 'natural-dyeing'], makerType: 'cooperative', makers: 38, founded: 2002, featured: true },
  { alias: 'ceramica-chulucanas', name: { en: 'Chulucanas Ceramics', es: 'Cerámica Chulucanas' }, country: 'PE', city: 'Chulucanas', region: 'Piura', specialities: ['pottery'], makerType: 'workshop', makers: 8, founded: 2011 },
  { alias: 'ayacucho-tapestry', name: { en: 'Ayacucho Tapestry', es: 'Tapices de Ayacucho' }, country: 'PE', city: 'Ayacucho', region: 'Ayacucho', specialities: ['weaving', 'embroidery'], makerType: 'cooperative', makers: 20, founded: 2008 },
  { alias: 'bolga-baskets', name: { en: 'Bolga Basket Makers', es: 'Cesteros de Bolga' }, country: 'GH', city: 'Bolgatanga', region: 'Upper East', specialities: ['basketry'], makerType: 'cooperative', makers: 120, founded: 2005, featured: true },
  { alias: 'kente-loom', name: { en: 'Kente Loom House', es: 'Casa del Telar Kente' }, country: 'GH', city: 'Kumasi', region: 'Ashanti', specialities: ['weaving'], makerType: 'workshop', makers: 16, founded: 1999 },
  { alias: 'ahwiaa-woodcarvers', name: { en: 'Ahwiaa Woodcarvers', es: 'Tallistas de Ahwiaa' }, country: 'GH', city: 'Ahwiaa', region: 'Ashanti', specialities: ['woodcarving'], makerType: 'cooperative', makers: 27, founded: 2001 },
  { alias: 'maasai-beadwork', name: { en: 'Maasai Beadwork Collective', es: 'Colectivo de Abalorios Maasai' }, country: 'KE', city: 'Kajiado', region: 'Kajiado', specialities: ['beadwork'], makerType: 'cooperative', makers: 85, founded: 2007, featured: true },
  { alias: 'nairobi-leather', name: { en: 'Nairobi Leather Studio', es: 'Estudio de Cuero de Nairobi' }, country: 'KE', city: 'Nairobi', region: 'Nairobi', specialities: ['leatherwork'], makerType: 'social-enterprise', makers: 13, founded: 2014 },
  { alias: 'kitengela-glass', name: { en: 'Kitengela Glass' }, country: 'KE', city: 'Kitengela', region: 'Kajiado', specialities: ['glassblowing'], makerType: 'workshop', makers: 19, founded: 1994 },
  { alias: 'hoi-an-lanterns', name: { en: 'Hội An Lanterns', es: 'Faroles de Hội An', ar: 'فوانيس هوي آن' }, country: 'VN', city: 'Hội An', region: 'Quảng Nam', specialities: ['basketry', 'papermaking'], makerType: 'workshop', makers: 12, founded: 2009 },
  { alias: 'bat-trang-ceramics', name: { en: 'Bát Tràng Ceramics', es: 'Cerámica Bát Tràng' }, country: 'VN', city: 'Hanoi', region: 'Gia Lâm', specialities: ['pottery'], makerType: 'small-factory', makers: 30, founded: 1996 },
  { alias: 'mekong-rattan', name: { en: 'Mekong Rattan', es: 'Ratán del Mekong' }, country: 'VN', city: 'Cần Thơ', region: 'Mekong Delta', specialities: ['basketry'], makerType: 'cooperative', makers: 44, founded: 2010 },
  { alias: 'telar-oaxaca', name: { en: 'Telar Oaxaca', ar: 'نول واهاكا' }, country: 'MX', city: 'Teotitlán del Valle', region: 'Oaxaca', specialities: ['weaving', 'natural-dyeing'], makerType: 'cooperative', makers: 24, founded: 2003, featured: true },
  { alias: 'talavera-puebla', name: { en: 'Talavera Puebla' }, country: 'MX', city: 'Puebla', region: 'Puebla', specialities: ['pottery'], makerType: 'workshop', makers: 14, founded: 1992 },
  { alias: 'plata-de-taxco', name: { en: 'Taxco Silver', es: 'Plata de Taxco', ar: 'فضة تاكسكو' }, country: 'MX', city: 'Taxco', region: 'Guerrero', specialities: ['silversmithing'], makerType: 'workshop', makers: 9, founded: 2000 },
  { alias: 'vidrio-jalisco', name: { en: 'Jalisco Blown Glass', es: 'Vidrio Soplado Jalisco' }, country: 'MX', city: 'Tlaquepaque', region: 'Jalisco', specialities: ['glassblowing'], makerType: 'small-factory', makers: 21, founded: 1990 },
  { alias: 'cortica-alentejo', name: { en: 'Alentejo Cork', es: 'Corcho del Alentejo' }, country: 'PT', city: 'Évora', region: 'Alentejo', specialities: ['woodcarving', 'leatherwork'], makerType: 'small-factory', makers: 17, founded: 2013 },
  { alias: 'bordados-viana', name: { en: 'Viana Embroidery', es: 'Bordados de Viana' }, country: 'PT', city: 'Viana do Castelo', region: 'Minho', specialities: ['embroidery'], makerType: 'workshop', makers: 10, founded: 2005 },
  { alias: 'velas-do-porto', name: { en: 'Porto Candle Co.', es: 'Velas de Oporto' }, country: 'PT', city: 'Porto', region: 'Norte', specialities: ['candle-making'], makerType: 'workshop', makers: 5, founded: 2019 },
  { alias: 'anatolia-kilim', name: { en: 'Anatolia Kilim', es: 'Kilim de Anatolia', ar: 'كليم الأناضول' }, country: 'TR', city: 'Konya', region: 'Central Anatolia', specialities: ['weaving', 'natural-dyeing'], makerType: 'cooperative', makers: 33, founded: 2001, featured: true },
  { alias: 'kutahya-cini', name: { en: 'Kütahya Çini' }, country: 'TR', city: 'Kütahya', region: 'Aegean', specialities: ['pottery'], makerType: 'workshop', makers: 8, founded: 1998 },
  { alias: 'istanbul-copper', name: { en: 'Istanbul Copper Atelier', es: 'Taller de Cobre de Estambul', ar: 'مشغل النحاس في إسطنبول' }, country: 'TR', city: 'Istanbul', region: 'Marmara', specialities: ['metalwork'], makerType: 'workshop', makers: 7, founded: 1987 },
  { alias: 'jamdani-house', name: { en: 'Jamdani House', es: 'Casa Jamdani', ar: 'بيت الجامداني' }, country: 'BD', city: 'Narayanganj', region: 'Dhaka', specialities: ['weaving', 'embroidery'], makerType: 'cooperative', makers: 40, founded: 2006 },
  { alias: 'golden-jute', name: { en: 'Golden Jute Works', es: 'Yute Dorado', ar: 'الجوت الذهبي' }, country: 'BD', city: 'Rangpur', region: 'Rangpur', specialities: ['basketry', 'weaving'], makerType: 'social-enterprise', makers: 150, founded: 2008 },
];

const countryNames = new Map<string, string>();
/** A country's name in a language, from the ICU data Node ships with (kept: ICU look-ups are slow next to a Map). */
export function countryName(code: string, language: string): string {
  const key = `${language}:${code}`;
  let name = countryNames.get(key);
  if (name === undefined) countryNames.set(key, (name = new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code));
  return name;
}

/** A short story per language, from the store's facts. */
export function storyOf(store: StoreDef, name: Text, specialityNames: Text[]): Text {
  const list = (lang: keyof Text, and: string) => {
    const names = specialityNames.map((s) => s[lang].toLowerCase());
    return names.length > 1 ? `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}` : (names[0] ?? '');
  };
  const where = (lang: keyof Text) => `${store.city}, ${countryName(store.country, lang)}`;
  return {
    en: `${name.en} began in ${store.founded} in ${where('en')}. Today ${store.makers} makers work with us in ${list('en', 'and')}, paid fairly and by the piece they choose to make. Every order keeps a traditional craft alive in ${store.region}.`,
    es: `${name.es} nació en ${store.founded} en ${where('es')}. Hoy ${store.makers} artesanos trabajan con nosotros en ${list('es', 'y')}, con un pago justo por cada pieza que eligen hacer. Cada pedido mantiene viva una artesanía tradicional en ${store.region}.`,
    ar: `بدأت ${name.ar} عام ${store.founded} في ${where('ar')}. يعمل معنا اليوم ${store.makers} حرفيًا في ${list('ar', 'و')}، بأجر عادل عن كل قطعة يختارون صنعها. كل طلب يُبقي حرفة تقليدية حيّة في ${store.region}.`,
    ms: `${name.ms} bermula pada tahun ${store.founded} di ${where('ms')}. Hari ini ${store.makers} tukang bekerja bersama kami dalam ${list('ms', 'dan')}, dibayar secara adil bagi setiap hasil yang mereka pilih untuk buat. Setiap pesanan memastikan kraf tradisional di ${store.region} terus hidup.`,
  };
}

/** A one-line description per language. */
export function descriptionOf(store: StoreDef, specialityNames: Text[]): Text {
  const first = specialityNames[0];
  const lower = (lang: keyof Text) => (first ? first[lang].toLowerCase() : '');
  return {
    en: `${first?.en ?? 'Craft'} from ${store.city}, ${countryName(store.country, 'en')}: ${store.makers} makers since ${store.founded}.`,
    es: `${first?.es ?? 'Artesanía'} desde ${store.city}, ${countryName(store.country, 'es')}: ${store.makers} artesanos desde ${store.founded}.`,
    ar: `${lower('ar') || 'حرف'} من ${store.city}، ${countryName(store.country, 'ar')}: ${store.makers} حرفيًا منذ ${store.founded}.`,
    ms: `${first?.ms ?? 'Kraf'} dari ${store.city}, ${countryName(store.country, 'ms')}: ${store.makers} tukang sejak ${store.founded}.`,
  };
}
