import { z } from 'zod';

/** POST /api/product-media/upload answers where the browser PUTs one file directly (no multipart). */
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
