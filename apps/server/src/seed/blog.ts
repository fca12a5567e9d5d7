import sharp from 'sharp';
import type { Colour, Language } from '@tessera/contracts';
import type { Kysely } from 'kysely';
import type { Services } from '../services.js';
import type { Database } from '../db/schema.js';
import { bannerSvg } from './catalog/images.js';

/**
 * The demo blog: three categories and four published posts in the four languages, each with a
 * cover drawn like the demo catalog's banners, so that `npm start` shows a blog. Runs once (it
 * does nothing when any post exists).
 */
type Texts = Record<Language, { title: string; excerpt: string; body: string }>;

const CATEGORIES: Array<{ slug: string; names: Record<Language, string> }> = [
  { slug: 'materials', names: { en: 'Materials', es: 'Materiales', ar: 'المواد', ms: 'Bahan' } },
  { slug: 'makers', names: { en: 'Makers', es: 'Artesanos', ar: 'الحرفيون', ms: 'Pembuat' } },
  { slug: 'sourcing-guides', names: { en: 'Sourcing guides', es: 'Guías de compra', ar: 'أدلة التوريد', ms: 'Panduan perolehan' } },
];

const POSTS: Array<{ slug: string; category: string; tags: string[]; cover: { motif: string; colours: Colour[] }; daysAgo: number; texts: Texts }> = [
  {
    slug: 'songket-from-terengganu',
    category: 'makers',
    tags: ['songket', 'malaysia', 'weaving'],
    cover: { motif: 'textiles', colours: ['red', 'yellow', 'brown'] },
    daysAgo: 2,
    texts: {
      en: {
        title: 'Songket from Terengganu: gold thread, family looms',
        excerpt: 'A visit to the cooperative behind Atelier Nurul, where one metre of songket takes a week.',
        body: 'On the east coast of Malaysia, songket is still woven on wooden looms at home. **Atelier Nurul** is a cooperative of eleven weavers, most of them from two families.\n\n## A week for one metre\n\nThe supplementary weft of gold or silver thread is lifted by hand, row after row. A metre of a dense pattern takes a week.\n\n- Silk or cotton warp\n- Metallic thread from a supplier in Kelantan\n- Natural dyes for the ground colours\n\n> "Every pattern has a name, and every name has a story." — Nurul Aziz\n\nSee the [store\'s pieces](/store/atelier-nurul) or ask the weavers for a custom length.',
      },
      es: {
        title: 'Songket de Terengganu: hilo de oro y telares familiares',
        excerpt: 'Una visita a la cooperativa detrás de Atelier Nurul, donde un metro de songket lleva una semana.',
        body: 'En la costa este de Malasia, el songket aún se teje en telares de madera en casa. **Atelier Nurul** es una cooperativa de once tejedoras, la mayoría de dos familias.\n\n## Una semana por metro\n\nLa trama suplementaria de hilo de oro o plata se levanta a mano, fila tras fila. Un metro de un dibujo denso lleva una semana.\n\n- Urdimbre de seda o algodón\n- Hilo metálico de un proveedor de Kelantan\n- Tintes naturales para los colores de fondo\n\nMira las [piezas de la tienda](/store/atelier-nurul) o pide a las tejedoras un largo a medida.',
      },
      ar: {
        title: 'سونغكيت من ترينغانو: خيوط ذهبية وأنوال عائلية',
        excerpt: 'زيارة إلى التعاونية التي تقف وراء أتيليه نور، حيث يستغرق متر واحد من السونغكيت أسبوعًا.',
        body: 'على الساحل الشرقي لماليزيا، لا يزال السونغكيت يُنسج على أنوال خشبية في المنازل. **أتيليه نور** تعاونية من إحدى عشرة نسّاجة، معظمهن من عائلتين.\n\n## أسبوع لكل متر\n\nتُرفع خيوط اللحمة الإضافية من الذهب أو الفضة يدويًا، صفًا بعد صف. ويستغرق متر من نقش كثيف أسبوعًا كاملًا.\n\n- سداة من الحرير أو القطن\n- خيوط معدنية من مورّد في كلنتن\n- أصباغ طبيعية لألوان الأرضية\n\nتصفّح [قطع المتجر](/store/atelier-nurul) أو اطلب من النسّاجات طولًا حسب الطلب.',
      },
      ms: {
        title: 'Songket dari Terengganu: benang emas, kek tenun keluarga',
        excerpt: 'Lawatan ke koperasi di sebalik Atelier Nurul, tempat satu meter songket mengambil masa seminggu.',
        body: 'Di pantai timur Malaysia, songket masih ditenun di atas kek kayu di rumah. **Atelier Nurul** ialah koperasi sebelas penenun, kebanyakannya daripada dua keluarga.\n\n## Seminggu untuk satu meter\n\nBenang pakan tambahan emas atau perak diangkat dengan tangan, baris demi baris. Satu meter corak yang padat mengambil masa seminggu.\n\n- Loseng sutera atau kapas\n- Benang logam daripada pembekal di Kelantan\n- Pewarna semula jadi untuk warna dasar\n\nLihat [hasil kedai](/store/atelier-nurul) atau minta penenun membuat panjang tempahan.',
      },
    },
  },
  {
    slug: 'reading-a-certificate',
    category: 'sourcing-guides',
    tags: ['certificates', 'traceability'],
    cover: { motif: 'stationery-paper', colours: ['green', 'natural', 'white'] },
    daysAgo: 6,
    texts: {
      en: {
        title: 'How to read a sustainability certificate',
        excerpt: 'Scope, holder, expiry and what it covers: four checks before you trust a label.',
        body: "A certificate is only as good as what it covers. Before you rely on one, check four things.\n\n1. **Holder**: is it the seller, or a supplier further up the chain?\n2. **Scope**: which products, materials and sites does it name?\n3. **Expiry**: certificates lapse; ask for the current one.\n4. **Issuer**: can you look the number up on the issuer's register?\n\nOn Tessera every certificate shown on a product has its evidence file, checked by our team.",
      },
      es: {
        title: 'Cómo leer un certificado de sostenibilidad',
        excerpt: 'Alcance, titular, caducidad y lo que cubre: cuatro comprobaciones antes de fiarte de una etiqueta.',
        body: 'Un certificado vale lo que cubre. Antes de confiar en uno, comprueba cuatro cosas.\n\n1. **Titular**: ¿es el vendedor o un proveedor anterior en la cadena?\n2. **Alcance**: ¿qué productos, materiales e instalaciones nombra?\n3. **Caducidad**: los certificados vencen; pide el vigente.\n4. **Emisor**: ¿puedes buscar el número en su registro?\n\nEn Tessera cada certificado de un producto tiene su archivo de evidencia, revisado por nuestro equipo.',
      },
      ar: {
        title: 'كيف تقرأ شهادة الاستدامة',
        excerpt: 'النطاق والحامل وتاريخ الانتهاء وما تغطيه: أربع خطوات تحقق قبل أن تثق بأي ملصق.',
        body: 'قيمة الشهادة بقدر ما تغطيه. قبل أن تعتمد على واحدة، تحقّق من أربعة أمور.\n\n1. **الحامل**: هل هو البائع أم مورّد في مرحلة سابقة من السلسلة؟\n2. **النطاق**: ما المنتجات والمواد والمواقع التي تذكرها؟\n3. **الانتهاء**: الشهادات تنتهي صلاحيتها؛ اطلب النسخة السارية.\n4. **الجهة المُصدِرة**: هل يمكنك البحث عن الرقم في سجلها؟\n\nفي Tessera، لكل شهادة معروضة على منتج ملف إثبات راجعه فريقنا.',
      },
      ms: {
        title: 'Cara membaca sijil kelestarian',
        excerpt: 'Skop, pemegang, tarikh luput dan liputannya: empat semakan sebelum anda mempercayai label.',
        body: 'Sijil hanya sebaik apa yang diliputinya. Sebelum bergantung padanya, semak empat perkara.\n\n1. **Pemegang**: penjual, atau pembekal lebih awal dalam rantaian?\n2. **Skop**: produk, bahan dan tapak mana yang dinamakan?\n3. **Tarikh luput**: sijil boleh luput; minta yang terkini.\n4. **Pengeluar**: bolehkah nombornya disemak dalam daftar pengeluar?\n\nDi Tessera setiap sijil pada produk mempunyai fail bukti yang disemak oleh pasukan kami.',
      },
    },
  },
  {
    slug: 'natural-dyes',
    category: 'materials',
    tags: ['natural dyes', 'textiles'],
    cover: { motif: 'rugs-carpets', colours: ['blue', 'yellow', 'beige'] },
    daysAgo: 11,
    texts: {
      en: {
        title: 'Indigo, turmeric, mangrove: the colours of natural dyes',
        excerpt: 'What natural dyes give, what they ask of a buyer, and how to order them in volume.',
        body: 'Natural dyes come from plants, minerals and insects. They give soft, living colours that age well.\n\n## What to expect\n\n- Small differences from batch to batch: order a whole run at once\n- Longer lead times in the rainy season\n- Washing advice that differs from synthetic dyes\n\nAsk a maker for a **strike-off** (a small dyed sample) before a large order.',
      },
      es: {
        title: 'Índigo, cúrcuma, manglar: los colores de los tintes naturales',
        excerpt: 'Lo que dan los tintes naturales, lo que piden al comprador y cómo pedirlos en volumen.',
        body: 'Los tintes naturales vienen de plantas, minerales e insectos. Dan colores suaves y vivos que envejecen bien.\n\n## Qué esperar\n\n- Pequeñas diferencias entre lotes: pide toda la tirada de una vez\n- Plazos más largos en la estación de lluvias\n- Consejos de lavado distintos de los tintes sintéticos\n\nPide al artesano una **muestra teñida** antes de un pedido grande.',
      },
      ar: {
        title: 'النيلة والكركم والمنغروف: ألوان الأصباغ الطبيعية',
        excerpt: 'ما تمنحه الأصباغ الطبيعية، وما تتطلبه من المشتري، وكيف تطلبها بكميات كبيرة.',
        body: 'تأتي الأصباغ الطبيعية من النباتات والمعادن والحشرات. تمنح ألوانًا ناعمة حيّة تتقدّم في العمر بجمال.\n\n## ما الذي تتوقعه\n\n- فروق صغيرة بين دفعة وأخرى: اطلب الكمية كاملة دفعة واحدة\n- مدد تسليم أطول في موسم الأمطار\n- إرشادات غسيل تختلف عن الأصباغ الصناعية\n\nاطلب من الحرفي **عينة مصبوغة** صغيرة قبل أي طلب كبير.',
      },
      ms: {
        title: 'Nila, kunyit, bakau: warna pewarna semula jadi',
        excerpt: 'Apa yang diberikan pewarna semula jadi, apa yang dituntut daripada pembeli, dan cara menempahnya secara pukal.',
        body: 'Pewarna semula jadi datang daripada tumbuhan, mineral dan serangga. Ia memberi warna lembut yang hidup dan menua dengan baik.\n\n## Apa yang dijangka\n\n- Perbezaan kecil antara kelompok: tempah keseluruhan sekali gus\n- Tempoh penghantaran lebih panjang pada musim hujan\n- Nasihat basuhan yang berbeza daripada pewarna sintetik\n\nMinta pembuat menghantar **sampel celupan** kecil sebelum tempahan besar.',
      },
    },
  },
  {
    slug: 'rattan-and-bamboo',
    category: 'materials',
    tags: ['rattan', 'bamboo', 'furniture'],
    cover: { motif: 'baskets-storage', colours: ['natural', 'brown', 'green'] },
    daysAgo: 17,
    texts: {
      en: {
        title: 'Rattan and bamboo: fast-growing, long-lasting',
        excerpt: 'Two materials that regrow in a few years, and how makers keep them from splitting.',
        body: 'Rattan is a climbing palm harvested from forests without felling trees; bamboo is a grass that regrows within five years.\n\nBoth are **cured and dried** slowly so that they do not split. Ask makers about their drying time and treatment: borax is common and mild, while some finishes are not.',
      },
      es: {
        title: 'Ratán y bambú: crecen rápido y duran mucho',
        excerpt: 'Dos materiales que vuelven a crecer en pocos años, y cómo evitan los artesanos que se agrieten.',
        body: 'El ratán es una palmera trepadora que se recoge en bosques sin talar árboles; el bambú es una hierba que rebrota en cinco años.\n\nAmbos se **curan y secan** despacio para que no se agrieten. Pregunta a los artesanos por el tiempo de secado y el tratamiento: el bórax es común y suave; otros acabados no tanto.',
      },
      ar: {
        title: 'الروطان والخيزران: نمو سريع وعمر طويل',
        excerpt: 'مادتان تنموان من جديد خلال سنوات قليلة، وكيف يمنع الحرفيون تشقّقهما.',
        body: 'الروطان نخيل متسلّق يُحصد من الغابات دون قطع الأشجار؛ والخيزران عشب ينمو من جديد خلال خمس سنوات.\n\nكلاهما **يُعالَج ويُجفَّف** ببطء كي لا يتشقّق. اسأل الحرفيين عن مدة التجفيف والمعالجة: البوراكس شائع ولطيف، بينما بعض التشطيبات ليست كذلك.',
      },
      ms: {
        title: 'Rotan dan buluh: cepat tumbuh, tahan lama',
        excerpt: 'Dua bahan yang tumbuh semula dalam beberapa tahun, dan cara pembuat mengelakkannya daripada merekah.',
        body: 'Rotan ialah palma memanjat yang dituai dari hutan tanpa menebang pokok; buluh ialah rumput yang tumbuh semula dalam lima tahun.\n\nKedua-duanya **diawet dan dikeringkan** perlahan-lahan supaya tidak merekah. Tanya pembuat tentang masa pengeringan dan rawatan: boraks biasa dan lembut, tetapi sesetengah kemasan tidak.',
      },
    },
  },
];

