import { useState } from 'react';
import { ImageOff, Package, Video } from 'lucide-react';
import { isVideoPath } from '@shop/contracts';
import { cn } from '@/utils/cn';

type MediaThumbnailProps = {
  /** A stored media path (/product-media/uploads/{file}); none shows the product placeholder. */
  path: string | undefined;
  /** Describes the image for screen readers, e.g. the product name. */
  alt: string;
  className?: string;
};

/**
 * One product media item, everywhere it is shown: an image, a 'Video' placeholder for video paths
 * (mp4, webm, ogg, mov), or a fallback icon when there is no media or the image fails to load.
 */
export function MediaThumbnail({ path, alt, className }: MediaThumbnailProps) {
  // Remember which path failed, so a new path gets its own chance to load.
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const frame = cn(
    'flex items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-500',
    className ?? 'h-16 w-16',
  );

  if (!path) {
    return (
      <div data-testid="media-thumbnail" data-kind="none" className={frame} role="img" aria-label={`${alt}: no image`}>
        <Package className="h-1/3 max-h-8 w-1/3 max-w-8" aria-hidden="true" />
      </div>
    );
  }

  if (isVideoPath(path)) {
    return (
      <div
        data-testid="media-thumbnail"
        data-kind="video"
        data-path={path}
        className={cn(frame, 'flex-col gap-1 bg-slate-800 text-slate-100')}
        role="img"
        aria-label={`${alt}: video`}
      >
        <Video className="h-5 w-5" aria-hidden="true" />
        <span className="text-xs font-medium">Video</span>
      </div>
    );
  }

  if (failedPath === path) {
    return (
      <div
        data-testid="media-thumbnail"
        data-kind="fallback"
        data-path={path}
        className={frame}
        role="img"
        aria-label={`${alt}: image unavailable`}
      >
        <ImageOff className="h-1/3 max-h-8 w-1/3 max-w-8" aria-hidden="true" />
      </div>
    );
  }

  return (
    <div data-testid="media-thumbnail" data-kind="image" data-path={path} className={frame}>
      <img
        src={path}
        alt={alt}
        loading="lazy"
        decoding="async"
        className="h-full w-full object-cover"
        onError={() => setFailedPath(path)}
      />
    </div>
  );
}
