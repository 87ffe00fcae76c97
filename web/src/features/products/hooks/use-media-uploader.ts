import { useEffect, useRef, useState } from 'react';
import Uppy, { type Body, type Meta, type UppyFile } from '@uppy/core';
import AwsS3 from '@uppy/aws-s3';
import { MEDIA_LIMITS, mediaPathFromUploadUrl } from '@shop/contracts';
import { toastError, toastSuccess } from '@/components/toast/use-toast';
import { requestMediaUpload } from '../api/request-media-upload';
import { putFile } from '../utils/put-file';

export type PendingUpload = { id: string; name: string; progress: number };

type Callbacks = { onUploaded: (path: string) => void };

/** The uploader's own failures, worded as in the error catalogue; anything else (network) as it came. */
export function describeUploadError(error: { message?: string; source?: unknown } | undefined): string {
  const status = (error?.source as { status?: unknown } | undefined)?.status;
  if (error?.message === 'Authorization required' || status === 401) return 'Authorization required';
  return error?.message || 'Upload failed';
}

/**
 * Direct-to-storage uploads with Uppy: one PUT per file (no multipart) to the URL the gateway hands
 * out. Limits (files, size, types) are checked in the browser before anything is sent; concurrency 6
 * and retry delays [0, 1000, 3000, 5000] are the plugin's defaults.
 */
export function useMediaUploader({ onUploaded }: Callbacks) {
  const callbacks = useRef({ onUploaded });
  callbacks.current = { onUploaded };
  const uppyRef = useRef<Uppy<Meta, Body> | null>(null);
  const fileIdByPath = useRef(new Map<string, string>());
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);

  // One Uppy per mounted field, made in the effect so StrictMode's remount gets a live instance;
  // unmounting (closing the dialog) cancels whatever is still uploading.
  useEffect(() => {
    const uploadUrls = new Map<string, string>();
    const uppy = createUppy(async (file, signal) => {
      const url = await requestMediaUpload(
        { filename: file.name ?? 'file', contentType: file.type, size: file.size ?? undefined },
        signal,
      );
      uploadUrls.set(file.id, url);
      return url;
    });
    uppyRef.current = uppy;
    const drop = (id: string) => setPending((current) => current.filter((item) => item.id !== id));

    uppy.on('files-added', (files) => {
      setPending((current) => [
        ...current,
        ...files.map((file) => ({ id: file.id, name: file.name ?? 'file', progress: 0 })),
      ]);
    });
    uppy.on('restriction-failed', (_file, error) => {
      setProblems((current) => [...current, error.message]);
      toastError(error.message, 'File not added');
    });
    uppy.on('upload-progress', (file) => {
      if (!file) return;
      const { bytesUploaded, bytesTotal } = file.progress;
      const progress = bytesTotal ? Math.round((Number(bytesUploaded) / bytesTotal) * 100) : 0;
      setPending((current) => current.map((item) => (item.id === file.id ? { ...item, progress } : item)));
    });
    uppy.on('upload-success', (file) => {
      if (!file) return;
      drop(file.id);
      const url = uploadUrls.get(file.id);
      if (!url) return;
      const path = mediaPathFromUploadUrl(url);
      fileIdByPath.current.set(path, file.id);
      callbacks.current.onUploaded(path);
    });
    uppy.on('upload-error', (file, error) => {
      const message = describeUploadError(error as { message?: string; source?: unknown });
      if (file) drop(file.id);
      setProblems((current) => [...current, `${file?.name ?? 'File'}: ${message}`]);
      toastError(message);
    });
    uppy.on('complete', (result) => {
      const uploaded = result.successful?.length ?? 0;
      if (uploaded > 0) toastSuccess(`${uploaded} file(s) uploaded successfully`);
      // Failed files leave the queue so they can be chosen again and do not count towards the limit.
      result.failed?.forEach((file) => uppy.removeFile(file.id));
    });

    return () => {
      uppyRef.current = null;
      uppy.destroy();
    };
  }, []);

  const addFiles = (files: readonly File[]) => {
    const uppy = uppyRef.current;
    if (!uppy || files.length === 0) return;
    setProblems([]);
    try {
      uppy.addFiles(files.map((file) => ({ name: file.name, type: file.type, data: file, source: 'Local' })));
    } catch (error) {
      // Restriction failures are reported by their event; this is anything else Uppy refused.
      const message = error instanceof Error ? error.message : 'Files could not be added';
      setProblems((current) => [...current, message]);
      toastError(message, 'File not added');
    }
  };

  /** Frees the slot of an uploaded file (the stored object stays; the product simply won't use it). */
  const forget = (path: string) => {
    const fileId = fileIdByPath.current.get(path);
    fileIdByPath.current.delete(path);
    const uppy = uppyRef.current;
    if (uppy && fileId && uppy.getFile(fileId)) uppy.removeFile(fileId);
    // A limit message no longer applies once a slot is free again.
    setProblems([]);
  };

  return { addFiles, forget, pending, problems, isUploading: pending.length > 0 };
}

type SignUpload = (file: UppyFile<Meta, Body>, signal: AbortSignal | undefined) => Promise<string>;

function createUppy(signUpload: SignUpload) {
  return new Uppy<Meta, Body>({
    autoProceed: true,
    restrictions: {
      maxNumberOfFiles: MEDIA_LIMITS.maxFiles,
      maxFileSize: MEDIA_LIMITS.maxFileBytes,
      allowedFileTypes: [...MEDIA_LIMITS.allowedTypes],
    },
    locale: {
      pluralize: (count: number) => (count === 1 ? 0 : 1),
      strings: {
        youCanOnlyUploadX: {
          0: 'You can upload at most %{smart_count} file per product',
          1: 'You can upload at most %{smart_count} files per product',
        },
        exceedsSize: '%{file} is larger than the %{size} limit',
        youCanOnlyUploadFileTypes: 'Only images and videos can be uploaded (%{types})',
      },
    },
  }).use(AwsS3<Meta, Body>, {
    shouldUseMultipart: false,
    uploadPartBytes: putFile,
    getUploadParameters: async (file, options) => ({
      method: 'PUT',
      url: await signUpload(file, options?.signal),
      headers: { 'content-type': file.type },
    }),
  });
}
