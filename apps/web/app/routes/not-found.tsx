import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { NotFound } from '../features/shell/NotFound';
import { resolveWebContext } from '../lib/context';
import { pageMeta } from '../lib/seo';

/** Any path no other route matches answers 404 (while the site is locked the gate shows instead). */
export function loader({ context }: Route.LoaderArgs) {
  if (resolveWebContext(context).siteLocked) return null;
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t('notFound.title'), description: t('notFound.body'), noIndex: true }));

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
