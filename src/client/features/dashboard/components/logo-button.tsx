import { checkLogoFile } from '@shared/settings/check-logo-file';
import { ImagePlus } from 'lucide-react';
import { useRef } from 'react';
import { clsx } from 'clsx';
import { HelpTip } from './help-tip';

/** The header logo; clicking it (when editable) picks a new image (images only, at most 2 MB). */
export function LogoButton({
  logoUrl,
  editable,
  onChange,
}: {
  logoUrl: string | undefined;
  editable: boolean;
  onChange: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = checkLogoFile(file);
    if (problem) {
      window.alert(problem);
      return;
    }
    onChange(file);
  };

  return (
    <HelpTip
      text={
        editable
          ? 'Click to upload a new logo (images up to 2 MB)'
          : 'Unlock the dashboard to change the logo'
      }
    >
      <button
        type="button"
        aria-label="Change logo"
        aria-disabled={!editable}
        data-testid="logo-button"
        onClick={() => editable && input.current?.click()}
        className={clsx(
          'flex h-[3.2em] shrink-0 items-center justify-center overflow-hidden rounded-md',
          editable
            ? 'cursor-pointer ring-offset-2 hover:ring-2 hover:ring-white/40'
            : 'cursor-default',
          !logoUrl && 'w-[3.2em] border border-dashed border-current/40',
        )}
      >
        {logoUrl ? (
          <img
            src={logoUrl}
            alt="Company logo"
            className="h-full w-auto max-w-[12em] object-contain"
          />
        ) : (
          <ImagePlus className="h-[1.6em] w-[1.6em] opacity-60" aria-hidden />
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="hidden"
          data-testid="logo-input"
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </button>
    </HelpTip>
  );
}
