import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { usePortalSession } from './session';

export interface LoadedFile {
  url: string;
  type: string;
  size: number;
}

/**
 * An upload (/v1/uploads/:id) fetched with the portal's token and shown through an object URL:
 * the uploads route accepts the storefront's token cookie, not the portals' ones, so an <img src>
 * pointing at it would be refused. The object URL is revoked when the path changes or on unmount.
 */
export function useUpload(path: string | null | undefined): { file: LoadedFile | null; error: boolean; loading: boolean } {
  const session = usePortalSession();
  const [state, setState] = useState<{ path: string | null; file: LoadedFile | null; error: boolean }>({ path: null, file: null, error: false });

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let url: string | null = null;
    session
      .client()
      .get<Blob>(path, { responseType: 'blob', signal: controller.signal })
      .then(
        (blob) => {
          if (controller.signal.aborted) return;
          url = URL.createObjectURL(blob);
          setState({ path, file: { url, type: blob.type, size: blob.size }, error: false });
        },
        () => {
          if (!controller.signal.aborted) setState({ path, file: null, error: true });
        },
      );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
    // The client is the same for the page's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  const current = path && state.path === path;
  return { file: current ? state.file : null, error: current ? state.error : false, loading: Boolean(path) && !current };
}

/** An image upload of the portal's own session (logos); a frame of the same size while it loads. */
export function UploadImage({
  path,
  alt,
  className = '',
  frameClassName = '',
  testId,
}: {
  path: string | null | undefined;
  alt: string;
  className?: string;
  frameClassName?: string;
  testId?: string;
}) {
  const { t } = useTranslation('portal');
  const { file, error, loading } = useUpload(path);
  return (
    <div className={`flex items-center justify-center overflow-hidden rounded-xl border border-sand-200 bg-sand-100 ${frameClassName}`}>
      {file ? (
        <img src={file.url} alt={alt} className={`h-full w-full object-contain ${className}`} data-testid={testId} />
      ) : error ? (
        <span className="p-2 text-center text-xs text-clay-700">{t('admin.companies.fileError')}</span>
      ) : loading ? (
        <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-moss-300 border-t-moss-700" />
      ) : null}
    </div>
  );
}
