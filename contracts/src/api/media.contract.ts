import { z } from 'zod';

/**
 * POST /api/product-media/upload answers where the browser PUTs one file directly (no multipart): an
 * absolute URL, or a path relative to the app when the request named no Host (HTTP/1.0).
 */
export const mediaUploadResponse = z.object({ uploadURL: z.string() });
export type MediaUploadResponse = z.infer<typeof mediaUploadResponse>;

/** The path stored on the product: /product-media/uploads/{last path segment of uploadURL}. */
export function mediaPathFromUploadUrl(uploadURL: string): string {
  const path = new URL(uploadURL, 'http://placeholder').pathname;
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return `/product-media/uploads/${last}`;
}

const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov'];
/** Spec: paths ending mp4, webm, ogg or mov are shown as video. */
export const isVideoPath = (path: string) => VIDEO_EXTENSIONS.some((ext) => path.toLowerCase().endsWith(ext));
