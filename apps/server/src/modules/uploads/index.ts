/** The uploads module's public surface: what services.ts, app.ts and other modules use. */
export { isAccepted, sniffContentType } from './content-sniffing.js';
export { imageDecodes } from './decode-slots.js';
export { contentDisposition } from './file-names.js';
export { sendPrivateFile } from './private-file.js';
export { createFileStore, type FileStore, type LocalFileStore } from './file-store.js';
export { decodeGuarded, ImageRefused } from './image-reencode.js';
export { readMultipartFiles, registerMultipart } from './multipart.js';
export { uploadsRoutes } from './uploads.routes.js';
export { publicMediaPath, uploadPath, UploadRejected, type UploadRequester, UploadsService } from './uploads.service.js';
export type { UploadsTables } from './uploads.tables.js';
