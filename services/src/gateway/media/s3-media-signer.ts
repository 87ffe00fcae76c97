import aws4 from 'aws4';

export interface S3Settings {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible endpoint (e.g. MinIO); addressed path-style. Absent: AWS virtual-hosted style. */
  readonly endpoint?: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/** The scheme and host the presigned URLs point at (for the Content-Security-Policy). */
export function s3MediaOrigin(settings: Pick<S3Settings, 'bucket' | 'region' | 'endpoint'>): string {
  return settings.endpoint
    ? new URL(settings.endpoint).origin
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
}

const UPLOAD_EXPIRES_SECONDS = 15 * 60;
const DOWNLOAD_EXPIRES_SECONDS = 5 * 60;

/**
 * Presigned S3 URLs (SigV4 in the query string, signed with aws4): the browser PUTs each file straight
 * to the bucket, and a signed-in user's GET is redirected to a short-lived signed URL. A presigned URL
 * expires but, unlike the local tickets, S3 cannot make it single-use.
 */
export class S3MediaSigner {
  constructor(private readonly settings: S3Settings) {}

  /** Signed for this type and exact length: S3 refuses a PUT that sends other values for either. */
  uploadUrl(fileName: string, file: { readonly contentType: string; readonly size: number }): string {
    return this.sign('PUT', fileName, UPLOAD_EXPIRES_SECONDS, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
    });
  }

  downloadUrl(fileName: string): string {
    return this.sign('GET', fileName, DOWNLOAD_EXPIRES_SECONDS, {});
  }

  private sign(method: 'GET' | 'PUT', fileName: string, expires: number, headers: Record<string, string>): string {
    const key = `product-media/uploads/${encodeURIComponent(fileName)}`;
    const { bucket, region, endpoint, accessKeyId, secretAccessKey } = this.settings;
    const base = endpoint ? new URL(endpoint) : new URL(`https://${bucket}.s3.${region}.amazonaws.com`);
    const path = `${base.pathname.replace(/\/$/, '')}${endpoint ? `/${bucket}` : ''}/${key}?X-Amz-Expires=${expires}`;
    const signed = aws4.sign(
      { host: base.host, path, method, service: 's3', region, signQuery: true, headers },
      { accessKeyId, secretAccessKey },
    );
    return `${base.protocol}//${base.host}${signed.path}`;
  }
}
