import { ImageUp, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { checkLogoFile } from '@shared/settings/check-logo-file';

/**
 * Choose (images only, at most 2 MB) or remove the header logo. Where it is kept is the board's
 * business: the company's server for the signed-in board, this browser for the Live Preview.
 */
export function LogoField({
  logoUrl,
  disabled,
  onChange,
}: {
  logoUrl: string | undefined;
  disabled: boolean;
  onChange(file: File | null): void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);

  const readFile = (file: File) => {
    const problem = checkLogoFile(file);
    if (problem) {
      window.alert(problem);
      return;
    }
    onChange(file);
  };

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium leading-none">Logo</p>
      <div className="flex items-center gap-3">
        <div className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {logoUrl ? (
            <img src={logoUrl} alt="Current logo" className="h-full w-full object-contain" />
          ) : (
            <ImageUp className="h-5 w-5 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => fileInput.current?.click()}
          >
            <ImageUp /> {logoUrl ? 'Replace logo' : 'Upload logo'}
          </Button>
          {logoUrl ? (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)}>
              <Trash2 /> Remove
            </Button>
          ) : null}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Logo file"
          disabled={disabled}
          data-testid="settings-logo-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Clear so choosing the same file again still triggers a change.
            event.target.value = '';
            if (file) readFile(file);
          }}
        />
      </div>
      <p className="text-xs text-muted-foreground">PNG, JPG, GIF or WebP, up to 2 MB.</p>
    </div>
  );
}
