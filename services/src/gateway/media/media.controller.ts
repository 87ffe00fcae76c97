import {
  BadRequestException,
  Controller,
  ForbiddenException,
  Get,
  HttpException,
  Inject,
  NotFoundException,
  Optional,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LIMITS,
  MEDIA_LIMITS,
  MESSAGES,
  mediaPathOf,
  type MediaUploadResponse,
  type SessionUser,
} from '@shop/contracts';
import { Pages, Public, SignedIn } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { TooManyRequests } from '../http/too-many-requests';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { LocalMediaStorage, MediaTooLargeError } from './media-storage';
import { MediaUploadStore } from './media-upload.store';
import { MEDIA_HEAD_BYTES, mediaTypeOf } from './media-type';
import { RunningUploads } from './running-uploads';
import { S3MediaSigner } from './s3-media-signer';

/** A ticket whose user was deactivated or deleted since it was issued: refused, as their sessions are. */
const OWNER_GONE = 'This upload link is no longer valid: its user is inactive or deleted';

const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{2,5})?$/;
const isAllowedType = (type: string | undefined) =>
  !!type && /^(image|video)\/[\w.+-]+$/i.test(type.split(';')[0]!.trim());

const ONLY_MEDIA = 'Only image/* and video/* files are allowed';
const TOO_LARGE = 'Files must be at most 50MB';
const SIZE_REQUIRED = `size must be the file's length in bytes, from 1 to ${MEDIA_LIMITS.maxFileBytes}`;

/** The spec's POST has no body; a browser may say which file it is about to send, and we check it early. */
const uploadRequest = z
  .object({
    filename: z.string().max(255).optional(),
    contentType: z.string().max(255).optional(),
    size: z.number({ error: SIZE_REQUIRED }).int({ error: SIZE_REQUIRED }).min(0, { error: SIZE_REQUIRED }).optional(),
  })
  .partial();

function readLeniently(body: unknown): z.infer<typeof uploadRequest> {
  const parsed = uploadRequest.safeParse(body ?? {});
  return parsed.success ? parsed.data : {};
}

/**
 * What a presigned PUT is signed for: S3 checks the request against the signed Content-Type and
 * Content-Length, so the bucket refuses any other type or length (a local PUT is checked as it comes
 * in instead). Both must therefore be declared.
 */
function s3UploadOf(file: z.infer<typeof uploadRequest>): { contentType: string; size: number } {
  if (file.contentType === undefined) throw new HttpException({ message: ONLY_MEDIA }, 400);
  if (file.size === undefined) throw new HttpException({ message: SIZE_REQUIRED }, 400);
  if (file.size === 0) throw new BadRequestException('The file is empty');
  return { contentType: file.contentType, size: file.size };
}

@Controller()
export class MediaController {
  constructor(
    private readonly uploads: MediaUploadStore,
    private readonly storage: LocalMediaStorage,
    /** null unless S3 settings are given. */
    @Optional() @Inject(S3MediaSigner) private readonly s3: S3MediaSigner | null,
  ) {}

  private readonly running = new RunningUploads(LIMITS.maxUploadsRunningPerUser);

  @Post('api/product-media/upload')
  @Pages('products', 'inventory')
  async issue(@Req() request: FastifyRequest, @CurrentUser() user: SessionUser): Promise<MediaUploadResponse> {
    // Without S3 an unreadable description is ignored (the PUT is checked as it comes in); with S3
    // the URL is signed for what it says, so it must be read.
    const file = this.s3 ? new ZodBodyPipe(uploadRequest).transform(request.body ?? {}) : readLeniently(request.body);
    if (file.contentType !== undefined && !isAllowedType(file.contentType))
      throw new HttpException({ message: ONLY_MEDIA }, 400);
    if (file.size !== undefined && file.size > MEDIA_LIMITS.maxFileBytes)
      throw new HttpException({ message: TOO_LARGE }, 400);
    // The bucket takes the PUT without asking us: its URL is signed for this type and exact length.
    const s3File = this.s3 ? s3UploadOf(file) : null;
    const ticket = await this.uploads.issue(user.id, file.filename, LIMITS.maxOpenUploadTicketsPerUser);
    if ('refused' in ticket) throw new TooManyRequests(MESSAGES.tooManyOpenUploads, ticket.retryAfterSeconds);
    await this.sweepOrphans();
    if (this.s3 && s3File) {
      // The ticket row still records the file, so GET knows its type and who asked for it; the
      // user's bytes on no product are counted as for a local upload.
      const completed = await this.uploads.complete(ticket.fileName, ticket.token, s3File.contentType, s3File.size, {
        maxUnattachedBytes: LIMITS.maxUnattachedUploadBytesPerUser,
      });
      if (completed === 'no-room') throw new HttpException({ message: MESSAGES.tooManyUnattachedUploads }, 429);
      return { uploadURL: this.s3.uploadUrl(ticket.fileName, s3File) };
    }
    const path = `${mediaPathOf(ticket.fileName)}?token=${ticket.token}`;
    // An HTTP/1.0 request may have no Host: then a relative URL, which the browser resolves against the page.
    const host = request.headers.host;
    return { uploadURL: host ? `${request.protocol}://${host}${path}` : path };
  }

