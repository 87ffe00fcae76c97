import type { AwsS3UploadParameters, UploadPartBytesResult } from '@uppy/aws-s3';

type PutFileOptions = {
  signature: AwsS3UploadParameters;
  body: FormData | Blob;
  size?: number;
  onProgress: (event: { loaded: number; lengthComputable: boolean }) => void;
  onComplete: (etag: string) => void;
  signal?: AbortSignal;
};

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/**
 * The single PUT of one file, as the S3 plugin's own `uploadPartBytes` does it (same errors:
 * 'Request has expired', 'Non 2xx', network failures), except that a 2xx without an ETag header
 * counts as done: our storage is the gateway, not S3, and the plugin would otherwise wait forever.
 */
export function putFile({ signature, body, size, onProgress, onComplete, signal }: PutFileOptions) {
  const { url, headers, method = 'PUT', expires } = signature;
  const total = size ?? (body instanceof Blob ? body.size : 0);
  return new Promise<UploadPartBytesResult>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(method, url, true);
    Object.entries(headers ?? {}).forEach(([name, value]) => xhr.setRequestHeader(name, value));
    if (typeof expires === 'number') xhr.timeout = expires * 1000;
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const fail = (error: Error & { source?: unknown }) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    };
    const failWith = (message: string, source: unknown) => fail(Object.assign(new Error(message), { source }));

    xhr.upload.addEventListener('progress', (event) => onProgress(event));
    xhr.addEventListener('abort', () => fail(abortError()));
    xhr.addEventListener('timeout', () => failWith('Request has expired', { status: 403 }));
    xhr.addEventListener('error', () => failWith('Network error: the upload could not reach the server', xhr));
    xhr.addEventListener('load', () => {
      signal?.removeEventListener('abort', onAbort);
      if (xhr.status === 403 && xhr.responseText.includes('<Message>Request has expired</Message>')) {
        return failWith('Request has expired', xhr);
      }
      if (xhr.status < 200 || xhr.status >= 300) return failWith('Non 2xx', xhr);
      const etag = xhr.getResponseHeader('ETag') ?? '';
      onProgress({ loaded: total, lengthComputable: true });
      onComplete(etag);
      resolve({ ETag: etag, location: xhr.getResponseHeader('Location') ?? undefined });
    });
    xhr.send(body);
  });
}
