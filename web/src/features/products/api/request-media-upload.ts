import { mediaUploadResponse } from '@shop/contracts';
import { ApiError, apiFetch } from '@/lib/api-client';

export type MediaUploadRequest = { filename: string; contentType: string; size?: number };

/**
 * POST /api/product-media/upload: where to PUT one file directly. The upload plugin calls this once
 * per file. The file's name, type and size go along so the server can refuse early and give the
 * stored object its extension: the stored path is the URL's last segment, and videos are
 * recognised by extension.
 * A 401 is reported the way the uploader words it.
 */
export async function requestMediaUpload(file: MediaUploadRequest, signal?: AbortSignal): Promise<string> {
  try {
    const response = await apiFetch<unknown>('/api/product-media/upload', { method: 'POST', body: file, signal });
    return mediaUploadResponse.parse(response).uploadURL;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new Error('Authorization required');
    throw error;
  }
}