export async function seedDemoBlog(services: Services, db: Kysely<Database>): Promise<void> {
  const { blog } = services;
  if ((await blog.adminList()).length > 0) return;
  const admin = await services.accounts.findByEmail({ email: 'admin@tessera.test' });
  if (!admin) return;
  const known = await blog.categories('en');
  const categoryIds = new Map(known.map((c) => [c.slug, c.id]));
  for (const category of CATEGORIES) {
    if (!categoryIds.has(category.slug)) categoryIds.set(category.slug, (await blog.createCategory(category)).id);
  }
  const requester = { userId: admin.id, userType: 'team' as const };
  for (const post of POSTS) {
    const created = await blog.create({
      input: { slug: post.slug, categoryId: categoryIds.get(post.category) ?? null, tags: post.tags, texts: post.texts },
      authorId: admin.id,
    });
    const cover = await sharp(Buffer.from(bannerSvg(post.cover.motif, post.cover.colours, 1200, 630)))
      .jpeg({ quality: 85 })
      .toBuffer();
    await blog.setCover({ id: created.id, data: cover, filename: `${post.slug}.jpg`, requester });
    await blog.publish({ id: created.id, publishAt: undefined });
    // Spread over the last weeks, so the list reads like a blog.
    await db
      .updateTable('blog_posts')
      .set({ publish_at: Date.now() - post.daysAgo * 86_400_000 })
      .where('id', '=', created.id)
      .execute();
  }
}
