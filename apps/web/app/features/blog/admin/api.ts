import type { ContactStatus, Language, TAdminBlogPost, TBlogCategory, TContactMessage } from '@tessera/contracts';
import { portalClient } from '../../portal-shell/clients';

/** The console's blog and contact-inbox calls, used by the routes' clientLoader and clientAction. */
const admin = () => portalClient('admin');

export const adminPosts = (signal?: AbortSignal) =>
  admin()
    .get<{ data: TAdminBlogPost[] }>('/v1/admin/posts', { signal })
    .then((a) => a.data);

export const adminPost = (id: string, signal?: AbortSignal) =>
  admin()
    .get<{ data: TAdminBlogPost }>(`/v1/admin/posts/${id}`, { signal })
    .then((a) => a.data);

export const blogCategories = (signal?: AbortSignal) =>
  admin()
    .get<{ data: TBlogCategory[] }>('/v1/admin/posts/categories', { signal })
    .then((a) => a.data);

export interface CategoryInput {
  id: string | null;
  slug: string;
  names: Record<Language, string>;
}

export async function saveBlogCategory({ id, slug, names }: CategoryInput): Promise<void> {
  const payload = { slug: slug.trim(), names };
  if (id) await admin().request('PUT', `/v1/admin/posts/categories/${id}`, { body: payload });
  else await admin().post('/v1/admin/posts/categories', payload);
}

export interface PostInput {
  id: string | null;
  slug: string;
  categoryId: string | null;
  tags: string[];
  texts: Partial<Record<Language, { title: string; excerpt: string; body: string }>>;
}

export async function savePost({ id, ...payload }: PostInput): Promise<TAdminBlogPost> {
  const answer = id
    ? await admin().request<{ data: TAdminBlogPost }>('PUT', `/v1/admin/posts/${id}`, { body: payload })
    : await admin().post<{ data: TAdminBlogPost }>('/v1/admin/posts', payload);
  return answer.data;
}

/** Saves the post, then publishes it (now, or at `publishAt`) or takes it back to draft. */
export async function savePostAnd(input: { post: PostInput; step: 'publish' | 'unpublish'; publishAt?: number }): Promise<TAdminBlogPost> {
  const saved = await savePost(input.post);
  const body = input.step === 'publish' ? (input.publishAt ? { publishAt: input.publishAt } : {}) : undefined;
  return (await admin().post<{ data: TAdminBlogPost }>(`/v1/admin/posts/${saved.id}/${input.step}`, body)).data;
}

export const deletePost = (id: string) => admin().request('DELETE', `/v1/admin/posts/${id}`);

/** The cover (form data: `id`, `image`). */
export async function uploadPostCover(form: FormData): Promise<TAdminBlogPost> {
  const upload = new FormData();
  upload.append('image', form.get('image') as File);
  return (await admin().post<{ data: TAdminBlogPost }>(`/v1/admin/posts/${String(form.get('id'))}/cover`, upload)).data;
}

/** The Markdown body rendered and sanitised by the server (a preview: nothing is saved). */
export const previewPostBody = (body: string) =>
  admin()
    .post<{ data: { html: string } }>('/v1/admin/posts/preview', { body })
    .then((a) => a.data.html);

export const contactMessages = (status: ContactStatus, signal?: AbortSignal) =>
  admin()
    .get<{ data: TContactMessage[] }>(`/v1/admin/contact?status=${status}`, { signal })
    .then((a) => a.data);

export const replyToContact = ({ id, body }: { id: string; body: string }) =>
  admin()
    .post<{ data: TContactMessage }>(`/v1/admin/contact/${id}/reply`, { body })
    .then((a) => a.data);

export const markContactHandled = ({ id, handled }: { id: string; handled: boolean }) =>
  admin()
    .post<{ data: TContactMessage }>(`/v1/admin/contact/${id}/handled`, { handled })
    .then((a) => a.data);
