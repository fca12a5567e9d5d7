import { describeNamespaceParity } from '../../../lib/i18n/namespace-parity';
import { BLOG_TRANSLATIONS } from './index';

// 'Blog', 'Slug' and 'Spam' are the same word in several languages; 'Tag: {{tag}}' too.
describeNamespaceParity('blog', BLOG_TRANSLATIONS, ['list.title', 'admin.nav', 'inbox.tabs.spam', 'list.tag', 'post.tags', 'admin.tags']);
