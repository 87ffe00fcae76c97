import { ImagePlus } from 'lucide-react';
import { MEDIA_LIMITS } from '@shop/contracts';
import { Button } from '@/components/ui/button';

type MediaUploadFieldProps = { value: string[]; onChange: (paths: string[]) => void; disabled?: boolean };

/**
 * Slot for product media. The direct-to-storage upload (one PUT per file, spec section 7) is not
 * built yet; the form already carries `images` so it can be dropped in here.
 */
export function MediaUploadField({ value, disabled }: MediaUploadFieldProps) {
  const maxMb = Math.round(MEDIA_LIMITS.maxFileBytes / 1024 / 1024);
  return (
    <div data-testid="media-upload-slot" className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4">
      <div className="flex flex-col items-center gap-2 text-center sm:flex-row sm:text-left">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white text-slate-400 ring-1 ring-slate-200">
          <ImagePlus className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="flex-1">
          <p className="text-sm font-medium text-slate-700">Product images and videos</p>
          <p className="text-xs text-slate-500">Supported formats: JPG, PNG, GIF, MP4, WebM and MOV</p>
          <p className="text-xs text-slate-400">
            Up to {MEDIA_LIMITS.maxFiles} files, {maxMb}MB each{value.length > 0 ? ` · ${value.length} attached` : ''}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled
          title="Media upload is not available yet"
          aria-label="Upload media (not available yet)"
        >
          Upload Media
        </Button>
      </div>
      {disabled && <span className="sr-only">Uploading is disabled while saving</span>}
    </div>
  );
}
