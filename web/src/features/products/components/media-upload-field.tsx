import { useRef, useState, type DragEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { MEDIA_LIMITS } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/utils/cn';
import type { PendingUpload } from '../hooks/use-media-uploader';

type MediaUploadFieldProps = {
  /** Stored media paths already uploaded for this product. */
  value: readonly string[];
  pending: readonly PendingUpload[];
  problems: readonly string[];
  onFiles: (files: File[]) => void;
  onRemove: (path: string) => void;
  disabled?: boolean;
};

const maxMb = Math.round(MEDIA_LIMITS.maxFileBytes / 1024 / 1024);

/** Pick or drop images and videos; shows what is uploaded (with remove) and what is on its way. */
export function MediaUploadField({ value, pending, problems, onFiles, onRemove, disabled }: MediaUploadFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const full = value.length + pending.length >= MEDIA_LIMITS.maxFiles;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      data-testid="media-upload-slot"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'space-y-3 rounded-lg border border-dashed bg-slate-50 p-4 transition-colors',
        dragging ? 'border-rose-400 bg-rose-50/50' : 'border-slate-300',
      )}
    >
      <div className="flex flex-col items-center gap-2 text-center sm:flex-row sm:text-left">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white text-slate-500 ring-1 ring-slate-200">
          <ImagePlus className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="flex-1">
          <p className="text-sm font-medium text-slate-700">Product images and videos</p>
          <p id="media-upload-hint" className="text-xs text-slate-500">
            Supported formats: JPG, PNG, GIF, MP4, WebM and MOV
          </p>
          <p className="text-xs text-slate-500" data-testid="media-upload-count">
            Up to {MEDIA_LIMITS.maxFiles} files, {maxMb}MB each · {value.length} of {MEDIA_LIMITS.maxFiles} uploaded
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || full}
          onClick={() => inputRef.current?.click()}
          aria-describedby="media-upload-hint"
          data-testid="media-upload-button"
        >
          Upload Media
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={MEDIA_LIMITS.allowedTypes.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose product images or videos"
          data-testid="media-upload-input"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>

      {(value.length > 0 || pending.length > 0) && (
        <ul className="flex flex-wrap gap-3" aria-label="Uploaded media" data-testid="media-upload-list">
          {value.map((path, index) => (
            <li key={path} className="relative" data-testid="uploaded-media" data-path={path}>
              <MediaThumbnail path={path} alt={`Product media ${index + 1}`} className="h-20 w-20" />
              <button
                type="button"
                onClick={() => onRemove(path)}
                disabled={disabled}
                aria-label={`Remove media ${index + 1}`}
                data-testid="remove-media"
                className="absolute -top-2 -right-2 flex h-6 w-6 cursor-pointer items-center justify-center rounded-full bg-slate-900 text-white shadow ring-2 ring-white hover:bg-red-600 focus-visible:ring-rose-400 focus-visible:outline-none disabled:opacity-60"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
          {pending.map((upload) => (
            <li
              key={upload.id}
              data-testid="pending-media"
              className="flex h-20 w-20 flex-col items-center justify-center gap-1 rounded-lg bg-white text-xs text-slate-500 ring-1 ring-slate-200"
              aria-label={`Uploading ${upload.name}, ${upload.progress}%`}
            >
              <Spinner />
              {upload.progress}%
            </li>
          ))}
        </ul>
      )}

      {problems.length > 0 && (
        <ul role="alert" className="space-y-0.5 text-sm text-red-600" data-testid="media-upload-errors">
          {problems.map((problem, index) => (
            <li key={`${index}-${problem}`}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
