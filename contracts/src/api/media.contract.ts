import { z } from 'zod';

/**
 * POST /api/product-media/upload answers where the browser PUTs one file directly (no multipart): an
 * absolute URL, or a path relative to the app when the request named no Host (HTTP/1.0).
 */
export const mediaUploadResponse = z.object({ uploadURL: z.string() });
export type MediaUploadResponse = z.infer<typeof mediaUploadResponse>;

/** Where uploaded files are served, and so how a product names one (spec section 7). */
export const MEDIA_PATH_PREFIX = '/product-media/uploads/';

/** The path a product stores for an uploaded file: /product-media/uploads/{fileName}. */
export const mediaPathOf = (fileName: string): string => `${MEDIA_PATH_PREFIX}${fileName}`;

/** The path stored on the product: /product-media/uploads/{last path segment of uploadURL}. */
export function mediaPathFromUploadUrl(uploadURL: string): string {
  const path = new URL(uploadURL, 'http://placeholder').pathname;
  return mediaPathOf(path.split('/').filter(Boolean).pop() ?? '');
}

const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov'];
/** Spec: paths ending mp4, webm, ogg or mov are shown as video. */
export const isVideoPath = (path: string) => VIDEO_EXTENSIONS.some((ext) => path.toLowerCase().endsWith(ext));
