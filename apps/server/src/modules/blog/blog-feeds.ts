import { INTL_LOCALES, type Language, type TBlogPost } from '@tessera/contracts';
import { plainText } from './blog-html.js';

/**
 * RSS 2.0 and Atom 1.0 documents of the newest live posts in one language (`/blog/rss.xml?lang=ar`).
 * Written by hand: a few elements, every text escaped, the post's sanitised HTML as the content.
 */
const TITLES: Record<Language, { title: string; description: string }> = {
  en: { title: 'Tessera blog', description: 'Stories from makers, materials and responsible sourcing.' },
  es: { title: 'Blog de Tessera', description: 'Historias de artesanos, materiales y abastecimiento responsable.' },
  ar: { title: 'مدونة Tessera', description: 'قصص عن الحرفيين والمواد والتوريد المسؤول.' },
  ms: { title: 'Blog Tessera', description: 'Kisah pembuat, bahan dan perolehan yang bertanggungjawab.' },
};

export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
export const postUrl = (publicUrl: string, slug: string, language: Language) =>
  `${base(publicUrl)}/blog/${encodeURIComponent(slug)}${language === 'en' ? '' : `?lang=${language}`}`;

export function rssFeed(options: { posts: TBlogPost[]; language: Language; publicUrl: string }): string {
  const { posts, language, publicUrl } = options;
  const self = `${base(publicUrl)}/blog/rss.xml?lang=${language}`;
  const items = posts
    .map((post) => {
      const link = postUrl(publicUrl, post.slug, language);
      return [
        '<item>',
        `<title>${escapeXml(post.title)}</title>`,
        `<link>${escapeXml(link)}</link>`,
        `<guid isPermaLink="false">${escapeXml(post.id)}</guid>`,
        `<pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
        `<dc:creator>${escapeXml(post.author.name)}</dc:creator>`,
        ...(post.category ? [`<category>${escapeXml(post.category.name)}</category>`] : []),
        ...post.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
        `<description>${escapeXml(post.excerpt || plainText(post.html))}</description>`,
        `<content:encoded>${escapeXml(post.html)}</content:encoded>`,
        '</item>',
      ].join('');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${escapeXml(TITLES[language].title)}</title>
<link>${escapeXml(`${base(publicUrl)}/blog`)}</link>
<description>${escapeXml(TITLES[language].description)}</description>
<language>${INTL_LOCALES[language]}</language>
<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>
${posts[0] ? `<lastBuildDate>${new Date(posts[0].publishedAt).toUTCString()}</lastBuildDate>\n` : ''}${items}
</channel>
</rss>
`;
}

export function atomFeed(options: { posts: TBlogPost[]; language: Language; publicUrl: string }): string {
  const { posts, language, publicUrl } = options;
  const self = `${base(publicUrl)}/blog/atom.xml?lang=${language}`;
  const updated = new Date(posts.reduce((latest, post) => Math.max(latest, post.updatedAt, post.publishedAt), 0)).toISOString();
  const entries = posts
    .map((post) => {
      const link = postUrl(publicUrl, post.slug, language);
      return [
        '<entry>',
        `<title>${escapeXml(post.title)}</title>`,
        `<link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
        `<id>urn:uuid:${escapeXml(post.id)}</id>`,
        `<published>${new Date(post.publishedAt).toISOString()}</published>`,
        `<updated>${new Date(Math.max(post.updatedAt, post.publishedAt)).toISOString()}</updated>`,
        `<author><name>${escapeXml(post.author.name)}</name></author>`,
        ...(post.category ? [`<category term="${escapeXml(post.category.slug)}" label="${escapeXml(post.category.name)}"/>`] : []),
        ...post.tags.map((tag) => `<category term="${escapeXml(tag)}"/>`),
        `<summary>${escapeXml(post.excerpt || plainText(post.html))}</summary>`,
        `<content type="html">${escapeXml(post.html)}</content>`,
        '</entry>',
      ].join('');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${INTL_LOCALES[language]}">
<title>${escapeXml(TITLES[language].title)}</title>
<subtitle>${escapeXml(TITLES[language].description)}</subtitle>
<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(`${base(publicUrl)}/blog`)}"/>
<id>${escapeXml(`${base(publicUrl)}/blog`)}</id>
<updated>${updated}</updated>
${entries}
</feed>
`;
}