  /**
   * Each upload URL issued removes a few files whose ticket expired a day ago and that no product holds:
   * every issue adds at most one, so the sweep keeps up. With S3 only the tickets go (the bucket keeps
   * its objects: a lifecycle rule on the bucket is the place to expire them).
   */
  private async sweepOrphans(): Promise<void> {
    try {
      const cutoff = new Date(Date.now() - LIMITS.unattachedUploadKeepHours * 3_600_000);
      const files = await this.uploads.sweep(cutoff, LIMITS.orphanUploadsSweptPerIssue);
      if (!this.s3) await Promise.all(files.map((file) => this.storage.remove(file)));
    } catch {
      // Housekeeping: a failed sweep (a products table not made yet by an external projector) waits for the next issue.
    }
  }

  /** The browser's direct PUT: authorised by the ticket in the URL, not by the session. */
  @Put('product-media/uploads/:fileName')
  @Public()
  async upload(
    @Param('fileName') fileName: string,
    // A token given twice arrives as an array: no ticket is that.
    @Query('token') token: unknown,
    @Req() request: FastifyRequest,
  ): Promise<{ path: string }> {
    if (!FILE_NAME.test(fileName) || typeof token !== 'string' || !token)
      throw new UnauthorizedException('Authorization required');
    const { status, owner } = await this.uploads.check(fileName, token);
    if (status === 'unknown') throw new UnauthorizedException('Authorization required');
    if (status === 'expired') throw new ForbiddenException('Request has expired');
    if (status === 'used') throw new HttpException({ message: 'This upload link has already been used' }, 409);
    if (status === 'owner-gone') throw new ForbiddenException(OWNER_GONE);
    const contentType = request.headers['content-type'];
    if (!isAllowedType(contentType)) throw new HttpException({ message: ONLY_MEDIA }, 415);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MEDIA_LIMITS.maxFileBytes) throw new HttpException({ message: TOO_LARGE }, 413);
    // Checked again once the file is in (a body need not declare its length).
    if (
      declared > 0 &&
      (await this.uploads.unattachedBytesOf(owner!)) + declared > LIMITS.maxUnattachedUploadBytesPerUser
    )
      throw new HttpException({ message: MESSAGES.tooManyUnattachedUploads }, 429);
    if (!this.running.enter(owner!)) throw new TooManyRequests(MESSAGES.tooManyRunningUploads, 1);
    try {
      return await this.receive(fileName, token, contentType!, request);
    } finally {
      this.running.leave(owner!);
    }
  }

  /** Streams the body to a temporary file, spends the ticket and publishes the file. */
  private async receive(
    fileName: string,
    token: string,
    contentType: string,
    request: FastifyRequest,
  ): Promise<{ path: string }> {
    let saved: { temporary: string; size: number };
    try {
      saved = await this.storage.save(fileName, request.raw);
    } catch (error) {
      if (error instanceof MediaTooLargeError) throw new HttpException({ message: TOO_LARGE }, 413);
      throw error;
    }
    if (saved.size === 0) {
      // Nothing to show: refused, and the ticket stays unused so the browser may send the file again.
      await this.storage.discard(saved.temporary);
      throw new BadRequestException('The file is empty');
    }
    const completed = await this.uploads.complete(fileName, token, contentType, saved.size, {
      ownerMustBeActive: true,
      maxUnattachedBytes: LIMITS.maxUnattachedUploadBytesPerUser,
    });
    if (completed !== 'ok') {
      await this.storage.discard(saved.temporary);
      if (completed === 'no-room') throw new HttpException({ message: MESSAGES.tooManyUnattachedUploads }, 429);
      // Spent by another PUT meanwhile, or its user deactivated or deleted while the file came in.
      if ((await this.uploads.check(fileName, token)).status === 'owner-gone') throw new ForbiddenException(OWNER_GONE);
      throw new HttpException({ message: 'This upload link has already been used' }, 409);
    }
    await this.storage.publish(saved.temporary, fileName);
    return { path: mediaPathOf(fileName) };
  }

  @Get('product-media/uploads/:fileName')
  @SignedIn()
  async download(@Param('fileName') fileName: string, @Res() reply: FastifyReply): Promise<void> {
    if (this.s3) {
      if (!FILE_NAME.test(fileName)) throw new NotFoundException('File not found');
      void reply.redirect(this.s3.downloadUrl(fileName), 302);
      return;
    }
    const contentType = FILE_NAME.test(fileName) ? await this.servedType(fileName) : null;
    const file = contentType ? await this.storage.open(fileName) : null;
    if (!contentType || !file) throw new NotFoundException('File not found');
    // Uploaded bytes are served as inert media: no sniffing, no scripts even if a file lies about its type.
    void reply
      .headers({
        'Content-Type': contentType,
        'Content-Length': String(file.size),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, max-age=86400',
      })
      .send(file.stream);
  }

  /**
   * The type its ticket recorded; with no ticket (a restored app: tickets are not in the backup), a file
   * that a product names is served with the type its bytes show. null: not served.
   */
  private async servedType(fileName: string): Promise<string | null> {
    const recorded = await this.uploads.contentType(fileName);
    if (recorded) return recorded;
    if (!(await this.uploads.onProduct(fileName))) return null;
    const head = await this.storage.head(fileName, MEDIA_HEAD_BYTES).catch(() => null);
    return head ? mediaTypeOf(fileName, head) : null;
  }
}
