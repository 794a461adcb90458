import { Copy } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';

/**
 * Something to copy elsewhere (a screen link into a signage player, a webhook address into a
 * platform): shown read-only beside a Copy button. The toast says it was copied, or shows it to
 * copy by hand where the browser refuses.
 */
export function CopyField({
  value,
  noun,
  ...input
}: {
  value: string;
  /** What it is, in lower case: "link", "address". */
  noun: string;
} & Omit<ComponentProps<typeof Input>, 'value' | 'readOnly'>) {
  const copied = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} copied`;
  return (
    <div className="flex gap-2">
      <Input readOnly value={value} {...input} />
      <Button
        type="button"
        variant="outline"
        onClick={() =>
          void navigator.clipboard
            ?.writeText(value)
            .then(() => toast({ title: copied }))
            .catch(() => toast({ title: `Copy the ${noun} by hand`, description: value }))
        }
      >
        <Copy aria-hidden /> Copy
      </Button>
    </div>
  );
}
